/**
 * Keys and settings the user pinned for an address in their contacts, read as the web client reads them
 * (WebClients packages/shared/lib/api/helpers/getPublicKeysVcardHelper.ts: the first contact that holds the address,
 * none when its ContactEmail says Defaults 1, its signed card (Type 2) verified with the user keys;
 * packages/shared/lib/contacts/keyProperties.ts getKeyInfoFromProperties: KEY, X-PM-ENCRYPT, X-PM-SIGN and
 * X-PM-SCHEME of the EMAIL's group, keys in PREF order), and what they change about a recipient
 * (packages/shared/lib/keys/publicKeys.ts getContactPublicKeyModel, packages/shared/lib/mail/encryptionPreferences.ts
 * extractEncryptionPreferences, as packages/shared/lib/mail/send/getSendPreferences.ts applies it).
 */
import type {PublicKey} from 'openpgp'

import {openCard, type Card, CARD_TYPE} from '../contacts/contact-cards.ts'
import {openpgp} from '../crypto/keyring.ts'
import {readPublicKey} from './send-crypto.ts'
import {paramList, parseOneVcard, type Property, valueText} from '../contacts/vcard.ts'
import type {PgpScheme, Recipient} from './recipients.ts'

export interface Pinned {
  /** The pinned keys that could be read, in PREF order. */
  keys: PublicKey[]
  /** X-PM-ENCRYPT, X-PM-SIGN (absent: undefined), X-PM-SCHEME, X-PM-MIMETYPE. */
  encrypt?: boolean
  sign?: boolean
  scheme?: string
  mimeType?: string
  /** Whether the signed card's signature holds for a user key: if not, nothing in it is trusted and the address is refused. */
  verified: boolean
}

const pref = (property: Property) => Number(paramList(property[1], 'pref')[0] ?? Number.POSITIVE_INFINITY)
const group = (property: Property) => (typeof property[1].group === 'string' ? property[1].group.toLowerCase() : undefined)

/** A KEY's value: a data: URI (vCard 4, as the web client writes it) or the bare base64 (vCard 3, ENCODING=b). */
async function keyOf(value: string): Promise<PublicKey | undefined> {
  const base64 = value.slice(value.indexOf(',') + 1) // no comma: indexOf is -1, the whole value
  const pgp = await openpgp()
  // Not a key (no bytes either): left out.
  return pgp.readKey({binaryKey: Buffer.from(base64, 'base64')}).catch(() => undefined)
}

/** The pins of `email` in a contact's signed card; undefined when the card does not hold the address. */
export async function pinnedInCard(email: string, card: Card, userKeys: Parameters<typeof openCard>[1]): Promise<Pinned | undefined> {
  const opened = await openCard(card, userKeys)
  if (opened.data === undefined) return {keys: [], verified: false}
  let properties: Property[]
  try {
    properties = parseOneVcard(opened.data)
  } catch {
    return {keys: [], verified: false}
  }

  const address = properties.find(([name, , , value]) => name === 'email' && String(value).trim().toLowerCase() === email.toLowerCase())
  if (!address) return undefined
  const own = properties.filter((property) => group(property) !== undefined && group(property) === group(address))
  const flag = (name: string) => {
    const found = own.find(([field]) => field === name)
    return found === undefined || valueText(found) === '' ? undefined : valueText(found).toLowerCase() === 'true'
  }

  const keyProperties = own.filter(([name]) => name === 'key').sort((a, b) => pref(a) - pref(b))
  const keys = (await Promise.all(keyProperties.map((property) => keyOf(valueText(property))))).filter((key): key is PublicKey => key !== undefined)
  const text = (name: string) => {
    const found = own.find(([field]) => field === name)
    return found ? valueText(found) : undefined
  }
  return {encrypt: flag('x-pm-encrypt'), keys, mimeType: text('x-pm-mimetype'), scheme: text('x-pm-scheme'), sign: flag('x-pm-sign'), verified: opened.signature === 'verified'}
}

/** The signed card of a contact's cards (the web client reads its pins there and nowhere else). */
export const signedCard = (cards: readonly Card[]) => cards.find((card) => card.Type === CARD_TYPE.SIGNED)

/**
 * A recipient as the pins make it. A contact whose signature fails: refused. Internal: the pinned key that is one of
 * the service's keys for the address is the one encrypted to (the web client sorts trusted keys first); pins none of
 * which is among them: refused, as the web client refuses ("Trusted keys are not valid for sending"). External
 * without keys of its own: pinned keys that encrypt (X-PM-ENCRYPT absent or true) ask for PGP encryption: external
 * with keys, refused for now; X-PM-SIGN alone asks only for a signature (signing()).
 */
export async function withPins(recipient: Recipient, pinned: Pinned | undefined): Promise<Recipient> {
  if (pinned === undefined || recipient.kind === 'refused') return recipient
  if (!pinned.verified) return {...recipient, kind: 'refused', reason: "the signature of its contact's card does not hold: its pinned keys and settings cannot be trusted"}
  if (recipient.kind === 'internal') {
    if (pinned.keys.length === 0) return recipient
    const fingerprints = new Map(pinned.keys.map((key) => [key.getFingerprint(), key]))
    for (const armored of recipient.candidates ?? []) {
      const match = fingerprints.get((await readPublicKey(armored))?.getFingerprint() ?? '')
      if (match) return {...recipient, pinned: true, publicKey: match.armor()}
    }

    return {...recipient, kind: 'refused', reason: 'the key pinned in its contact is not one of its keys on the service (trusted keys are not valid for sending)'}
  }

  if (recipient.kind === 'external-clear' && pinned.keys.length > 0 && pinned.encrypt !== false) return {...recipient, kind: 'external-keys', pinned: true}
  return recipient
}

/** The account's defaults for mail to external addresses (MailSettings.Sign, MailSettings.PGPScheme). */
export interface SigningDefaults {
  sign: boolean
  scheme: PgpScheme
}

/**
 * Whether a recipient takes plain text: its contact's X-PM-MIMETYPE text/plain (WebClients
 * packages/shared/lib/keys/publicKeys.ts getContactPublicKeyModel: the vCard's mimeType, else AUTOMATIC;
 * mail/encryptionPreferences.ts extractEncryptionPreferences; mail/send/sendPreferences.ts getPGPSchemeAndMimeType:
 * the preference over the message's type, but a plain-text message stays plain, PGP/Inline is plain text, PGP/MIME
 * is MIME; MailSettings.DraftMIMEType is the composer's and no longer counts). An HTML message reaches it in the
 * text/plain package, the HTML made text (buildPackages).
 */
export function bodyType(recipient: Recipient, pinned: Pinned | undefined): Recipient {
  if (recipient.kind === 'refused' || !pinned?.verified) return recipient
  return pinned.mimeType?.trim().toLowerCase() === 'text/plain' ? {...recipient, mimeType: 'text/plain'} : recipient
}

const schemeOf = (text: string | undefined): PgpScheme | undefined => {
  const lower = text?.trim().toLowerCase()
  return lower === 'pgp-inline' || lower === 'pgp-mime' ? lower : undefined
}

/**
 * Whether an external recipient without keys gets signed mail, and how: its contact's X-PM-SIGN and X-PM-SCHEME
 * (from a verified card) over the account's MailSettings.Sign and PGPScheme (WebClients
 * packages/shared/lib/mail/encryptionPreferences.ts extractEncryptionPreferences: sign for an external address
 * without keys is the contact's sign, else the mail settings'; pgpScheme likewise).
 */
export function signing(recipient: Recipient, pinned: Pinned | undefined, defaults: SigningDefaults): Recipient {
  if (recipient.kind !== 'external-clear' && recipient.kind !== 'external-keys') return recipient
  const trusted = pinned?.verified ? pinned : undefined
  const scheme = schemeOf(trusted?.scheme) ?? defaults.scheme
  // Encrypted mail is always signed (encryptionPreferences.ts: sign is forced with encryption).
  return {...recipient, scheme, sign: recipient.kind === 'external-keys' || (trusted?.sign ?? defaults.sign)}
}

/** Key flags (WebClients constants.ts KEY_FLAG): a key without them is compromised, or obsolete. */
const FLAG_NOT_COMPROMISED = 1
const FLAG_NOT_OBSOLETE = 2

const refuse = (recipient: Recipient, reason: string): Recipient => ({...recipient, kind: 'refused', reason})

/**
 * The key an external recipient with keys is encrypted to, chosen as the web client chooses it (WebClients
 * packages/shared/lib/keys/publicKeys.ts sortApiKeys, sortPinnedKeys; mail/encryptionPreferences.ts
 * extractEncryptionPreferencesExternalWithWKDKeys, ...WithoutWKDKeys): published (WKD) keys sorted with the pinned
 * (trusted) ones first, then the rest, obsolete and compromised ones (KEY_FLAG NOT_OBSOLETE, NOT_COMPROMISED
 * missing) last; the first must be neither, and, when the contact pins keys, one of them: else refused
 * (PRIMARY_NOT_PINNED: the published key changed, or the pin is wrong: never sent to either behind the user's
 * back). Without published keys: the first pinned key (PREF order) that can encrypt (sortPinnedKeys puts the others
 * last). The key must be able to encrypt.
 */
export async function externalKey(recipient: Recipient, pinned: Pinned | undefined): Promise<Recipient> {
  if (recipient.kind !== 'external-keys') return recipient
  const trusted = pinned?.verified ? pinned.keys : []
  const canEncrypt = (key: PublicKey) =>
    key.getEncryptionKey().then(
      () => true,
      () => false,
    )
  let chosen: PublicKey | undefined
  if (recipient.published === undefined) {
    for (const key of trusted) if (chosen === undefined && (await canEncrypt(key))) chosen = key
    if (!chosen) return refuse(recipient, 'none of the keys pinned in its contact can encrypt')
  } else {
    const fingerprints = new Set(trusted.map((key) => key.getFingerprint()))
    const read = await Promise.all(recipient.published.map(async ({armored, flags}) => ({flags, key: await readPublicKey(armored)})))
    const rank = ({flags, key}: {flags: number; key?: PublicKey}) =>
      ((flags & FLAG_NOT_COMPROMISED) === 0 ? 4 : 0) + ((flags & FLAG_NOT_OBSOLETE) === 0 ? 2 : 0) + (key && fingerprints.has(key.getFingerprint()) ? 0 : 1)
    const [primary] = read.filter((entry) => entry.key !== undefined).sort((a, b) => rank(a) - rank(b))
    if (!primary?.key) return refuse(recipient, 'none of its published keys can be read')
    if ((primary.flags & FLAG_NOT_COMPROMISED) === 0 || (primary.flags & FLAG_NOT_OBSOLETE) === 0) return refuse(recipient, 'its published keys are all compromised or obsolete')
    if (fingerprints.size > 0 && !fingerprints.has(primary.key.getFingerprint())) {
      return refuse(recipient, 'the key pinned in its contact is not the key it publishes: check which is right, then update the contact')
    }

    chosen = primary.key
    if (fingerprints.size > 0) recipient = {...recipient, pinned: true}
  }

  return (await canEncrypt(chosen)) ? {...recipient, publicKey: chosen.armor()} : refuse(recipient, 'its key cannot encrypt')
}
