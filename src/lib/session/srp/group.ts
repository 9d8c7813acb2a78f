/**
 * The SRP group the service names by its modulus: N (2048 bits, sent
 * little-endian), generator 2, and the multiplier k = H(g ‖ N).
 */
import {fromLittleEndian, toLittleEndian} from './bigint-le.ts'
import {expandHash} from './expand-hash.ts'

export const SRP_BYTES = 256
export const GENERATOR = 2n

export interface SrpGroup {
  /** The modulus as the service sends it: 256 little-endian bytes. */
  modulusBytes: Buffer
  N: bigint
  g: bigint
  k: bigint
}

export function srpGroup(modulusBytes: Uint8Array): SrpGroup {
  if (modulusBytes.length !== SRP_BYTES) throw new RangeError(`the SRP modulus is ${modulusBytes.length} bytes, not ${SRP_BYTES}`)
  const N = fromLittleEndian(modulusBytes)
  if (N >> 2047n !== 1n) throw new RangeError('the SRP modulus is not a 2048-bit number')
  // Safe primes of this group are 3 mod 8, so that 2 generates the large subgroup.
  if (N % 8n !== 3n) throw new RangeError('the SRP modulus is not 3 mod 8')
  const k = fromLittleEndian(expandHash(toLittleEndian(GENERATOR, SRP_BYTES), modulusBytes)) % N
  return {g: GENERATOR, k, modulusBytes: Buffer.from(modulusBytes), N}
}

/** Encode a group element as the service does: 256 little-endian bytes. */
export function encode(value: bigint): Buffer {
  return toLittleEndian(value, SRP_BYTES)
}
