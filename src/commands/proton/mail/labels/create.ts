import {Flags} from '@oclif/core'

import {LABEL_CREATE_TYPES, mailLabelsCreate} from '../../../../lib/mail/commands/labels-create.ts'
import {PlainAdapter} from '../../../../lib/cli/oclif/plain-adapter.ts'
import {dryRunFlag} from '../../../../lib/cli/oclif/dedicated-command.ts'

export default class MailLabelsCreate extends PlainAdapter<typeof MailLabelsCreate> {
  static override summary = 'Create a label or folder (POST /core/v4/labels) and print its ID.'

  static override description = `Text output: the new label's ID alone on stdout, so ID=$(<%= config.bin %> <%= command.id %> …) works; a confirmation on stderr. --output json prints the service's answer exactly as received.

Checked before anything is sent (exit 1): the name is not empty, the colour is #RRGGBB, the type is label or folder, and --parent goes with --type folder only. The service answers a name already taken with exit 4.`

  static override examples = [
    "<%= config.bin %> <%= command.id %> --name Receipts --color '#8080FF'",
    "<%= config.bin %> <%= command.id %> --name 2024 --color '#54473F' --type folder --parent Invoices",
    "ID=$(<%= config.bin %> <%= command.id %> --name Travel --color '#179FD9')",
    "<%= config.bin %> <%= command.id %> --name Receipts --color '#8080FF' --dry-run",
  ]

  static override flags = {
    color: Flags.string({helpValue: '#RRGGBB', required: true, summary: 'Colour, # and six hex digits.'}),
    'dry-run': dryRunFlag,
    name: Flags.string({required: true, summary: 'Name of the label or folder.'}),
    parent: Flags.string({helpValue: 'FOLDER', summary: 'Parent folder: a path, name or ID (folders only; checked to be a folder before anything is sent).'}),
    type: Flags.string({default: 'label', helpValue: LABEL_CREATE_TYPES.join('|'), summary: 'Label or folder.'}),
  }

  static override runs = mailLabelsCreate
}
