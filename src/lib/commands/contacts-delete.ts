/**
 * proton contacts delete ID…: PUT /contacts/v4/contacts/delete {IDs} (WebClients api/contacts.ts deleteContacts;
 * go-proton-api contact.go DeleteContacts), once confirmed (--yes, or asked on a terminal), the IDs at most 150 a
 * request and answered per item as the message actions are (message-batch.ts).
 */
import {CONTACTS} from '../contacts/service.ts'
import {checkId} from '../request/input-checks.ts'
import {wholeId} from '../files/last-listing.ts'
import {confirmDeletion} from '../runtime/per-id.ts'
import {plainCommand} from '../runtime/plain-command.ts'
import {runBatch} from './message-batch.ts'

export interface ContactsDeleteOptions {
  dryRun: boolean
  ids: readonly string[]
  yes: boolean
}

export const contactsDelete = plainCommand<ContactsDeleteOptions>({
  options: (line) => ({dryRun: line.boolean('dry-run'), ids: line.line.argv, yes: line.boolean('yes')}),
  async run(invocation, {dryRun, ids: given, yes}) {
    for (const id of given) checkId(id, 'a contact ID')
    const ids = given.map((id) => wholeId(invocation.context.cacheDir, 'contact', id))
    const action = {noun: 'contact', request: (chunk: string[]) => ({body: {IDs: chunk}, method: 'PUT', path: `${CONTACTS}/delete`}) as const, verb: 'Deleted'}
    if (!dryRun) await confirmDeletion('contact', ids, yes)
    await runBatch(invocation, [...new Set(ids)], action, {dryRun})
  },
})
