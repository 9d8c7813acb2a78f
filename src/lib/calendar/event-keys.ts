/**
 * Events' session keys kept between runs, sealed as the account's unlocked keys are (account/key-seal.ts): a listing
 * opens each event's SharedKeyPacket and CalendarKeyPacket with the calendar key, an X25519 agreement and a key
 * unwrap each (some 0.1 ms a packet, two an event), and the same month is listed again and again. Like a drive node's
 * key in the SDK's cryptoCache, a session key is one level below the keys the seal already holds: it opens only the
 * event whose key packet it came from, and is filed under that packet's SHA-256, so a packet the service changes is
 * another entry, opened again.
 *
 * <cacheDir>/keys/<profile>.event-keys: AES-256-GCM under a key derived from the session's ClientKey (only the
 * service keeps it), with the session's UID and the user's ID as associated data; 0600 in a 0700 directory of this
 * user's, replaced atomically, read through no link and only when nobody else may read or write it; removed with the
 * keys' seal (removeSeal: logout, a new login). Anything that does not open is ignored: the packets are opened with
 * the calendar keys as before. The MAX_KEYS used last are kept.
 */
import {createHash} from 'node:crypto'

import {dirname} from 'node:path'

import type {DirectAccount} from '../account/direct-keys.ts'
import {openBytes, readPrivateFile, sealBytes, type SealKind, sealPath} from '../account/key-seal.ts'
import {sessionClientKey, sessionWithKeys} from '../account/keys.ts'
import type {SessionKey} from '../crypto/direct/decrypt.ts'
import {replaceFile} from '../files/atomic-file.ts'
import {ensurePrivateDirectory} from '../files/private-directory.ts'
import type {Invocation} from '../run/invocation.ts'

const KIND: SealKind = {header: Buffer.from('proton-cli sealed event keys v1\n', 'utf8'), info: 'proton-cli event session keys v1'}
/** Session keys kept at most (some 100 bytes each sealed: the file stays near 100 KiB, read at every listing). */
export const MAX_KEYS = 1000
const MAX_BYTES = 1024 * 1024

/** The cipher of a kept key, by its first byte (RFC 4880 9.2). */
const CIPHER_IDS: Record<SessionKey['algorithm'], number> = {aes128: 7, aes192: 8, aes256: 9}
const CIPHERS = new Map(Object.entries(CIPHER_IDS).map(([name, id]) => [id, name as SessionKey['algorithm']]))

/** Whose keys: the seal opens for this session and user only. */
export interface EventKeysOwner {
  cacheDir: string
  profile: string
  uid: string
  userId: string
}

/** A run's view of the sealed session keys: kept ones read, new ones noted, written back once at write(). */
export class EventKeys {
  /** Keys taken from the seal and keys opened with the calendar keys (DEBUG prints them; the tests count them). */
  readonly counts = {opened: 0, sealed: 0}
  private readonly entries: Map<string, Buffer>
  private readonly owner: EventKeysOwner
  private readonly clientKey: Buffer
  private changed = false

  constructor(owner: EventKeysOwner, clientKey: Buffer) {
    this.owner = owner
    this.clientKey = clientKey
    const bytes = readPrivateFile(sealPath(owner.cacheDir, owner.profile, 'event-keys'), MAX_BYTES)
    this.entries = parse(bytes && openBytes(KIND, bytes, clientKey, context(owner)))
  }

  /** The session key of a key packet: the one kept for it, else `open`'s (kept at write()). */
  get(packet: Buffer, open: () => SessionKey): SessionKey {
    const name = createHash('sha256').update(packet).digest('base64url')
    const kept = this.entries.get(name)
    const algorithm = kept && CIPHERS.get(kept[0])
    // The most recently used last.
    this.entries.delete(name)
    if (kept && algorithm) {
      this.entries.set(name, kept)
      this.counts.sealed++
      return {algorithm, data: kept.subarray(1)}
    }

    const key = open()
    this.entries.set(name, Buffer.concat([Buffer.from([CIPHER_IDS[key.algorithm]]), key.data]))
    this.counts.opened++
    this.changed = true
    return key
  }

  /** Writes the seal when a key was added; a failure leaves the packets to be opened next time. */
  async write(): Promise<void> {
    if (!this.changed) return
    this.changed = false
    const names = [...this.entries.keys()]
    for (const name of names.slice(0, Math.max(0, names.length - MAX_KEYS))) this.entries.delete(name)
    const plain = Buffer.from(JSON.stringify({keys: Object.fromEntries([...this.entries].map(([name, key]) => [name, key.toString('base64')]))}), 'utf8')
    const path = sealPath(this.owner.cacheDir, this.owner.profile, 'event-keys')
    try {
      ensurePrivateDirectory(dirname(path))
      await replaceFile(path, sealBytes(KIND, plain, this.clientKey, context(this.owner)), {mode: 0o600})
    } catch {
      // Not kept: opened again next time.
    } finally {
      plain.fill(0)
    }
  }
}

const context = ({uid, userId}: EventKeysOwner) => `${uid}\n${userId}`

/** What a read opens events with when the seal gave the account's keys: them, and the session keys kept. */
export interface SealedKeys {
  account: DirectAccount
  sessionKeys: EventKeys
}

const runs = new WeakMap<Invocation, EventKeys>()

/** The run's sealed session keys, for a read whose account keys came from the seal (`direct`): read once. */
export async function runEventKeys(invocation: Invocation, direct: DirectAccount): Promise<EventKeys> {
  let keys = runs.get(invocation)
  if (!keys) {
    const [{session}, clientKey] = await Promise.all([sessionWithKeys(invocation), sessionClientKey(invocation)])
    keys = runs.get(invocation) ?? new EventKeys({cacheDir: invocation.context.cacheDir, profile: session.profile, uid: session.uid, userId: String(direct.user.ID ?? '')}, clientKey)
    runs.set(invocation, keys)
  }

  return keys
}

/** Writes what the run added, with DEBUG's count; nothing when the run read no keys from the seal. */
export async function writeEventKeys(invocation: Invocation): Promise<void> {
  const keys = runs.get(invocation)
  if (!keys) return
  if (invocation.io.env.DEBUG) invocation.io.stderr.write(`proton-cli:direct ${keys.counts.sealed} event session keys from the seal, ${keys.counts.opened} opened\n`)
  await keys.write()
}

/** The kept keys in their order (least recently used first); none for a seal that did not open. */
function parse(plain: Buffer | undefined): Map<string, Buffer> {
  const entries = new Map<string, Buffer>()
  if (!plain) return entries
  try {
    const parsed = JSON.parse(plain.toString('utf8')) as {keys?: unknown}
    const keys = parsed.keys !== null && typeof parsed.keys === 'object' ? parsed.keys : {}
    for (const [name, key] of Object.entries(keys)) if (typeof key === 'string') entries.set(name, Buffer.from(key, 'base64'))
  } catch {
    entries.clear()
  } finally {
    plain.fill(0)
  }

  return entries
}
