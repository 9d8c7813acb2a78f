/**
 * proton contacts delete ID…: PUT /contacts/v4/contacts/delete {IDs} (WebClients api/contacts.ts deleteContacts;
 * go-proton-api contact.go DeleteContacts), once confirmed (--yes, or asked on a terminal), the IDs at most 150 a
 * request and answered per item as the message actions are (message-batch.ts).
 */
import {CONTACTS} from '../service.ts'
import {checkId} from '../../cli/input-checks.ts'
import {confirmDeletion} from '../../run/per-id.ts'
import {plainCommand} from '../../run/plain-command.ts'
import {idsOf, readIds} from '../../run/given-ids.ts'
import {runBatch} from '../../run/message-batch.ts'

export interface ContactsDeleteOptions {
  dryRun: boolean
  ids: readonly string[]
  yes: boolean
}

export const contactsDelete = plainCommand<ContactsDeleteOptions>({
  options: (line) => ({dryRun: line.boolean('dry-run'), ids: line.line.argv, yes: line.boolean('yes')}),
  async run(invocation, {dryRun, ids: given, yes}) {
    // "-" reads IDs from standard input (it was sent as the ID "-"); a cut one is made whole.
    const ids = await readIds(invocation, given, idsOf('contact', true))
    for (const id of ids) checkId(id, 'a contact ID')
    const action = {noun: 'contact', request: (chunk: string[]) => ({body: {IDs: chunk}, method: 'PUT', path: `${CONTACTS}/delete`}) as const, verb: 'Deleted'}
    if (!dryRun) await confirmDeletion('contact', ids, yes)
    await runBatch(invocation, ids, action, {dryRun})
  },
})
