/**
 * Each recipient of a send, and how mail to them goes: their keys on the service (GET /core/v4/keys/all,
 * recipientFromKeys), then the keys pinned in the user's contacts (pinnedInCard), then whether mail to them is signed
 * and whether they take plain text. An address this tool cannot write to safely is a refused recipient, with why.
 */
import type {PrivateKey} from 'openpgp'

import {contactRecord, CONTACTS} from '../contacts/service.ts'
import type {Card} from '../contacts/contact-cards.ts'
import {isRecord, listOf} from '../core/records.ts'
import {attempt, call} from '../run/api.ts'
import {CliFailure} from '../core/errors.ts'
import {EXIT} from '../core/exit-status.ts'
import type {Invocation} from '../run/invocation.ts'
import {recipientFromKeys, type Recipient} from './recipients.ts'
import {bodyType, externalKey, type Pinned, pinnedInCard, signedCard, signing, type SigningDefaults, withPins} from './pinned-keys.ts'
import {type Account, ownRecipient, userKeys} from './sender.ts'

/** How many key look-ups are in flight at once. */
const LOOKUPS_AT_ONCE = 4

/**
 * The pins of an address in the user's contacts (send/pinned-keys.ts): the first contact that holds it
 * (GET /contacts/v4/contacts/emails?Email=), unless it says Defaults 1, and that contact's signed card.
 */
async function pinsOf(invocation: Invocation, email: string, keys: () => Promise<PrivateKey[]>): Promise<Pinned | undefined> {
  const emails = listOf((await call(invocation, {method: 'GET', path: `${CONTACTS}/emails`, query: [['Email', email]]})).data, 'ContactEmails')
  const entry = emails.find((item) => typeof item.Email === 'string' && item.Email.toLowerCase() === email.toLowerCase())
  if (!entry || entry.Defaults === 1 || typeof entry.ContactID !== 'string') return undefined
  const contact = await contactRecord(invocation, entry.ContactID)
  const card = signedCard(Array.isArray(contact.Cards) ? (contact.Cards.filter(isRecord) as unknown as Card[]) : [])
  return card && pinnedInCard(email, card, await keys())
}

/**
 * Each recipient's kind (its keys on the service, then its pins in the contacts, then whether mail to it is signed and
 * whether it takes plain text);
 * the account's own addresses are
 * never asked of the service: their keys are the account's (sender.ts ownRecipient). An address the service will not
 * look up is refused with its reason.
 */
export async function lookUp(invocation: Invocation, emails: string[], account: Account, defaults: SigningDefaults): Promise<Recipient[]> {
  const keys = async () => userKeys(invocation)
  const result: Recipient[] = []
  for (let start = 0; start < emails.length; start += LOOKUPS_AT_ONCE) {
    const batch = emails.slice(start, start + LOOKUPS_AT_ONCE)
    result.push(
      ...(await Promise.all(
        batch.map(async (email) => {
          const own = account.own.get(email.toLowerCase())
          if (own) return ownRecipient(invocation, own, email)
          const outcome = await attempt(invocation, {method: 'GET', path: '/core/v4/keys/all', query: [['Email', email]]})
          if (!outcome.ok) {
            if (outcome.failure.exitStatus !== EXIT.USAGE && outcome.failure.exitStatus !== EXIT.NOT_FOUND) throw new CliFailure(`${email}: ${outcome.failure.message}`, outcome.failure.exitStatus)
            return {email, kind: 'refused', reason: outcome.failure.message} satisfies Recipient
          }

          const recipient = recipientFromKeys(email, outcome.answer.data)
          if (recipient.kind === 'refused') return recipient
          const pinned = await pinsOf(invocation, email, keys)
          return externalKey(bodyType(signing(await withPins(recipient, pinned), pinned, defaults), pinned), pinned)
        }),
      )),
    )
  }

  return result
}
