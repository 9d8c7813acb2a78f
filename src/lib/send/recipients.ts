/**
 * Who the recipients are, decided as the web client decides it
 * (WebClients packages/shared/lib/api/helpers/getPublicKeysEmailHelperWithKT.ts
 * over getAndVerifyApiKeys.ts, GET /core/v4/keys/all?Email=, api/keys.ts
 * getAllPublicKeys): the address's own keys that may encrypt mail make an
 * internal recipient; failing those, unverified keys of Proton's (Source 0),
 * then catch-all keys, do too; unverified keys from elsewhere (WKD) make an
 * external recipient with keys; no key at all, an external recipient
 * without keys. go-proton-api's fake server (server/keys.go) answers the same
 * question with RecipientType. Keys flagged not for encryption
 * (KEY_FLAG.FLAG_EMAIL_NO_ENCRYPT, 4) never count.
 */
import {isRecord} from '../core/records.ts'

export type RecipientKind = 'external-clear' | 'external-keys' | 'internal' | 'refused'

export interface Recipient {
  email: string
  kind: RecipientKind
  /** The key the session keys are encrypted to (internal: the first mail-capable key, the primary, unless pinned-keys.ts picks a pinned one). */
  publicKey?: string
  /** Internal: every mail-capable key of the address, in the service's order (a pinned key is looked for among them). */
  candidates?: string[]
  /** External with keys from elsewhere (WKD): the mail-capable ones and their flags, in the service's order (pinned-keys.ts chooses). */
  published?: Array<{armored: string; flags: number}>
  /** The key or the PGP settings come from the user's contact (pinned-keys.ts). */
  pinned?: boolean
  /** Why the service refused the address (refused). */
  reason?: string
  /**
   * External without keys: the mail is signed (X-PM-SIGN of its contact, else MailSettings.Sign), as PGP/MIME (a
   * ClearMIME package) or PGP/Inline (the clear package, Signature 1), by X-PM-SCHEME else MailSettings.PGPScheme
   * (WebClients packages/shared/lib/mail/encryptionPreferences.ts extractEncryptionPreferences).
   */
  sign?: boolean
  scheme?: PgpScheme
  /** text/plain: an HTML message reaches it as plain text (pinned-keys.ts bodyType). */
  mimeType?: 'text/plain'
}

export type PgpScheme = 'pgp-inline' | 'pgp-mime'

/** Signed as PGP/MIME: the recipient's package is the MIME one (WebClients sendSubPackages.ts sendPGPMime, SEND_CLEAR_MIME). */
export const signedMime = (recipient: Recipient) => recipient.kind === 'external-clear' && recipient.sign === true && recipient.scheme !== 'pgp-inline'

/** In the MIME package (multipart/mixed): signed as PGP/MIME, or encrypted as PGP/MIME (sendPGPMime, SEND_PGP_MIME). */
export const inMime = (recipient: Recipient) => signedMime(recipient) || (recipient.kind === 'external-keys' && recipient.scheme !== 'pgp-inline')

/** Key flags (WebClients constants.ts KEY_FLAG): this key is not for encrypting mail. */
const FLAG_EMAIL_NO_ENCRYPT = 4
/** Unverified.Keys[].Source: 0 is Proton (WebClients getAndVerifyApiKeys.ts getApiKeySource). */
const SOURCE_PROTON = 0

interface ApiPublicKey {
  PublicKey: string
  Flags: number
  Source?: number
}

function keysOf(value: unknown): ApiPublicKey[] {
  if (!isRecord(value) || !Array.isArray(value.Keys)) return []
  return value.Keys.filter(isRecord)
    .filter((key) => typeof key.PublicKey === 'string')
    .map((key) => ({Flags: typeof key.Flags === 'number' ? key.Flags : 0, PublicKey: key.PublicKey as string, Source: typeof key.Source === 'number' ? key.Source : undefined}))
}

const mailCapable = (keys: ApiPublicKey[]) => keys.filter((key) => (key.Flags & FLAG_EMAIL_NO_ENCRYPT) === 0)

/** The kind of a recipient from the answer of GET /core/v4/keys/all?Email=. */
export function recipientFromKeys(email: string, answer: unknown): Recipient {
  const data = isRecord(answer) ? answer : {}
  const internal = [keysOf(data.Address), keysOf(data.Unverified).filter((key) => key.Source === SOURCE_PROTON), keysOf(data.CatchAll)].map(mailCapable).find((keys) => keys.length > 0)
  // go-proton-api's fake server says RecipientType 1 with its keys under Keys.
  const found = internal ?? (data.RecipientType === 1 && mailCapable(keysOf(data)).length > 0 ? mailCapable(keysOf(data)) : undefined)
  if (found) return {candidates: found.map((key) => key.PublicKey), email, kind: 'internal', publicKey: found[0].PublicKey}
  const published = mailCapable(keysOf(data.Unverified).filter((key) => key.Source !== SOURCE_PROTON))
  if (published.length > 0) return {email, kind: 'external-keys', published: published.map((key) => ({armored: key.PublicKey, flags: key.Flags}))}
  return {email, kind: 'external-clear'}
}

/** How --dry-run and the refusal name a kind. */
export const KIND_TEXT: Readonly<Record<RecipientKind, string>> = {
  'external-clear': 'external, no keys: sent in clear',
  'external-keys': 'external with keys: PGP encrypted',
  internal: 'internal: end-to-end encrypted',
  refused: 'refused',
}

/** How --dry-run names a recipient's kind, a signed one's scheme said. */
const schemeText = (recipient: Recipient) => (recipient.scheme === 'pgp-inline' ? 'PGP/Inline' : 'PGP/MIME')
export const kindText = (recipient: Recipient) =>
  recipient.kind === 'external-clear' && recipient.sign
    ? `external, no keys: sent in clear, signed (${schemeText(recipient)})`
    : recipient.kind === 'external-keys'
      ? `external with keys: encrypted and signed (${schemeText(recipient)})`
      : KIND_TEXT[recipient.kind]
