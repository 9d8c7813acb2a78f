/**
 * OpenPGP's wire format read directly (RFC 4880 4.2, 6; RFC 9580 4.2, 6), for the reads that open what the seal
 * already holds without loading OpenPGP.js (some 50 ms of a run: issue 45). Only what Proton's keys and messages use is
 * read; anything else is `Unsupported`, and the caller does it with OpenPGP.js instead. Nothing here ever decides
 * that something is invalid: a failure of any kind is Unsupported, so OpenPGP.js gives the verdict and its message.
 */

/** What this reader does not take on: the caller falls back to OpenPGP.js, which decides. */
export class Unsupported extends Error {}

/** Throws Unsupported with `why` unless `condition` holds. */
export function need(condition: unknown, why: string): asserts condition {
  if (!condition) throw new Unsupported(why)
}

export interface Packet {
  tag: number
  body: Buffer
}

/** Where a packet's header ends and how long its body is; a partial length (new format) gives `partial`. */
function header(bytes: Buffer, at: number): {tag: number; start: number; length: number; partial: boolean} {
  need(at < bytes.length, 'a packet cut short')
  const first = bytes[at]
  need(first & 0x80, 'not a packet header')
  if (!(first & 0x40)) {
    // Old format: the tag in bits 5-2, the length type in bits 1-0 (3: to the end, which only the last packet may use).
    const type = first & 3
    const size = [1, 2, 4, 0][type]
    const tag = (first >> 2) & 0x0f
    if (type === 3) return {length: bytes.length - at - 1, partial: false, start: at + 1, tag}
    need(at + 1 + size <= bytes.length, 'a packet cut short')
    return {length: bytes.readUIntBE(at + 1, size), partial: false, start: at + 1 + size, tag}
  }

  const tag = first & 0x3f
  const next = bodyLength(bytes, at + 1)
  return {...next, tag}
}

/** A new-format body length at `at` (RFC 4880 4.2.2). */
function bodyLength(bytes: Buffer, at: number): {start: number; length: number; partial: boolean} {
  need(at < bytes.length, 'a packet cut short')
  const octet = bytes[at]
  if (octet < 192) return {length: octet, partial: false, start: at + 1}
  if (octet < 224) {
    need(at + 1 < bytes.length, 'a packet cut short')
    return {length: ((octet - 192) << 8) + bytes[at + 1] + 192, partial: false, start: at + 2}
  }

  if (octet === 255) {
    need(at + 4 < bytes.length, 'a packet cut short')
    return {length: bytes.readUInt32BE(at + 1), partial: false, start: at + 5}
  }

  return {length: 1 << (octet & 0x1f), partial: true, start: at + 1}
}

/** The packets of `bytes`, in order; partial bodies joined. */
export function readPackets(bytes: Buffer): Packet[] {
  const packets: Packet[] = []
  let at = 0
  while (at < bytes.length) {
    const first = header(bytes, at)
    let {length, partial, start} = first
    const parts: Buffer[] = []
    for (;;) {
      need(start + length <= bytes.length, 'a packet cut short')
      parts.push(bytes.subarray(start, start + length))
      at = start + length
      if (!partial) break
      ;({length, partial, start} = bodyLength(bytes, at))
    }

    packets.push({body: parts.length === 1 ? parts[0] : Buffer.concat(parts), tag: first.tag})
  }

  return packets
}

/** A multiprecision integer at `at` (RFC 4880 3.2): its bytes (leading zeros as written) and where the next field starts. */
export function readMpi(bytes: Buffer, at: number): {value: Buffer; next: number} {
  need(at + 2 <= bytes.length, 'an MPI cut short')
  const length = (bytes.readUInt16BE(at) + 7) >> 3
  need(at + 2 + length <= bytes.length, 'an MPI cut short')
  return {next: at + 2 + length, value: bytes.subarray(at + 2, at + 2 + length)}
}

/** `value` left-padded with zeros to `size` bytes (an MPI drops leading zeros), or Unsupported when longer. */
export function padded(value: Buffer, size: number): Buffer {
  need(value.length <= size, 'a number longer than its field')
  return value.length === size ? value : Buffer.concat([Buffer.alloc(size - value.length), value])
}

const ARMOR = /^-----BEGIN PGP (MESSAGE|SIGNATURE|PUBLIC KEY BLOCK|PRIVATE KEY BLOCK)-----\r?\n([\s\S]*?)\r?\n-----END PGP \1-----\s*$/

/**
 * The bytes of an ASCII-armored block (RFC 4880 6.2) of the kind asked for: its armor headers skipped, the body's
 * base64 decoded strictly. The CRC-24 line is not checked, as OpenPGP.js 6 does not (RFC 9580 6.1): what matters is
 * checked inside (the MDC, the signatures).
 */
export function dearmor(text: string, kind: 'MESSAGE' | 'SIGNATURE' | 'PUBLIC KEY BLOCK' | 'PRIVATE KEY BLOCK'): Buffer {
  const match = ARMOR.exec(text.trim())
  need(match?.[1] === kind, `not an armored ${kind.toLowerCase()}`)
  const lines = match[2].split(/\r?\n/)
  // Armor headers ("Version: …"), then the empty line that RFC 4880 6.2 requires even without headers, as OpenPGP.js
  // requires it (unarmor: a missing blank line or a malformed header refuses the block).
  const blank = lines.findIndex((line) => line.trim() === '')
  need(blank >= 0 && lines.slice(0, blank).every((line) => /^[^\s:]([^:]*[^\s:])?: .+$/.test(line)), 'armor headers without their blank line')
  const body = lines.slice(blank + 1).map((line) => line.trim())
  const data = body.filter((line) => line !== '' && !/^=[A-Za-z\d+/]{4}$/.test(line)).join('')
  need(/^[A-Za-z\d+/]*={0,2}$/.test(data) && data.length % 4 === 0, 'armor that is not base64')
  return Buffer.from(data, 'base64')
}
