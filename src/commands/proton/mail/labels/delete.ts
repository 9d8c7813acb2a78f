import {mailLabelsDelete} from '../../../../lib/commands/mail-labels-delete.ts'
import {dryRunFlag} from '../../../../lib/runtime/dedicated-command.ts'
import {idArgs, idExamples, PER_ID_HELP} from '../../../../lib/runtime/per-id-args.ts'
import {PlainAdapter} from '../../../../lib/runtime/plain-adapter.ts'

export default class MailLabelsDelete extends PlainAdapter<typeof MailLabelsDelete> {
  static override summary = 'Delete labels or folders by ID (DELETE /core/v4/labels/<label_id>).'
  static override description = `${PER_ID_HELP} Deleting a folder deletes the folders under it.`
  static override examples = idExamples('label_id')
  static override strict = false
  static override args = idArgs('Label or folder')
  static override flags = {'dry-run': dryRunFlag}
  static override runs = mailLabelsDelete
}
