import {Flags} from '@oclif/core'

import {dryRunFlag, DedicatedCommand} from '../../../../lib/runtime/dedicated-command.ts'
import type {PlannedRequest} from '../../../../lib/request/dry-run.ts'
import {usageError} from '../../../../lib/runtime/errors.ts'
import {checkColor, checkId, checkName, type LabelTypeWord, labelTypeValue, parseLabelType} from '../../../../lib/request/input-checks.ts'
import {idOf} from '../../../../lib/output/records.ts'

const TYPES: LabelTypeWord[] = ['label', 'folder']

export default class MailLabelsCreate extends DedicatedCommand<typeof MailLabelsCreate> {
  static override summary = 'Create a label or folder (POST /mail/v4/labels) and print its ID.'

  static override description = `Text output: the new label's ID alone on stdout, so ID=$(<%= config.bin %> <%= command.id %> …) works; a confirmation on stderr. --output json prints the service's answer exactly as received.

Checked before anything is sent (exit 1): the name is not empty, the colour is #RRGGBB, the type is label or folder, and --parent goes with --type folder only. The service answers a name already taken with exit 4.`

  static override examples = [
    "<%= config.bin %> <%= command.id %> --name Receipts --color '#8080FF'",
    "<%= config.bin %> <%= command.id %> --name 2024 --color '#54473F' --type folder --parent <folder_id>",
    "ID=$(<%= config.bin %> <%= command.id %> --name Travel --color '#179FD9')",
    "<%= config.bin %> <%= command.id %> --name Receipts --color '#8080FF' --dry-run",
  ]

  static override flags = {
    color: Flags.string({helpValue: '#RRGGBB', required: true, summary: 'Colour, # and six hex digits.'}),
    'dry-run': dryRunFlag,
    name: Flags.string({required: true, summary: 'Name of the label or folder.'}),
    parent: Flags.string({helpValue: 'ID', summary: 'Parent folder ID (folders only).'}),
    type: Flags.string({default: 'label', helpValue: TYPES.join('|'), summary: 'Label or folder.'}),
  }

  public async run(): Promise<void> {
    const {color, name, parent} = this.flags
    const type = parseLabelType(this.flags.type, TYPES)
    const body: Record<string, unknown> = {Name: checkName(name), Color: checkColor(color), Type: labelTypeValue(type)}
    if (parent !== undefined) {
      if (type !== 'folder') throw usageError('--parent goes with --type folder only (labels do not nest)')
      body.ParentID = checkId(parent, '--parent')
    }

    const request: PlannedRequest = {body, method: 'POST', path: '/mail/v4/labels'}
    if (this.flags['dry-run']) return this.showDryRun([request])
    const answer = await this.call(request)
    await this.showCreated(answer, (data) => idOf(data, 'Label'), (id) => `Created ${type} "${name}" (${id}).`)
  }
}
