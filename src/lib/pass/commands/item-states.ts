/**
 * `pass items trash|restore|delete` as plain functions: an item found in the state each acts on, then one request.
 * Their oclif adapters: src/commands/proton/pass/…; what they send follows the official Pass CLI (protonpass/pass-cli;
 * see service.ts for each route).
 */
import {idSegment} from '../../http/path-segment.ts'
import type {PlannedRequest} from '../../run/dry-run.ts'
import {confirmWhat} from '../../run/per-id.ts'
import {printData} from '../../run/printer.ts'
import {plainCommand} from '../../run/plain-command.ts'
import {itemType} from '../fields.ts'
import {findItem, type StateFilter} from '../find.ts'
import {type OpenedItem, PassSession} from '../service.ts'
import {itemSummary, quoted} from '../views.ts'
import {write} from '../writes.ts'

/** trash, restore and delete: the item found in `states`, then one request naming {ItemID, Revision}. */
function itemStateCommand(states: StateFilter, verb: string, request: (opened: OpenedItem) => PlannedRequest, confirm?: (opened: OpenedItem) => string, gone = false) {
  return plainCommand({
    options: (line) => ({dryRun: line.boolean('dry-run'), item: line.arg('item'), vault: line.optionalString('vault'), yes: line.boolean('yes')}),
    async run(invocation, {dryRun, item, vault, yes}) {
      const pass = new PassSession(invocation)
      const opened = await findItem(pass, item, vault, states)
      if (confirm && !dryRun) await confirmWhat(confirm(opened), 'nothing', yes)
      if (!(await write(pass, request(opened), dryRun))) return
      await pass.keepNames(gone ? (names) => names.dropItem(opened.vault.shareId, opened.itemId) : undefined)
      await printData(invocation, {Item: itemSummary(opened)}, () => opened.itemId)
      invocation.note(`${verb} ${quoted(opened.item.metadata?.name ?? '')} (vault ${quoted(opened.vault.content.name)}).`)
    },
  })
}

const named = (opened: OpenedItem) => ({Items: [{ItemID: opened.itemId, Revision: opened.revision.Revision}]})

export const passItemsTrash = itemStateCommand('active', 'Moved to the trash:', (opened) => ({
  body: named(opened),
  method: 'POST',
  path: `/pass/v1/share/${idSegment(opened.vault.shareId)}/item/trash`,
}))

export const passItemsRestore = itemStateCommand('trashed', 'Restored', (opened) => ({body: named(opened), method: 'POST', path: `/pass/v1/share/${idSegment(opened.vault.shareId)}/item/untrash`}))

// pass-cli item/delete.rs: SkipTrash, so that an active item goes at once as a trashed one does.
export const passItemsDelete = itemStateCommand(
  'any',
  'Deleted for good:',
  (opened) => ({body: {...named(opened), SkipTrash: true}, method: 'DELETE', path: `/pass/v1/share/${idSegment(opened.vault.shareId)}/item`}),
  (opened) => `item ${quoted(opened.item.metadata?.name ?? '')} (${itemType(opened.item)}, vault ${quoted(opened.vault.content.name)}) for good`,
  true,
)
