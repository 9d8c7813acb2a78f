/**
 * The iterated and salted S2K (RFC 4880 3.7.1.3: salt and passphrase
 * repeated up to the count, hashed; a second hash over one zero octet and
 * the same, and so on, when the key needs more bytes than a digest) hashed
 * as a stream. OpenPGP.js (src/type/s2k/generic.js produceKey) builds the
 * whole repeated input first: 16 MiB for every key as OpenPGP.js and Proton
 * lock them (count byte 224), once per unlock and per key locked. A drive
 * listing unlocks one key per node: those 16 MiB buffers made `drive ls`
 * peak at 160 MiB and took half its time in allocating them. Here a 64 KiB
 * window of the repeated input is hashed again and again instead; the
 * bytes hashed are the same.
 */
import {createHash} from 'node:crypto'

import type {Openpgp} from './keyring.ts'

/** OpenPGP's hash identifiers (RFC 4880 9.4) that Node hashes; others are left to OpenPGP.js. */
const HASHES: Record<number, string> = {2: 'sha1', 8: 'sha256', 9: 'sha384', 10: 'sha512', 11: 'sha224'}

const WINDOW = 64 * 1024

/** The key of `length` bytes that the iterated S2K derives from `passphrase` (RFC 4880 3.7.1.3). */
export function iteratedS2k(hash: string, salt: Uint8Array, passphrase: Uint8Array, count: number, length: number): Uint8Array {
  const unit = Buffer.concat([salt, passphrase])
  // The whole input is hashed even when the count is smaller (RFC 4880 3.7.1.3).
  const total = Math.max(count, unit.length)
  const window = Buffer.alloc(Math.max(1, Math.floor(WINDOW / unit.length)) * unit.length)
  for (let offset = 0; offset < window.length; offset += unit.length) unit.copy(window, offset)
  const digests: Buffer[] = []
  let derived = 0
  for (let zeros = 0; derived < length; zeros++) {
    const digest = createHash(hash).update(Buffer.alloc(zeros))
    let left = total
    for (; left >= window.length; left -= window.length) digest.update(window)
    digest.update(window.subarray(0, left))
    const bytes = digest.digest()
    digests.push(bytes)
    derived += bytes.length
  }

  return new Uint8Array(Buffer.concat(digests).subarray(0, length))
}

interface GenericS2k {
  type: string
  algorithm: number
  salt: Uint8Array | null
  getCount(): number
  produceKey(passphrase: string, length: number, config?: unknown): Promise<Uint8Array>
}

/** S2K specifiers (RFC 9580 3.7.1) of each of OpenPGP.js's S2K classes: iterated (SHA-256, a salt, a count), and Argon2 (a salt, 1 pass, 1 lane, 2^10 KiB). */
const ITERATED = [3, 8, 1, 2, 3, 4, 5, 6, 7, 8, 224]
const ARGON2 = [4, ...new Array<number>(16).fill(7), 1, 1, 10]

/** An S2K specifier's prototype, reached through a symmetric-key packet read from it (the classes are not exported). */
function s2kPrototype<T>(pgp: Openpgp, specifier: number[]): T {
  const probe = new pgp.SymEncryptedSessionKeyPacket()
  probe.read(new Uint8Array([4, 9, ...specifier]))
  return Object.getPrototypeOf((probe as unknown as {s2k: T}).s2k) as T
}

/**
 * OpenPGP.js's S2K class for every type but Argon2 made to derive iterated keys with iteratedS2k: its prototype is
 * read from a fixed specifier (iterated, SHA-256, a salt, a count). Every unlock and every key locked by OpenPGP.js
 * then goes through it.
 */
export function streamIteratedS2k(pgp: Openpgp): void {
  const prototype = s2kPrototype<GenericS2k>(pgp, ITERATED)
  const produceKey = prototype.produceKey
  prototype.produceKey = async function (this: GenericS2k, passphrase, length, config) {
    const hash = HASHES[this.algorithm]
    if (this.type !== 'iterated' || hash === undefined || this.salt === null) return produceKey.call(this, passphrase, length, config)
    return iteratedS2k(hash, this.salt, new TextEncoder().encode(passphrase), this.getCount(), length)
  }
}

/** S2K derivations this process ran (each key packet unlocked or locked through OpenPGP.js): DEBUG prints it, the tests count it. */
let derivations = 0
export const s2kRuns = (): number => derivations

/** Counts every derivation of OpenPGP.js's two S2K classes: the one of every type but Argon2 (streamed or not), and Argon2's. */
export function countS2kRuns(pgp: Openpgp): void {
  for (const specifier of [ITERATED, ARGON2]) {
    const prototype = s2kPrototype<Pick<GenericS2k, 'produceKey'>>(pgp, specifier)
    const produceKey = prototype.produceKey
    prototype.produceKey = function (this: unknown, ...args) {
      derivations++
      return produceKey.apply(this, args)
    }
  }
}
