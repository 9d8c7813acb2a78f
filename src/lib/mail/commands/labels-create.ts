/**
 * proton mail labels create: a label or folder, its new ID on stdout. POST
 * /core/v4/labels with Name, Color, Type and, for a folder under another,
 * ParentID: go-proton-api label_types.go CreateLabelReq (ParentID left out
 * when empty), WebClients packages/shared/lib/api/labels.ts create.
 * --parent names a folder by path, name or ID, looked up first: a parent
 * that is not a folder is refused before anything is sent.
 */
import {call, canLookUp} from '../../run/api.ts'
import {showCreated, showDryRun} from '../../run/printer.ts'
import {type LabelLookup, resolveLabel} from './label-lookup.ts'
import type {PlannedRequest} from '../../run/dry-run.ts'
import {usageError} from '../../core/errors.ts'
import {checkColor, checkId, checkName, type LabelTypeWord, labelTypeValue, parseLabelType} from '../../cli/input-checks.ts'
import {idOf} from '../../core/records.ts'
import {plainCommand} from '../../run/plain-command.ts'
import {LABELS_PATH} from './labels-list.ts'

export const LABEL_CREATE_TYPES: LabelTypeWord[] = ['label', 'folder']

/** --parent: one of the account's folders (GET /core/v4/labels?Type=3), by path, name or ID. */
const PARENT_LOOKUP: LabelLookup = {flag: '--parent', nothing: 'folder; see "mail labels list --type folder"', plural: 'folders', types: ['folder']}

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
      checkId(parent, '--parent')
      // The parent must be one of the account's folders (by path, name or ID), checked before anything is sent; a dry run checks it too when it can.
      if (!dryRun || (await canLookUp(invocation))) body.ParentID = (await resolveLabel(invocation, {name: parent}, PARENT_LOOKUP)).id
      else {
        invocation.note('Not checked: that --parent is a folder (not logged in).')
        body.ParentID = parent
      }
    }

    const request: PlannedRequest = {body, method: 'POST', path: LABELS_PATH}
    if (dryRun) return showDryRun(invocation, [request])
    const answer = await call(invocation, request)
    await showCreated(
      invocation,
      answer,
      (data) => idOf(data, 'Label'),
      (id) => `Created ${type} "${name}" (${id}).`,
    )
  },
})
