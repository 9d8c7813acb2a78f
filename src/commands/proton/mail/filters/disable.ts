import {mailFiltersDisable} from '../../../../lib/mail/commands/filters-toggle.ts'
import {dryRunFlag} from '../../../../lib/cli/oclif/dedicated-command.ts'
import {idArgs, idExamples, PER_ID_HELP} from '../../../../lib/cli/oclif/per-id-args.ts'
import {PlainAdapter} from '../../../../lib/cli/oclif/plain-adapter.ts'

export default class MailFiltersDisable extends PlainAdapter<typeof MailFiltersDisable> {
  static override summary = 'Disable mail filters by ID (PUT /mail/v4/filters/<filter_id>/disable).'
  static override description = `${PER_ID_HELP} Sent as the web client's disableFilter sends it (no body).`
  static override examples = idExamples('filter_id')
  static override strict = false
  static override args = idArgs('Filter')
  static override flags = {'dry-run': dryRunFlag}
  static override runs = mailFiltersDisable
}
