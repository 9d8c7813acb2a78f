import {Flags} from '@oclif/core'

import {LABEL_LIST_TYPES, mailLabelsList} from '../../../../lib/commands/mail-labels-list.ts'
import {PlainAdapter} from '../../../../lib/runtime/plain-adapter.ts'

export default class MailLabelsList extends PlainAdapter<typeof MailLabelsList> {
  static override summary = 'List labels, folders and contact groups (GET /mail/v4/labels).'

  static override description = `Text output: ID, name, type (by its LABEL_TYPE name: MESSAGE_LABEL, MESSAGE_FOLDER, CONTACT_GROUP, SYSTEM_FOLDER), colour and parent folder. Without --type, the service decides what it lists.`

  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --type folder',
    "<%= config.bin %> <%= command.id %> --type label --output json | jq -r '.Labels[] | .ID + \" \" + .Name'",
  ]

  static override flags = {
    type: Flags.string({helpValue: LABEL_LIST_TYPES.join('|'), summary: 'Only this type.'}),
  }

  static override runs = mailLabelsList
}
