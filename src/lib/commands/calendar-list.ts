/** proton calendar list (GET /calendar/v1). */
import {calendarsText} from '../output/views/calendars.ts'
import {call, show} from '../runtime/dedicated.ts'
import {plainCommand} from '../runtime/plain-command.ts'

export const calendarList = plainCommand({
  options: () => ({}),
  async run(invocation) {
    await show(invocation, await call(invocation, {method: 'GET', path: '/calendar/v1'}), calendarsText)
  },
})
