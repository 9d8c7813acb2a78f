/**
 * What a listing of events keeps between runs, sealed as the account's unlocked keys are (account/key-seal.ts): a
 * listing opened each event's SharedKeyPacket with the calendar key (an X25519 agreement and a key unwrap) and
 * checked each part's signature (an Ed25519 check, some 0.1 ms) again, and the same month is listed again and again.
 * - Session keys, as the drive SDK's NodesCryptoCache keeps a node's (its content key packet's session key: drive-sdk
 *   internal/nodes/cryptoCache.ts, serializeSessionKey): one opens only the event whose key packet it came from, and
 *   is filed under that packet's SHA-256, so a packet the service changes is another entry, opened again.
 * - Which signatures held: filed under the SHA-256 of the signer's keys as read (every packet: a revocation added is
 *   other keys), the armored signature and the data, and only for a signature of one packet that never expires, made
 *   by then (lastingSince): whether it holds then depends on nothing else. One that fails is never kept: the part is
 *   checked again, and goes to OpenPGP.js as before.
 *
 * <cacheDir>/keys/<profile>.event-keys: AES-256-GCM under a key derived from the session's ClientKey (only the
 * service keeps it), with the session's UID and the user's ID as associated data: nobody without the session can
 * write an entry. 0600 in a 0700 directory of this user's, replaced atomically, read through no link and only when
 * nobody else may read or write it; removed with the keys' seal (removeSeal: logout, a new login). Anything that does
 * not open is ignored. Past MAX_ENTRIES, those used least recently are dropped.
 */
import {createHash} from 'node:crypto'
import {existsSync} from 'node:fs'
import {dirname} from 'node:path'

import type {DirectAccount} from '../account/direct-keys.ts'
import {readPrivateFile, seal, type SealKind, sealPath, unseal} from '../account/key-seal.ts'
import {sessionClientKey, sessionWithKeys} from '../account/keys.ts'
import type {SessionKey} from '../crypto/direct/decrypt.ts'
import type {DirectKeySet} from '../crypto/direct/keys.ts'
import {holdsDetached, lastingSince} from '../crypto/direct/open.ts'
import {replaceFile} from '../files/atomic-file.ts'
import {ensurePrivateDirectory} from '../files/private-directory.ts'
import type {Invocation} from '../run/invocation.ts'

const KIND: SealKind = {header: Buffer.from('proton-cli sealed event keys v1\n', 'utf8'), info: 'proton-cli event session keys v1'}
/**
 * Entries kept at most: some 70 bytes each sealed (under 600 KiB, read at every listing), some four an event (its
 * session key, its parts' signatures), so that a listing of some 2,000 events is kept whole.
 */
export const MAX_ENTRIES = 8000
const MAX_BYTES = 2 * 1024 * 1024

const CIPHER_IDS: Record<SessionKey['algorithm'], number> = {aes128: 7, aes192: 8, aes256: 9}
const CIPHERS = new Map(Object.entries(CIPHER_IDS).map(([name, id]) => [id, name as SessionKey['algorithm']]))

/** Whose keys: the seal opens for this session and user only. */
export interface EventKeysOwner {
  cacheDir: string
  profile: string
  uid: string
  userId: string
}

/** A run's view of what is sealed: entries read, new ones noted, written back once at write(). */
export class EventKeys {
  /** Session keys taken from the seal or opened, signatures known to hold or checked (DEBUG prints them; the tests count them). */
  readonly counts = {checked: 0, known: 0, opened: 0, sealed: 0}
  private read: Map<string, Buffer> | undefined
  private readonly owner: EventKeysOwner
  private readonly clientKey: Buffer
  private changed = false

  constructor(owner: EventKeysOwner, clientKey: Buffer) {
    this.owner = owner
    this.clientKey = clientKey
  }

  /** The file is read at the first use: a command that opens no event (events create) reads nothing. */
  private get entries(): Map<string, Buffer> {
    if (!this.read) {
      const {cacheDir, profile, uid, userId} = this.owner
      const bytes = readPrivateFile(sealPath(cacheDir, profile, 'event-keys'), MAX_BYTES)
      this.read = (bytes && unseal(bytes, this.clientKey, uid, userId, KIND)) ?? new Map<string, Buffer>()
    }

    return this.read
  }

  /** The session key of a key packet: the one kept for it, else `open`'s (kept at write()). */
  get(packet: Buffer, open: () => SessionKey): SessionKey {
    const name = `k.${sha256(packet).toString('base64url')}`
    const kept = this.take(name)
    const algorithm = kept && CIPHERS.get(kept[0])
    if (kept && algorithm) {
      this.counts.sealed++
      return {algorithm, data: kept.subarray(1)}
    }

    const key = open()
    this.keep(name, Buffer.concat([Buffer.from([CIPHER_IDS[key.algorithm]]), key.data]))
    this.counts.opened++
    return key
  }

  /** holdsDetached, answered from the seal for a lasting signature found to hold before (see the top of this file). */
  holds(data: Buffer, armoredSignature: string, keys: readonly DirectKeySet[]): boolean {
    // Every field of a fixed length (the count, then digests): no boundary between the signature and the data moves.
    const digest = createHash('sha256').update(Buffer.from([keys.length >> 8, keys.length & 0xff]))
    for (const key of keys) digest.update(key.digest)
    const name = `v.${digest
      .update(sha256(Buffer.from(armoredSignature, 'utf8')))
      .update(sha256(data))
      .digest('base64url')}`
    const kept = this.take(name)
    // Made by now: a clock set back before the signature is asked again.
    if (kept?.length === 4 && kept.readUInt32BE(0) <= Date.now() / 1000) {
      this.counts.known++
      return true
    }

    this.counts.checked++
    if (!holdsDetached(data, armoredSignature, keys)) return false
    const since = lastingSince(armoredSignature)
    if (since !== undefined) {
      const made = Buffer.alloc(4)
      made.writeUInt32BE(since)
      this.keep(name, made)
    }

    return true
  }

  /**
   * The entry, moved last (the most recently used). Its new place is written only once the file is three quarters
   * full, when the oldest may soon be dropped: below that, a run that only reads writes nothing.
   */
  private take(name: string): Buffer | undefined {
    const kept = this.entries.get(name)
    if (kept) {
      this.entries.delete(name)
      this.entries.set(name, kept)
      if (this.entries.size > (MAX_ENTRIES * 3) / 4) this.changed = true
    }

    return kept
  }

  private keep(name: string, value: Buffer): void {
    this.entries.delete(name)
    this.entries.set(name, value)
    this.changed = true
  }

  /** Writes the seal when an entry was added, or moved in a file near its bound; a failure leaves the packets to be opened next time. */
  async write(): Promise<void> {
    if (!this.changed) return
    this.changed = false
    // The keys' seal gone meanwhile (auth logout, a new login): what this run kept was for an ended session.
    const {cacheDir, profile, uid, userId} = this.owner
    if (!existsSync(sealPath(cacheDir, profile))) return
    const names = [...this.entries.keys()]
    for (const name of names.slice(0, Math.max(0, names.length - MAX_ENTRIES))) this.entries.delete(name)
    const path = sealPath(cacheDir, profile, 'event-keys')
    try {
      ensurePrivateDirectory(dirname(path))
      await replaceFile(path, seal(this.entries, this.clientKey, uid, userId, KIND), {mode: 0o600})
    } catch {
      // Not kept: opened again next time.
    }
  }
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest()

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
  if (invocation.io.env.DEBUG) {
    const {checked, known, opened, sealed} = keys.counts
    invocation.io.stderr.write(`proton-cli:direct ${sealed} event session keys from the seal, ${opened} opened; ${known} signatures known to hold, ${checked} checked\n`)
  }

  await keys.write()
}
