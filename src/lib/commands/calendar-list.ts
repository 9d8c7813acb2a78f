/** proton calendar list (GET /calendar/v1). */
import {calendarsListing} from '../output/views/calendars.ts'
import {call, showListing} from '../runtime/dedicated.ts'
import {plainCommand} from '../runtime/plain-command.ts'

export const calendarList = plainCommand({
  options: () => ({}),
  async run(invocation) {
    await showListing(invocation, await call(invocation, {method: 'GET', path: '/calendar/v1'}), calendarsListing)
  },
})
