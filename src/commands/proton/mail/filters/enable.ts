import {mailFiltersEnable} from '../../../../lib/mail/commands/filters-toggle.ts'
import {dryRunFlag} from '../../../../lib/cli/oclif/dedicated-command.ts'
import {idArgs, idExamples, PER_ID_HELP} from '../../../../lib/cli/oclif/per-id-args.ts'
import {PlainAdapter} from '../../../../lib/cli/oclif/plain-adapter.ts'

export default class MailFiltersEnable extends PlainAdapter<typeof MailFiltersEnable> {
  static override summary = 'Enable mail filters by ID (PUT /mail/v4/filters/<filter_id>/enable).'
  static override description = `${PER_ID_HELP} Sent as the web client's enableFilter sends it (no body).`
  static override examples = idExamples('filter_id')
  static override strict = false
  static override args = idArgs('Filter')
  static override flags = {'dry-run': dryRunFlag}
  static override runs = mailFiltersEnable
}
