import {Args, Flags} from '@oclif/core'

import {calendarDelete} from '../../../lib/commands/calendar-delete.ts'
import {dryRunFlag} from '../../../lib/runtime/dedicated-command.ts'
import {PlainAdapter} from '../../../lib/runtime/plain-adapter.ts'

export default class CalendarDelete extends PlainAdapter<typeof CalendarDelete> {
  static override summary = 'Delete calendars by ID (DELETE /calendar/v1/<calendar_id>), with their events.'

  static override description = `Asks first when standard input is a terminal; otherwise --yes is needed, and without it nothing is sent (exit 1). Each ID is then deleted in turn. Text output: each deleted ID on stdout, a confirmation on stderr. An error names its ID and the cause, and the others still go; the exit status is then the first failure's (3 for an ID that does not exist). A failure that is not the service's answer (the network, --timeout) stops there and names the IDs not attempted.`

  static override examples = [
    '<%= config.bin %> <%= command.id %> <calendar_id>',
    '<%= config.bin %> <%= command.id %> <calendar_id> <other_calendar_id> --yes',
    '<%= config.bin %> <%= command.id %> <calendar_id> --dry-run',
  ]

  static override strict = false

  static override args = {
    id: Args.string({description: 'Calendar ID; several may follow', required: true}),
  }

  static override flags = {
    'dry-run': dryRunFlag,
    yes: Flags.boolean({char: 'y', summary: 'Delete without asking (needed when standard input is not a terminal).'}),
  }

  static override runs = calendarDelete
}
