/**
 * Checking that a body is JSON without building it: one pass over the bytes
 * (no string copy, no object tree, no recursion), keeping only the values of
 * the top-level members asked for. A 100 MB answer costs no more memory than
 * its own Buffer.
 */

const QUOTE = 0x22
const BACKSLASH = 0x5c
const ESCAPES = new Set([...'"\\/bfnrtu'].map((char) => char.charCodeAt(0)))
const WS = new Set([0x20, 0x09, 0x0a, 0x0d])

export type Scan = {json: false} | {json: true; object: boolean; members: Map<string, unknown>}

/** A member whose value is an object or an array: its type is enough for the envelope check. */
const CONTAINER = {object: {}, array: [] as unknown[]}

class Invalid extends Error {}

function isDigit(byte: number | undefined): boolean {
  return byte !== undefined && byte >= 0x30 && byte <= 0x39
}

/**
 * Validate `bytes` as one JSON text (as JSON.parse would on its UTF-8
 * decoding) and return the top-level members named in `wanted`.
 */
export function scanJson(bytes: Uint8Array, wanted: ReadonlySet<string>): Scan {
  const n = bytes.length
  let i = 0
  const skip = () => {
    while (i < n && WS.has(bytes[i])) i++
  }

  const fail = (): never => {
    throw new Invalid()
  }

  const string = () => {
    i++ // opening quote
    for (;;) {
      if (i >= n) fail()
      const byte = bytes[i]
      if (byte === QUOTE) {
        i++
        return
      }

      if (byte < 0x20) fail()
      if (byte === BACKSLASH) {
        const escape = bytes[i + 1]
        if (!ESCAPES.has(escape)) fail()
        if (escape === 0x75) {
          for (let k = 2; k <= 5; k++) {
            const hex = bytes[i + k]
            const ok = isDigit(hex) || (hex >= 0x41 && hex <= 0x46) || (hex >= 0x61 && hex <= 0x66)
            if (!ok) fail()
          }

          i += 6
        } else i += 2
      } else i++
    }
  }

  const number = () => {
    if (bytes[i] === 0x2d) i++
    if (bytes[i] === 0x30) i++
    else if (isDigit(bytes[i])) while (isDigit(bytes[i])) i++
    else fail()
    if (bytes[i] === 0x2e) {
      i++
      if (!isDigit(bytes[i])) fail()
      while (isDigit(bytes[i])) i++
    }

    if (bytes[i] === 0x65 || bytes[i] === 0x45) {
      i++
      if (bytes[i] === 0x2b || bytes[i] === 0x2d) i++
      if (!isDigit(bytes[i])) fail()
      while (isDigit(bytes[i])) i++
    }
  }

  const literal = (word: string) => {
    for (let k = 0; k < word.length; k++) if (bytes[i + k] !== word.charCodeAt(k)) fail()
    i += word.length
  }

  /** A scalar, or the opening of a container (pushed on the stack). */
  const stack: Array<'array' | 'object'> = []
  const members = new Map<string, unknown>()
  let capture: string | undefined
  const value = () => {
    skip()
    const byte = bytes[i]
    const start = i
    if (byte === 0x7b || byte === 0x5b) {
      const kind = byte === 0x7b ? 'object' : 'array'
      if (capture !== undefined) members.set(capture, CONTAINER[kind])
      capture = undefined
      stack.push(kind)
      i++
      return true
    }

    if (byte === QUOTE) string()
    else if (byte === 0x74) literal('true')
    else if (byte === 0x66) literal('false')
    else if (byte === 0x6e) literal('null')
    else if (byte === 0x2d || isDigit(byte)) number()
    else fail()
    if (capture !== undefined) members.set(capture, JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset + start, i - start).toString('utf8')))
    capture = undefined
    return false
  }

  /** After `{` or `,` in an object: a key, a colon; notes whether its value is wanted. */
  const key = () => {
    skip()
    if (bytes[i] !== QUOTE) fail()
    const start = i
    string()
    if (stack.length === 1 && i - start <= 64) {
      const name = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset + start, i - start).toString('utf8')) as string
      if (wanted.has(name)) capture = name
    }

    skip()
    if (bytes[i] !== 0x3a) fail()
    i++
  }

  try {
    skip()
    const object = bytes[i] === 0x7b
    let opened = value()
    for (;;) {
      if (opened) {
        // Just inside a container: it may be empty.
        skip()
        const kind = stack.at(-1)
        const close = kind === 'object' ? 0x7d : 0x5d
        if (bytes[i] === close) {
          i++
          stack.pop()
        } else {
          if (kind === 'object') key()
          opened = value()
          continue
        }
      }

      if (stack.length === 0) break
      skip()
      const kind = stack.at(-1)
      if (bytes[i] === 0x2c) {
        i++
        if (kind === 'object') key()
        opened = value()
        continue
      }

      if (bytes[i] !== (kind === 'object' ? 0x7d : 0x5d)) fail()
      i++
      stack.pop()
      opened = false
    }

    skip()
    if (i < n) fail()
    return {json: true, members, object}
  } catch (error) {
    if (error instanceof Invalid) return {json: false}
    throw error
  }
}
