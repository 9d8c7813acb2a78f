import {Flags} from '@oclif/core'

import {DedicatedCommand} from '../../../../lib/runtime/dedicated-command.ts'
import {LABEL_TYPE_WORDS, type LabelTypeWord, labelTypeValue, parseLabelType} from '../../../../lib/request/input-checks.ts'
import {labelsText} from '../../../../lib/output/views/labels.ts'

const TYPES = Object.keys(LABEL_TYPE_WORDS) as LabelTypeWord[]

export default class MailLabelsList extends DedicatedCommand<typeof MailLabelsList> {
  static override summary = 'List labels, folders and contact groups (GET /mail/v4/labels).'

  static override description = `Text output: ID, name, type (by its LABEL_TYPE name: MESSAGE_LABEL, MESSAGE_FOLDER, CONTACT_GROUP, SYSTEM_FOLDER), colour and parent folder. Without --type, the service decides what it lists.`

  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --type folder',
    "<%= config.bin %> <%= command.id %> --type label --output json | jq -r '.Labels[] | .ID + \" \" + .Name'",
  ]

  static override flags = {
    type: Flags.string({helpValue: TYPES.join('|'), summary: 'Only this type.'}),
  }

  public async run(): Promise<void> {
    const type = this.flags.type === undefined ? undefined : labelTypeValue(parseLabelType(this.flags.type, TYPES))
    const query: Array<[string, string]> = type === undefined ? [] : [['Type', String(type)]]
    const answer = await this.call({method: 'GET', path: '/mail/v4/labels', query})
    await this.show(answer, labelsText)
  }
}
