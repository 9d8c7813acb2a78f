import {mailFiltersDelete} from '../../../../lib/mail/commands/filters-delete.ts'
import {dryRunFlag} from '../../../../lib/cli/oclif/dedicated-command.ts'
import {CONFIRM_HELP, idArgs, idExamples, PER_ID_HELP, yesFlag} from '../../../../lib/cli/oclif/per-id-args.ts'
import {PlainAdapter} from '../../../../lib/cli/oclif/plain-adapter.ts'

export default class MailFiltersDelete extends PlainAdapter<typeof MailFiltersDelete> {
  static override summary = 'Delete mail filters by ID (DELETE /mail/v4/filters/<filter_id>).'
  static override description = `${CONFIRM_HELP} ${PER_ID_HELP}`
  static override examples = idExamples('filter_id', ' --yes')
  static override strict = false
  static override args = idArgs('Filter')
  static override flags = {'dry-run': dryRunFlag, yes: yesFlag}
  static override runs = mailFiltersDelete
}
