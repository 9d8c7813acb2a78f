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
import type {PrivateKey, SecretKeyPacket, SecretSubkeyPacket} from 'openpgp'

import {TimeoutFailure} from '../core/errors.ts'
import {countS2kRuns, streamIteratedS2k} from './iterated-s2k.ts'
import {PushedStream} from './pushed-stream.ts'

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
  // Every S2K of the run hashed as a stream rather than from a 16 MiB buffer, and counted (iterated-s2k.ts).
  loaded ??= import('openpgp').then((pgp) => {
    streamIteratedS2k(pgp)
    countS2kRuns(pgp)
    return pgp
  })
  return loaded
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined)
/** A key record without Active is taken as active (older answers list only active keys). */
export const isActiveKey = (key: ApiKey) => key.Active === undefined || key.Active === 1 || key.Active === true

/** A key list as the service sends it (User.Keys, Addresses[].Keys, Address.Keys): its entries that are objects. */
export interface KeyEntries {
  keys: ApiKey[]
  /** How many entries were not (null, a number, a string…): skipped, for a note. */
  malformed: number
}

export function keyEntries(value: unknown): KeyEntries {
  const entries = Array.isArray(value) ? (value as unknown[]) : []
  const keys = entries.filter((entry): entry is ApiKey => entry !== null && typeof entry === 'object' && !Array.isArray(entry))
  return {keys, malformed: entries.length - keys.length}
}

/** The note for a key list with malformed entries, or undefined when it has none. */
export function malformedNote({malformed}: KeyEntries, where: string): string | undefined {
  if (malformed === 0) return undefined
  return `Note: skipped ${malformed} malformed ${malformed === 1 ? 'entry' : 'entries'} of ${where} (not a key object)`
}

/**
 * Argon2 (the S2K of v6 keys, RFC 9580 3.7.1.4) takes the memory and passes the key says, and OpenPGP.js allows up
 * to 2^30 KiB: a key from the service could ask for gigabytes and seconds. A key asking for more than these is
 * refused before any is spent: 2^18 KiB (256 MiB) is four times what OpenPGP.js makes (2^16, 3 passes), which is
 * RFC 9580's second recommended choice.
 */
export const MAX_ARGON2_MEMORY_EXPONENT = 18
export const MAX_ARGON2_PASSES = 8

/** A key whose Argon2 S2K asks for more than MAX_ARGON2_MEMORY_EXPONENT or MAX_ARGON2_PASSES. */
export class Argon2TooCostly extends Error {}

/** Refuses a packet whose Argon2 S2K is over the bounds (other S2Ks cost at most some 65 MiB of hashing). */
function checkS2k(packet: SecretKeyPacket | SecretSubkeyPacket): void {
  // Not in OpenPGP.js's types, but every secret key packet has it (null when the key is not encrypted).
  const {s2k} = packet as unknown as {s2k: {type?: string; t?: number; encodedM?: number} | null}
  if (s2k?.type !== 'argon2') return
  const {encodedM = 0, t = 0} = s2k
  if (encodedM > MAX_ARGON2_MEMORY_EXPONENT || t > MAX_ARGON2_PASSES) {
    const asked = encodedM >= 20 ? `${2 ** (encodedM - 20)} GiB` : `${2 ** (encodedM - 10)} MiB`
    throw new Argon2TooCostly(`its Argon2 S2K asks for ${asked} of memory and ${t} passes, more than the ${2 ** (MAX_ARGON2_MEMORY_EXPONENT - 10)} MiB and ${MAX_ARGON2_PASSES} passes allowed`)
  }
}

/** OpenPGP.js's own bound, beside checkS2k: it refuses to derive past it (its default is 2^30 KiB). */
const UNLOCK_CONFIG = {maxArgon2MemoryExponent: MAX_ARGON2_MEMORY_EXPONENT}

export interface Unlocked {
  keys: PrivateKey[]
  /** The service's record of each key of `keys`, in the same order (login seals the keys under them). */
  records: ApiKey[]
  /** Why each key that could not be unlocked was not (by key ID). */
  failures: string[]
  /** Every key that could not be unlocked was refused for its Argon2 S2K (none was tried with the passphrase). */
  tooCostly: boolean
}

/** When unlocking must be done (Date.now() milliseconds: --timeout), and the --timeout for the message. */
export interface UnlockDeadline {
  at: number
  timeoutSeconds: number
}

/**
 * Only the key packets that decrypt are unlocked (the encryption subkey, or a primary key that encrypts, as legacy
 * RSA keys do), each checked against its public half as OpenPGP.js's decryptKey checks a whole key: every unlock is
 * an iterated S2K (16 MiB of SHA-256 for a key made as Proton makes them, some 15-20 ms: iterated-s2k.ts), and
 * nothing this tool does signs or certifies. A key without such a packet is unlocked whole.
 */
export async function unlockOne(pgp: Openpgp, armored: string, passphrase: string, whole = false): Promise<PrivateKey> {
  const key = await pgp.readPrivateKey({armoredKey: armored})
  // A key that signs too (calendar events, a calendar's passphrase, drive's node keys): every packet unlocked, in memory only.
  if (whole) {
    for (const packet of key.getKeys().map(({keyPacket}) => keyPacket)) {
      if (packet instanceof pgp.SecretKeyPacket || packet instanceof pgp.SecretSubkeyPacket) checkS2k(packet)
    }

    return pgp.decryptKey({config: UNLOCK_CONFIG, passphrase, privateKey: key})
  }
  // null: any time, as OpenPGP.js picks decryption keys for a message (an old message needs its old subkey).
  const decrypting = await key.getDecryptionKeys(undefined, null).catch(() => [])
  const packets = decrypting
    .map(({keyPacket}) => keyPacket)
    .filter((packet): packet is SecretKeyPacket | SecretSubkeyPacket => packet instanceof pgp.SecretKeyPacket || packet instanceof pgp.SecretSubkeyPacket)
    .filter((packet) => !packet.isDummy())
  if (packets.length === 0) {
    for (const packet of key.getKeys().map(({keyPacket}) => keyPacket)) {
      if (packet instanceof pgp.SecretKeyPacket || packet instanceof pgp.SecretSubkeyPacket) checkS2k(packet)
    }

    return pgp.decryptKey({config: UNLOCK_CONFIG, passphrase, privateKey: key})
  }

  for (const packet of packets) checkS2k(packet)
  for (const packet of packets) {
    await packet.decrypt(passphrase)
    await packet.validate()
  }

  return key
}

/**
 * The packets unlockOne left locked (those that only sign or certify), unlocked now: a key first needed only to
 * decrypt, then to sign (drive's node keys: drive/drive-crypto.ts).
 */
export async function unlockRest(pgp: Openpgp, key: PrivateKey, passphrase: string): Promise<void> {
  const locked = key
    .getKeys()
    .map(({keyPacket}) => keyPacket)
    .filter((packet): packet is SecretKeyPacket | SecretSubkeyPacket => packet instanceof pgp.SecretKeyPacket || packet instanceof pgp.SecretSubkeyPacket)
    .filter((packet) => !packet.isDummy() && !packet.isDecrypted())
  for (const packet of locked) checkS2k(packet)
  for (const packet of locked) {
    await packet.decrypt(passphrase)
    await packet.validate()
  }
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message.replace(/\s+/g, ' ').slice(0, 200) : String(error)
}

/**
 * Each active key unlocked with the passphrase `secretOf` gives it (`whole`: its signing packets too); a key that will
 * not open is a failure line, not an error. Past the deadline no further key is tried: a TimeoutFailure (exit 5).
 */
async function unlockEach(
  what: string,
  keys: readonly ApiKey[],
  secretOf: (pgp: Openpgp, key: ApiKey) => Promise<string> | string,
  {deadline, whole = false}: {deadline?: UnlockDeadline; whole?: boolean} = {},
): Promise<Unlocked> {
  const pgp = await openpgp()
  const result: Unlocked = {failures: [], keys: [], records: [], tooCostly: true}
  for (const key of keys.filter(isActiveKey)) {
    const armored = text(key.PrivateKey)
    if (!armored) continue
    if (deadline && Date.now() >= deadline.at) throw new TimeoutFailure(`gave up unlocking the keys: not done within ${deadline.timeoutSeconds} s (timeout; see --timeout)`)
    try {
      result.keys.push(await unlockOne(pgp, armored, await secretOf(pgp, key), whole))
      result.records.push(key)
    } catch (error) {
      result.failures.push(`${what} ${String(key.ID)}: ${reason(error)}`)
      if (!(error instanceof Argon2TooCostly)) result.tooCostly = false
    }
  }

  if (result.failures.length === 0) result.tooCostly = false
  return result
}

/** The active user keys the passphrase opens. */
export async function unlockUserKeys(keys: readonly ApiKey[], passphrase: string, deadline?: UnlockDeadline): Promise<Unlocked> {
  return unlockEach('user key', keys, () => passphrase, {deadline})
}

/** A user key unlocked whole (every packet, the primary one included): one that signs, as the primary user key signs contact cards. */
export async function unlockSigningKey(key: ApiKey, passphrase: string): Promise<PrivateKey> {
  const pgp = await openpgp()
  const armored = text(key.PrivateKey)
  if (!armored) throw new Error(`user key ${String(key.ID)} has no PrivateKey`)
  // Whole, through unlockOne: the same Argon2 bound as every other unlock (a primary packet asking 1 GiB is refused).
  return unlockOne(pgp, armored, passphrase, true)
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

/** What unlocks an address key: its Token (decrypted, its signature checked), or, legacy, the key passphrase. */
export async function addressKeySecret(pgp: Openpgp, key: ApiKey, userKeys: PrivateKey[], passphrase: string): Promise<string> {
  return text(key.Token) && text(key.Signature) ? tokenOf(pgp, key, userKeys) : passphrase
}

/**
 * The active address keys, each through its Token (signature checked) or, legacy, the key passphrase. `signing`:
 * their signing packets too (a calendar's key setup and its events are signed by the address key), held in memory
 * only, as every unlocked key is. `deadline`: unlocking counts inside --timeout.
 */
export async function unlockAddressKeys(
  keys: readonly ApiKey[],
  userKeys: PrivateKey[],
  passphrase: string,
  {deadline, signing = false}: {deadline?: UnlockDeadline; signing?: boolean} = {},
): Promise<Unlocked> {
  return unlockEach('address key', keys, (pgp, key) => addressKeySecret(pgp, key, userKeys, passphrase), {deadline, whole: signing})
}

export type Verification = 'failed' | 'unsigned' | 'unverified' | 'verified'

/** A decrypted body over the bound it was given (--max-size): it was not inflated further. */
export class PlaintextTooLarge extends Error {
  readonly maxBytes: number
  constructor(maxBytes: number) {
    super(`its decrypted body is over ${maxBytes} bytes`)
    this.maxBytes = maxBytes
  }
}

export interface Decrypted {
  data: Buffer
  /** verified: signed by a key of the sender's; unverified: no key known to check it; failed: the signature does not hold. */
  verification: Verification
}

/**
 * Decrypt an armored message with the keys; the integrity check (MDC or AEAD)
 * is OpenPGP.js's: nothing is returned unless the whole message checks out.
 */
export async function decryptArmored(armored: string, keys: PrivateKey[], senderKeys: string[] = [], maxBytes = Infinity): Promise<Decrypted> {
  const pgp = await openpgp()
  const message = await pgp.readMessage({armoredMessage: armored})
  const verificationKeys = await Promise.all(senderKeys.map((armoredKey) => pgp.readKey({armoredKey})))
  // A compressed packet can inflate a thousandfold (1 MiB of mail, 1 GiB of body): OpenPGP.js stops inflating past maxBytes.
  const config = {maxDecompressedMessageSize: maxBytes}
  let result: Awaited<ReturnType<typeof pgp.decrypt>>
  try {
    result = await pgp.decrypt({config, decryptionKeys: keys, format: 'binary', message, ...(verificationKeys.length ? {verificationKeys} : {})})
  } catch (error) {
    if (error instanceof Error && /Maximum decompressed message size exceeded/.test(error.message)) throw new PlaintextTooLarge(maxBytes)
    throw error
  }

  if ((result.data as Uint8Array).byteLength > maxBytes) throw new PlaintextTooLarge(maxBytes)
  const data = Buffer.from(result.data as Uint8Array)
  return {data, verification: await verificationOf(result.signatures, verificationKeys.length > 0)}
}

async function verificationOf(signatures: ReadonlyArray<{verified: Promise<true>}>, haveKeys: boolean): Promise<Verification> {
  if (signatures.length === 0) return 'unsigned'
  if (!haveKeys) return 'unverified'
  const outcomes = await Promise.all(
    signatures.map(async ({verified}) =>
      verified.then(
        () => true,
        () => false,
      ),
    ),
  )
  return outcomes.some(Boolean) ? 'verified' : 'failed'
}

/** What decryptAttachment checks the plaintext against. */
export interface AttachmentCheck {
  /** The attachment's detached signature as the service lists it (armored), if it carries one. */
  signature?: string
  /** The sender's published keys (armored); none: a signature stays unverified. */
  senderKeys?: string[]
}

/** An attachment being decrypted as its data packet arrives. */
export interface AttachmentDecryption {
  /** The next bytes of the data packet: resolves once OpenPGP.js asks for more (one chunk in flight), rejects once decryption failed. */
  write(chunk: Uint8Array): Promise<void>
  /** The data packet is whole: resolves once all its plaintext went to `output` and the integrity check passed, with the signature's verdict. */
  end(): Promise<Verification>
  /** The data packet will not be whole (the answer failed): stops OpenPGP.js; resolves once it let go. */
  abort(reason: Error): Promise<void>
}

/** The verdict on the attachment's signature, once the whole plaintext was read: every promise awaited (none left to reject unheard). */
async function attachmentVerdict(signatures: ReadonlyArray<{verified: Promise<true>}>, haveKeys: boolean): Promise<Verification> {
  const outcomes = await Promise.all(
    signatures.map(async ({verified}) =>
      verified.then(
        () => true,
        () => false,
      ),
    ),
  )
  if (signatures.length === 0) return 'unsigned'
  if (!haveKeys) return 'unverified'
  return outcomes.some(Boolean) ? 'verified' : 'failed'
}

/**
 * An attachment as go-proton-api opens it (message_types.go, attachment.go: the KeyPackets and the data packet
 * joined into one message, decrypted with the address keys), its detached signature checked over the plaintext
 * against the sender's keys as WebClients does (attachmentLoader.ts: the armored Signature, the sender's keys),
 * all of it streamed: the data packet is written in as it arrives, and its plaintext handed to `output` as
 * OpenPGP.js releases it. That release comes before the integrity check (config.allowUnauthenticatedStream: else
 * OpenPGP.js holds a whole non-AEAD packet in memory until its MDC is checked), so the plaintext is unauthenticated
 * until end() resolves: the caller writes it to a private temporary file and publishes it only then; a failed check
 * (a tampered or cut packet) makes end() reject.
 */
export async function decryptAttachment(keyPackets: Uint8Array, keys: PrivateKey[], output: (chunk: Uint8Array) => Promise<void>, check: AttachmentCheck = {}): Promise<AttachmentDecryption> {
  const pgp = await openpgp()
  // A signature that cannot be read is a signature that fails, not an attachment that cannot be decrypted.
  const signature = check.signature === undefined ? undefined : await pgp.readSignature({armoredSignature: check.signature}).catch(() => null)
  const verificationKeys = await Promise.all((check.senderKeys ?? []).map((armoredKey) => pgp.readKey({armoredKey})))
  // The KeyPackets, then the data packet as it arrives: one stream of packets, as OpenPGP.js reads a message.
  const input = new PushedStream(keyPackets)
  const run = (async (): Promise<Verification> => {
    const message = await pgp.readMessage({binaryMessage: input.stream})
    const result = await pgp.decrypt({
      config: {allowUnauthenticatedStream: true},
      decryptionKeys: keys,
      format: 'binary',
      message,
      ...(signature ? {signature} : {}),
      ...(verificationKeys.length > 0 ? {verificationKeys} : {}),
    })
    // A verdict settles once the data is read; an attempt given up before that must not leave it rejecting unheard.
    for (const {verified} of result.signatures) verified.catch(() => {})
    const reader = (result.data as ReadableStream<Uint8Array>).getReader()
    for (;;) {
      const {done, value} = await reader.read()
      if (done) break
      await output(value)
    }

    if (signature === null) return 'failed'
    return signature ? attachmentVerdict(result.signatures, verificationKeys.length > 0) : 'unsigned'
  })()
  // A failure of OpenPGP.js reaches the writer (the socket's next chunk) too.
  run.catch((error: unknown) => input.fail(error))

  return {
    async abort(reason) {
      input.fail(reason)
      await run.catch(() => {})
    },
    async end() {
      input.close()
      return run
    },
    write: (chunk) => input.write(chunk),
  }
}
