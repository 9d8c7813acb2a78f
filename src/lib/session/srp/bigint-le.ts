/**
 * SRP numbers travel as fixed-size little-endian byte strings (256 bytes
 * for Proton's 2048-bit group); here they become bigints and back.
 */

export function fromLittleEndian(bytes: Uint8Array): bigint {
  let value = 0n
  for (let index = bytes.length - 1; index >= 0; index--) value = (value << 8n) | BigInt(bytes[index])
  return value
}

/** The value as exactly `length` little-endian bytes; a value that does not fit is an error. */
export function toLittleEndian(value: bigint, length: number): Buffer {
  if (value < 0n) throw new RangeError('a negative number has no SRP encoding')
  const bytes = Buffer.alloc(length)
  let rest = value
  for (let index = 0; index < length; index++) {
    bytes[index] = Number(rest & 0xffn)
    rest >>= 8n
  }

  if (rest !== 0n) throw new RangeError(`the number does not fit in ${length} bytes`)
  return bytes
}

/** base^exponent mod modulus, square and multiply. */
export function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  if (modulus === 1n) return 0n
  let result = 1n
  let square = ((base % modulus) + modulus) % modulus
  for (let rest = exponent; rest > 0n; rest >>= 1n) {
    if (rest & 1n) result = (result * square) % modulus
    square = (square * square) % modulus
  }

  return result
}
