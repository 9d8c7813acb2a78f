/**
 * proton mail labels create: a label or folder, its new ID on stdout. POST
 * /core/v4/labels with Name, Color, Type and, for a folder under another,
 * ParentID: go-proton-api label_types.go CreateLabelReq (ParentID left out
 * when empty), WebClients packages/shared/lib/api/labels.ts create.
 */
import {call, showCreated, showDryRun} from '../runtime/dedicated.ts'
import type {PlannedRequest} from '../request/dry-run.ts'
import {usageError} from '../runtime/errors.ts'
import {checkColor, checkId, checkName, type LabelTypeWord, labelTypeValue, parseLabelType} from '../request/input-checks.ts'
import {idOf} from '../output/records.ts'
import {plainCommand} from '../runtime/plain-command.ts'
import {LABELS_PATH} from './mail-labels-list.ts'

export const LABEL_CREATE_TYPES: LabelTypeWord[] = ['label', 'folder']

export interface MailLabelsCreateOptions {
  color: string
  dryRun: boolean
  name: string
  parent?: string
  type: string
}

export const mailLabelsCreate = plainCommand<MailLabelsCreateOptions>({
  options: (line) => ({
    color: line.string('color'),
    dryRun: line.boolean('dry-run'),
    name: line.string('name'),
    parent: line.optionalString('parent'),
    type: line.string('type'),
  }),
  async run(invocation, {color, dryRun, name, parent, type: typeWord}) {
    const type = parseLabelType(typeWord, LABEL_CREATE_TYPES)
    const body: Record<string, unknown> = {Name: checkName(name), Color: checkColor(color), Type: labelTypeValue(type)}
    if (parent !== undefined) {
      if (type !== 'folder') throw usageError('--parent goes with --type folder only (labels do not nest)')
      body.ParentID = checkId(parent, '--parent')
    }

    const request: PlannedRequest = {body, method: 'POST', path: LABELS_PATH}
    if (dryRun) return showDryRun(invocation, [request])
    const answer = await call(invocation, request)
    await showCreated(invocation, answer, (data) => idOf(data, 'Label'), (id) => `Created ${type} "${name}" (${id}).`)
  },
})
