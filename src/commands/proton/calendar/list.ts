import {calendarList} from '../../../lib/calendar/commands/list.ts'
import {LISTING_HELP} from '../../../lib/output/table-style.ts'
import {PlainAdapter} from '../../../lib/cli/oclif/plain-adapter.ts'

export default class CalendarList extends PlainAdapter<typeof CalendarList> {
  static override summary = 'List calendars (GET /calendar/v1).'

  static override description = `Text output: ID, name, colour, display (HIDDEN or VISIBLE), type (PERSONAL, SUBSCRIPTION, HOLIDAYS), flags (every set bit by name), permissions (on a terminal the strongest role they give: owner, admin, write, read, free/busy; piped, every set bit by name) and the address. The service answers a calendar as {ID, Type, Owner, Members}: name, colour, display, flags and permissions are read from its first member (your own). A calendar whose flags include INCOMPLETE_SETUP has no keys yet (one made by the API alone, without POST /calendar/v1/<id>/keys) and cannot hold events until its keys are set up; "calendar create" sets them up.

${LISTING_HELP}`

  static override examples = ['<%= config.bin %> <%= command.id %>', "<%= config.bin %> <%= command.id %> --output json | jq -r '.Calendars[].ID'", '<%= config.bin %> <%= command.id %> --output yaml']

  static override runs = calendarList
}
