import {Flags} from '@oclif/core'

import {LISTING_HELP} from '../../../../lib/output/table-style.ts'
import {LABEL_LIST_TYPES, mailLabelsList} from '../../../../lib/mail/commands/labels-list.ts'
import {PlainAdapter} from '../../../../lib/cli/oclif/plain-adapter.ts'

export default class MailLabelsList extends PlainAdapter<typeof MailLabelsList> {
  static override summary = 'List labels and folders (GET /core/v4/labels), or the labels of one --type.'

  static override description = `Without --type, labels (Type 1) and folders (Type 3), asked for one type at a time as the official clients do (GET /core/v4/labels?Type=1, then ?Type=3), and shown together; --type asks for that type alone (contact-group: 2, system: 4, the service's own folders).

Text output: ID, name (a folder's full path, "Invoices/2024"), type (by its LABEL_TYPE name: MESSAGE_LABEL, MESSAGE_FOLDER, CONTACT_GROUP, SYSTEM_FOLDER), colour and parent folder (by its path). ${LISTING_HELP} --output json prints the answer as received; without --type one document holding both lists, {"Code": 1000, "Labels": [...]}; --output yaml the same.`

  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --type folder',
    '<%= config.bin %> <%= command.id %> --type label --output json | jq -r \'.Labels[] | .ID + " " + .Name\'',
  ]

  static override flags = {
    type: Flags.string({helpValue: LABEL_LIST_TYPES.join('|'), summary: 'Only this type.'}),
  }

  static override runs = mailLabelsList
}
