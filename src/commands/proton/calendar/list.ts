import {DedicatedCommand} from '../../../lib/runtime/dedicated-command.ts'
import {calendarsText} from '../../../lib/output/views/calendars.ts'

export default class CalendarList extends DedicatedCommand<typeof CalendarList> {
  static override summary = 'List calendars (GET /calendar/v1).'

  static override description = `Text output: ID, name, colour, display (HIDDEN or VISIBLE), type (PERSONAL, SUBSCRIPTION, HOLIDAYS), flags and permissions (bit sets: every set bit by name) and the owner's address.`

  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    "<%= config.bin %> <%= command.id %> --output json | jq -r '.Calendars[].ID'",
    '<%= config.bin %> <%= command.id %> --output yaml',
  ]

  public async run(): Promise<void> {
    const answer = await this.call({method: 'GET', path: '/calendar/v1'})
    await this.show(answer, calendarsText)
  }
}
