/**
 * Proton's SRP hash: four SHA-512 digests of the input followed by the bytes
 * 0, 1, 2 and 3, concatenated into 256 bytes (one 2048-bit number).
 */
import {createHash} from 'node:crypto'

export function expandHash(...parts: Uint8Array[]): Buffer {
  const digests = [0, 1, 2, 3].map((index) => {
    const hash = createHash('sha512')
    for (const part of parts) hash.update(part)
    return hash.update(Uint8Array.of(index)).digest()
  })
  return Buffer.concat(digests)
}
