/**
 * The account's unlocked keys kept between runs, sealed: one step on from the key passphrase, which the session file
 * already keeps sealed under the local key the service holds for the session (local-key.ts; WebClients
 * authentication/clientKey.ts, persistedSessionHelper.ts). A read then opens the keys it needs without any S2K.
 *
 * The file, <cacheDir>/keys/<profile>.sealed (0600 in a 0700 directory of this user's, written atomically, read
 * through no symbolic link, without waiting on a named pipe, and only when it is this user's and nobody else's in a
 * directory nobody else may write to: readPrivateFile), is HEADER, then AES-256-GCM's IV
 * (12 bytes), ciphertext and tag (16 bytes). The AES key is derived (HKDF-SHA-256) from the session's ClientKey,
 * which only the service keeps: the file alone opens nothing, and once the session ends on the service (logout)
 * or the local key changes, nothing opens it. The associated data is the header, the session's UID and the user's
 * ID: a file moved to another session or account does not open either. Inside: for each key, the digest of its
 * record as the service lists it (ID, Fingerprint, PrivateKey, Token, Signature) and the key as OpenPGP.js writes
 * it once unlocked (its unlocked packets in clear, inside the seal only). A key whose record changed on the service
 * (rotated, re-encrypted after a password change, a new Token) has another digest: it is derived again, and
 * user and address keys no longer listed are dropped at the next write; other keys sealed the same way (a
 * calendar's, drive's nodes': filed under their armored key and the passphrase that unlocks it) stay while they are
 * used, the least recently used dropped past MAX_OTHER. Whatever cannot be opened is ignored: the keys are
 * derived as if there were no file. A login writes the seal afresh with the keys it unlocked (sealAtLogin).
 */
import {createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes} from 'node:crypto'
import {closeSync, constants, fstatSync, lstatSync, openSync, readFileSync, rmSync} from 'node:fs'
import {dirname, join} from 'node:path'

import type {PrivateKey} from 'openpgp'

import {replaceFile} from '../files/atomic-file.ts'
import {ensurePrivateDirectory} from '../files/private-directory.ts'
import {s2kRuns} from '../crypto/iterated-s2k.ts'
import type {ApiKey, Openpgp} from '../crypto/keyring.ts'
import type {JsonRecord} from '../core/records.ts'
import type {ActiveSession} from '../session/session.ts'

const HEADER = Buffer.from('proton-cli sealed keys v1\n', 'utf8')
const IV_BYTES = 12
const TAG_BYTES = 16
/** A seal larger than this is not read (an account has a handful of keys, a few KiB each). */
const MAX_BYTES = 4 * 1024 * 1024

/** What is sealed for a profile under its session's local key: the unlocked keys, Pass names (pass/sealed-names.ts), events' session keys (calendar/event-keys.ts). */
const SEALED = ['sealed', 'pass-names', 'event-keys'] as const

/** Where a profile's sealed keys (or Pass names) live. */
export function sealPath(cacheDir: string, profile: string, kind: (typeof SEALED)[number] = 'sealed'): string {
  return join(cacheDir, 'keys', `${profile}.${kind}`)
}

/** Removes what is sealed for a profile (logout, a new login); nothing there is nothing to do. */
export function removeSeal(cacheDir: string, profile: string): void {
  for (const kind of SEALED) {
    try {
      rmSync(sealPath(cacheDir, profile, kind), {force: true})
    } catch {
      // A seal that cannot be removed opens nothing without the ended session's local key.
    }
  }
}

/**
 * The keys a login unlocked, sealed for its new session in place of the previous session's seal, so that the first read
 * derives none. Without them, or when the seal cannot be written, the old one is removed: it opens nothing for the new
 * session, and the first read derives the keys and seals them.
 */
export async function sealAtLogin(
  cacheDir: string,
  profile: string,
  uid: string,
  unlocked: {clientKey: Buffer; userId: string; keys: ReadonlyArray<{record: ApiKey; key: PrivateKey}>} | undefined,
): Promise<void> {
  // Whatever the previous session sealed (its keys, its Pass names) opens nothing for the new one.
  removeSeal(cacheDir, profile)
  if (!unlocked) return

  const entries = new Map(unlocked.keys.map(({key, record}) => [entryName(record), key.write()]))
  try {
    ensurePrivateDirectory(join(cacheDir, 'keys'))
    await replaceFile(sealPath(cacheDir, profile), seal(entries, unlocked.clientKey, uid, unlocked.userId), {mode: 0o600})
  } catch {
    removeSeal(cacheDir, profile)
  }
}

/** The digest a key's record is kept under: any change to it on the service is another key. */
export function recordDigest(key: ApiKey & {Fingerprint?: unknown}): string {
  const field = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '')
  return createHash('sha256')
    .update(JSON.stringify([field(key.ID), field(key.Fingerprint), field(key.PrivateKey), field(key.Token), field(key.Signature)]))
    .digest('base64url')
}

/**
 * The name a key is sealed under: `a.` and its record's digest for the account's user and address keys (dropped once
 * the service no longer lists them), `o.` for other keys (a calendar's, drive's nodes'), kept while used, the least
 * recently used dropped past MAX_OTHER.
 */
export function entryName(key: ApiKey, other = false): string {
  return `${other ? 'o' : 'a'}.${recordDigest(key)}`
}

/** Other keys kept at most (a drive node key is some 1.5 KiB sealed: about 1.5 MiB). */
const MAX_OTHER = 1000

/** A sealed file's kind: its header (the start of the file, and of its associated data) and the HKDF info its AES key is derived with. */
export interface SealKind {
  header: Buffer
  info: string
}

const KEYS: SealKind = {header: HEADER, info: 'proton-cli unlocked keys v1'}

const aesKey = (clientKey: Buffer, info: string) => Buffer.from(hkdfSync('sha256', clientKey, Buffer.alloc(0), info, 32))

/** `plain` sealed under a key derived from the session's ClientKey: the header, IV, ciphertext and tag; `context` joins the associated data. */
export function sealBytes(kind: SealKind, plain: Buffer, clientKey: Buffer, context: string): Buffer {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', aesKey(clientKey, kind.info), iv)
  cipher.setAAD(Buffer.concat([kind.header, Buffer.from(context, 'utf8')]))
  return Buffer.concat([kind.header, iv, cipher.update(plain), cipher.final(), cipher.getAuthTag()])
}

/** What sealBytes sealed, or undefined when it does not open with this key and context (another session, a changed byte). */
export function openBytes(kind: SealKind, bytes: Buffer, clientKey: Buffer, context: string): Buffer | undefined {
  if (clientKey.length !== 32 || bytes.length < kind.header.length + IV_BYTES + TAG_BYTES || !bytes.subarray(0, kind.header.length).equals(kind.header)) return undefined
  try {
    const body = bytes.subarray(kind.header.length)
    const decipher = createDecipheriv('aes-256-gcm', aesKey(clientKey, kind.info), body.subarray(0, IV_BYTES))
    decipher.setAAD(Buffer.concat([kind.header, Buffer.from(context, 'utf8')]))
    decipher.setAuthTag(body.subarray(body.length - TAG_BYTES))
    return Buffer.concat([decipher.update(body.subarray(IV_BYTES, body.length - TAG_BYTES)), decipher.final()])
  } catch {
    return undefined
  }
}

/**
 * The sealed bytes of the entries (name -> bytes: a key as written, or what another `kind` keeps), for this session
 * and user.
 */
export function seal(entries: ReadonlyMap<string, Uint8Array>, clientKey: Buffer, uid: string, userId: string, kind = KEYS): Buffer {
  const plain = Buffer.from(JSON.stringify({keys: Object.fromEntries([...entries].map(([digest, key]) => [digest, Buffer.from(key).toString('base64')]))}), 'utf8')
  const sealed = sealBytes(kind, plain, clientKey, `${uid}\n${userId}`)
  plain.fill(0)
  return sealed
}

/** The entries sealed in `bytes`, in their order, or undefined when they do not open with this key, session and user. */
export function unseal(bytes: Buffer, clientKey: Buffer, uid: string, userId: string, kind = KEYS): Map<string, Buffer> | undefined {
  const plain = openBytes(kind, bytes, clientKey, `${uid}\n${userId}`)
  if (!plain) return undefined
  try {
    const parsed = JSON.parse(plain.toString('utf8')) as {keys?: Record<string, unknown>}
    const entries = new Map<string, Buffer>()
    for (const [digest, key] of Object.entries(parsed.keys ?? {})) if (typeof key === 'string') entries.set(digest, Buffer.from(key, 'base64'))
    return entries
  } catch {
    return undefined
  } finally {
    plain.fill(0)
  }
}

/**
 * The file's bytes when it is a regular file of `owner`'s (this user) that nobody else may read or write, in a
 * directory of the owner's that nobody else may write to, reached through no link; else undefined.
 */
export function readPrivateFile(path: string, maxBytes = MAX_BYTES, owner = process.getuid?.()): Buffer | undefined {
  let descriptor: number | undefined
  try {
    const directory = lstatSync(dirname(path))
    if (!directory.isDirectory() || (owner !== undefined && directory.uid !== owner) || (directory.mode & 0o022) !== 0) return undefined
    // O_NOFOLLOW: a symbolic link put in its place is not followed; O_NONBLOCK: a named pipe there does not hold the read forever.
    descriptor = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK)
    const stat = fstatSync(descriptor)
    if (!stat.isFile() || (owner !== undefined && stat.uid !== owner) || (stat.mode & 0o077) !== 0 || stat.size > maxBytes) return undefined
    return readFileSync(descriptor)
  } catch {
    return undefined
  } finally {
    if (descriptor !== undefined) closeSync(descriptor)
  }
}

export interface SealOptions {
  cacheDir: string
  clientKey: Buffer
  /** Where the run's counts go with DEBUG set. */
  debug?: (line: string) => void
  pgp: Openpgp
  records: {user: JsonRecord; addresses: readonly JsonRecord[]}
  session: ActiveSession
}

/** The run's view of the seal: keys read from it, keys unlocked meanwhile kept, written back once something changed. */
export interface KeySeal {
  /** The key unlocked as the seal holds it, when it holds this very record; else undefined (derive it). `other`: not a user or address key. */
  read(key: ApiKey, other?: boolean): Promise<PrivateKey | undefined>
  /** A key this run unlocked (or unlocked further): sealed at the next write. */
  keep(key: ApiKey, unlocked: PrivateKey, other?: boolean): void
  /** Writes the seal when keep() changed it; a failure leaves the keys to be derived next time. */
  write(): Promise<void>
  /** Keys read from the seal and keys derived since the last write (DEBUG prints them there; the tests count S2Ks with them). */
  readonly counts: {sealed: number; derived: number}
}

/** Every key record the service lists now: user keys and every address's. */
function listedDigests({addresses, user}: SealOptions['records']): Set<string> {
  const all = [user, ...addresses].flatMap((record) => (Array.isArray(record.Keys) ? (record.Keys as unknown[]) : []))
  return new Set(all.filter((key): key is ApiKey => key !== null && typeof key === 'object').map((key) => entryName(key)))
}

export function openKeySeal({cacheDir, clientKey, debug = () => {}, pgp, records, session}: SealOptions): KeySeal {
  const path = sealPath(cacheDir, session.profile)
  const userId = String(records.user.ID ?? '')
  const bytes = session.source === 'file' ? readPrivateFile(path) : undefined
  const entries: Map<string, Uint8Array> = (bytes && unseal(bytes, clientKey, session.uid, userId)) ?? new Map()
  let changed = false
  const counts = {derived: 0, sealed: 0}
  /** Entries read or kept in this run. */
  const touched = new Set<string>()
  /** Marks the entry used: an other key moves to the end, the most recently used. */
  const use = (name: string, binary: Uint8Array) => {
    touched.add(name)
    entries.delete(name)
    entries.set(name, binary)
  }

  return {
    counts,
    keep(key, unlocked, other = false) {
      use(entryName(key, other), unlocked.write())
      changed = true
    },
    async read(key, other = false) {
      const name = entryName(key, other)
      const binaryKey = entries.get(name)
      if (!binaryKey) {
        counts.derived++
        return undefined
      }

      try {
        const unlocked = await pgp.readPrivateKey({binaryKey})
        use(name, binaryKey)
        counts.sealed++
        return unlocked
      } catch {
        counts.derived++
        return undefined
      }
    },
    async write() {
      debug(`${counts.sealed} keys opened from the seal, ${counts.derived} derived (${s2kRuns()} S2K runs so far)`)
      counts.sealed = 0
      counts.derived = 0
      if (!changed || session.source !== 'file') return
      changed = false
      const listed = listedDigests(records)
      for (const name of entries.keys()) if (name.startsWith('a.') && !listed.has(name) && !touched.has(name)) entries.delete(name)
      const others = [...entries.keys()].filter((name) => name.startsWith('o.'))
      for (const name of others.slice(0, Math.max(0, others.length - MAX_OTHER))) entries.delete(name)
      try {
        ensurePrivateDirectory(join(cacheDir, 'keys'))
        await replaceFile(path, seal(entries, clientKey, session.uid, userId), {mode: 0o600})
      } catch (error) {
        debug(`not sealed: ${error instanceof Error ? error.message : String(error)}`)
      }
    },
  }
}
