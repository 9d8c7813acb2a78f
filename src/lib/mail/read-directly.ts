/**
 * A message's body opened without OpenPGP.js (issue 45): when the seal holds its address's keys (account's
 * directAccount) and the message is of the kinds crypto/direct reads; undefined otherwise, and for anything short of
 * a certain verdict, and read-message.ts then opens it with OpenPGP.js, which has the last word.
 */
import {directAccount} from '../account/direct-keys.ts'
import {directly, openArmoredMessage} from '../crypto/direct/open.ts'
import type {Invocation} from '../run/invocation.ts'
import type {FetchedMessage, OpenedMessage} from './read-message.ts'

export async function openDirectly(invocation: Invocation, {address, bound, message, published}: FetchedMessage): Promise<OpenedMessage | undefined> {
  const body = message.Body
  if (typeof body !== 'string' || body === '') return undefined
  const account = await directAccount(invocation)
  if (!account) return undefined
  return directly(async () => {
    const senderKeys = await published
    const {data, verification} = openArmoredMessage(body, account.addressKeys(String(address.ID)), senderKeys, bound.bytes)
    account.done('message decrypted')
    return {body: data, message, senderKeys, verification}
  }, account.fellBack('message decrypted'))
}
