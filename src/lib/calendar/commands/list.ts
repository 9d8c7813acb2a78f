/** proton calendar list (GET /calendar/v1); the calendars' names kept for completion. */
import {calendarField, calendarsListing} from '../views/calendars.ts'
import {isRecord} from '../../core/records.ts'
import {rememberNames} from '../../completion/value-names.ts'
import {call} from '../../run/api.ts'
import {showListing} from '../../run/printer.ts'
import {plainCommand} from '../../run/plain-command.ts'

export const calendarList = plainCommand({
  options: () => ({}),
  async run(invocation) {
    const answer = await call(invocation, {method: 'GET', path: '/calendar/v1'})
    // Their names, for the completion of --calendar (completion/value-names.ts).
    const calendars = isRecord(answer.data) && Array.isArray(answer.data.Calendars) ? answer.data.Calendars.filter((calendar) => isRecord(calendar)) : []
    rememberNames(
      invocation.context.cacheDir,
      'calendars',
      calendars.map((calendar) => calendarField(calendar, 'Name')),
    )
    await showListing(invocation, answer, calendarsListing)
  },
})
