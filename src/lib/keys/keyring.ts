/**
 * Unlocking an account's keys and decrypting with them, as go-proton-api
 * does (keyring.go Keys.Unlock, Key.Unlock, getPassphraseFromToken;
 * message_types.go Message.Decrypt): the active user keys with the key
 * passphrase; an address key with its Token, decrypted with the user keys
 * and its Signature verified against them, or, for a legacy key without
 * Token and Signature, with the key passphrase itself. A key that cannot be
 * unlocked is skipped; none at all is an error.
 *
 * OpenPGP.js 6 (`openpgp`, already a dependency for the SRP modulus
 * signature): ProtonMail's own JavaScript OpenPGP library, maintained by
 * them, used by their web clients, and it reads their keys (curve25519 and
 * RSA, v4 and v6). Loaded only by the commands that need it (import() here).
 */
import type {PrivateKey} from 'openpgp'

export interface ApiKey {
  ID?: unknown
  PrivateKey?: unknown
  Token?: unknown
  Signature?: unknown
  Active?: unknown
  Primary?: unknown
}

export type Openpgp = typeof import('openpgp')

let loaded: Promise<Openpgp> | undefined
export function openpgp(): Promise<Openpgp> {
  loaded ??= import('openpgp')
  return loaded
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined)
const active = (key: ApiKey) => key.Active === undefined || key.Active === 1 || key.Active === true

export interface Unlocked {
  keys: PrivateKey[]
  /** Why each key that could not be unlocked was not (by key ID). */
  failures: string[]
}

async function unlockOne(pgp: Openpgp, armored: string, passphrase: string): Promise<PrivateKey> {
  const locked = await pgp.readPrivateKey({armoredKey: armored})
  return pgp.decryptKey({passphrase, privateKey: locked})
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message.replace(/\s+/g, ' ').slice(0, 200) : String(error)
}

/** The active user keys the passphrase opens. */
export async function unlockUserKeys(keys: readonly ApiKey[], passphrase: string): Promise<Unlocked> {
  const pgp = await openpgp()
  const result: Unlocked = {failures: [], keys: []}
  for (const key of keys.filter(active)) {
    const armored = text(key.PrivateKey)
    if (!armored) continue
    try {
      result.keys.push(await unlockOne(pgp, armored, passphrase))
    } catch (error) {
      result.failures.push(`user key ${String(key.ID)}: ${reason(error)}`)
    }
  }

  return result
}

/** An address key's passphrase: its Token, decrypted with the user keys and its detached Signature verified by them. */
async function tokenOf(pgp: Openpgp, key: ApiKey, userKeys: PrivateKey[]): Promise<string> {
  const message = await pgp.readMessage({armoredMessage: String(key.Token)})
  const signature = await pgp.readSignature({armoredSignature: String(key.Signature)})
  const {data} = await pgp.decrypt({decryptionKeys: userKeys, format: 'binary', message})
  const token = Buffer.from(data as Uint8Array)
  const verified = await pgp.verify({message: await pgp.createMessage({binary: token}), signature, verificationKeys: userKeys.map((userKey) => userKey.toPublic())})
  await verified.signatures[0]?.verified
  if (!verified.signatures.length) throw new Error('the token carries no signature')
  return token.toString('utf8')
}

/** The active address keys, each through its Token (signature checked) or, legacy, the key passphrase. */
export async function unlockAddressKeys(keys: readonly ApiKey[], userKeys: PrivateKey[], passphrase: string): Promise<Unlocked> {
  const pgp = await openpgp()
  const result: Unlocked = {failures: [], keys: []}
  for (const key of keys.filter(active)) {
    const armored = text(key.PrivateKey)
    if (!armored) continue
    try {
      const secret = text(key.Token) && text(key.Signature) ? await tokenOf(pgp, key, userKeys) : passphrase
      result.keys.push(await unlockOne(pgp, armored, secret))
    } catch (error) {
      result.failures.push(`address key ${String(key.ID)}: ${reason(error)}`)
    }
  }

  return result
}

export type Verification = 'failed' | 'unsigned' | 'unverified' | 'verified'

export interface Decrypted {
  data: Buffer
  /** verified: signed by a key of the sender's; unverified: no key known to check it; failed: the signature does not hold. */
  verification: Verification
}

/**
 * Decrypt an armored message with the keys; the integrity check (MDC or AEAD)
 * is OpenPGP.js's: nothing is returned unless the whole message checks out.
 */
export async function decryptArmored(armored: string, keys: PrivateKey[], senderKeys: string[] = []): Promise<Decrypted> {
  const pgp = await openpgp()
  const message = await pgp.readMessage({armoredMessage: armored})
  const verificationKeys = await Promise.all(senderKeys.map((armoredKey) => pgp.readKey({armoredKey})))
  const result = await pgp.decrypt({decryptionKeys: keys, format: 'binary', message, ...(verificationKeys.length ? {verificationKeys} : {})})
  const data = Buffer.from(result.data as Uint8Array)
  return {data, verification: await verificationOf(result.signatures, verificationKeys.length > 0)}
}

async function verificationOf(signatures: ReadonlyArray<{verified: Promise<true>}>, haveKeys: boolean): Promise<Verification> {
  if (signatures.length === 0) return 'unsigned'
  if (!haveKeys) return 'unverified'
  const outcomes = await Promise.all(signatures.map(async ({verified}) => verified.then(() => true, () => false)))
  return outcomes.some(Boolean) ? 'verified' : 'failed'
}
