import {calendarDelete} from '../../../lib/commands/calendar-delete.ts'
import {dryRunFlag} from '../../../lib/runtime/dedicated-command.ts'
import {CONFIRM_HELP, idArgs, idExamples, PER_ID_HELP, yesFlag} from '../../../lib/runtime/per-id-args.ts'
import {PlainAdapter} from '../../../lib/runtime/plain-adapter.ts'

export default class CalendarDelete extends PlainAdapter<typeof CalendarDelete> {
  static override summary = 'Delete calendars by ID (DELETE /calendar/v1/<calendar_id>), with their events.'
  static override description = `${CONFIRM_HELP} ${PER_ID_HELP} A failure that is not the service's answer (the network, --timeout) stops there and names the IDs not attempted.`
  static override examples = idExamples('calendar_id', ' --yes')
  static override strict = false
  static override args = idArgs('Calendar')
  static override flags = {'dry-run': dryRunFlag, yes: yesFlag}
  static override runs = calendarDelete
}
