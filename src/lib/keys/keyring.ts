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

/** Each active key unlocked with the passphrase `secretOf` gives it; a key that will not open is a failure line, not an error. */
async function unlockEach(what: string, keys: readonly ApiKey[], secretOf: (pgp: Openpgp, key: ApiKey) => Promise<string> | string): Promise<Unlocked> {
  const pgp = await openpgp()
  const result: Unlocked = {failures: [], keys: []}
  for (const key of keys.filter(active)) {
    const armored = text(key.PrivateKey)
    if (!armored) continue
    try {
      result.keys.push(await unlockOne(pgp, armored, await secretOf(pgp, key)))
    } catch (error) {
      result.failures.push(`${what} ${String(key.ID)}: ${reason(error)}`)
    }
  }

  return result
}

/** The active user keys the passphrase opens. */
export async function unlockUserKeys(keys: readonly ApiKey[], passphrase: string): Promise<Unlocked> {
  return unlockEach('user key', keys, () => passphrase)
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
  return unlockEach('address key', keys, (pgp, key) => (text(key.Token) && text(key.Signature) ? tokenOf(pgp, key, userKeys) : passphrase))
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

/** How much of the encrypted attachment OpenPGP.js is handed at a time. */
const CHUNK_BYTES = 64 * 1024

/**
 * An attachment as go-proton-api opens it (message_types.go, attachment.go: the KeyPackets and the data packet
 * joined into one message, decrypted with the address keys), its plaintext handed to `write` as OpenPGP.js
 * releases it. OpenPGP.js holds back the plaintext of a non-AEAD packet until its integrity check (MDC) passed,
 * and ends the stream with an error when it fails: the caller writes to a temporary file and publishes it only
 * once this resolves.
 */
export async function decryptAttachment(keyPackets: Uint8Array, data: Uint8Array, keys: PrivateKey[], write: (chunk: Uint8Array) => Promise<void>): Promise<void> {
  const pgp = await openpgp()
  const parts = [keyPackets, data]
  let part = 0
  let offset = 0
  const binaryMessage = new ReadableStream<Uint8Array>({
    pull(controller) {
      while (part < parts.length && offset >= parts[part].length) {
        part++
        offset = 0
      }

      if (part >= parts.length) {
        controller.close()
        return
      }

      const chunk = parts[part].subarray(offset, offset + CHUNK_BYTES)
      offset += chunk.length
      controller.enqueue(chunk)
    },
  })
  const message = await pgp.readMessage({binaryMessage})
  const {data: plaintext} = await pgp.decrypt({decryptionKeys: keys, format: 'binary', message})
  const reader = (plaintext as ReadableStream<Uint8Array>).getReader()
  for (;;) {
    const {done, value} = await reader.read()
    if (done) return
    await write(value)
  }
}
