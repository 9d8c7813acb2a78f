import {calendarList} from '../../../lib/commands/calendar-list.ts'
import {PlainAdapter} from '../../../lib/runtime/plain-adapter.ts'

export default class CalendarList extends PlainAdapter<typeof CalendarList> {
  static override summary = 'List calendars (GET /calendar/v1).'

  static override description = `Text output: ID, name, colour, display (HIDDEN or VISIBLE), type (PERSONAL, SUBSCRIPTION, HOLIDAYS), flags and permissions (bit sets: every set bit by name) and the owner's address.`

  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    "<%= config.bin %> <%= command.id %> --output json | jq -r '.Calendars[].ID'",
    '<%= config.bin %> <%= command.id %> --output yaml',
  ]

  static override runs = calendarList
}
