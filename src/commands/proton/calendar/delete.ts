import {Args} from '@oclif/core'

import {calendarDelete} from '../../../lib/calendar/commands/delete.ts'
import {dryRunFlag} from '../../../lib/cli/oclif/dedicated-command.ts'
import {CONFIRM_HELP, idExamples, PER_ID_HELP, yesFlag} from '../../../lib/cli/oclif/per-id-args.ts'
import {PlainAdapter} from '../../../lib/cli/oclif/plain-adapter.ts'

export default class CalendarDelete extends PlainAdapter<typeof CalendarDelete> {
  static override summary = 'Delete calendars by ID or name (DELETE /calendar/v1/<calendar_id>), with their events.'
  static override description = `A calendar is named as --calendar names one everywhere: its ID, else its name ignoring case, looked up with GET /calendar/v1 first (a name two calendars share is refused, as is one holding what no ID may, such as "/" or "%": give the ID; a dry run without a session prints what was given). ${CONFIRM_HELP} ${PER_ID_HELP} A failure that is not the service's answer (the network, --timeout) stops there and names the IDs not attempted.`
  static override examples = [...idExamples('calendar_id', ' --yes'), "<%= config.bin %> <%= command.id %> 'Team Days' --yes"]
  static override strict = false
  static override args = {id: Args.string({description: 'Calendar ID or name; several may follow; "-" reads them from standard input, one per line', required: true})}
  static override flags = {'dry-run': dryRunFlag, yes: yesFlag}
  static override runs = calendarDelete
}
