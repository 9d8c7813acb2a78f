/**
 * Where a JSON text first goes wrong. V8's JSON.parse messages give no
 * position for an unexpected token and quote the input (which may hold a
 * secret), so the position is found here and the quote is dropped.
 */

class Stop extends Error {
  readonly offset: number

  constructor(offset: number, reason: string) {
    super(reason)
    this.offset = offset
  }
}

const WS = new Set([' ', '\t', '\n', '\r'])

/** Offset and reason of the first syntax error, or undefined for valid JSON. */
export function findJsonError(text: string): {offset: number; reason: string} | undefined {
  let i = 0
  const skip = () => {
    while (i < text.length && WS.has(text[i])) i++
  }

  const fail = (reason?: string): never => {
    if (i >= text.length) throw new Stop(i, 'unexpected end of input')
    throw new Stop(i, reason ?? `unexpected ${JSON.stringify(text[i])}`)
  }

  const literal = (word: string) => {
    for (const char of word) {
      if (text[i] !== char) fail()
      i++
    }
  }

  const string = () => {
    i++ // opening quote
    while (i < text.length) {
      const char = text[i]
      if (char === '"') {
        i++
        return
      }

      if (char < ' ') fail('control character in string')
      if (char === '\\') {
        i++
        const escape = text[i]
        if (escape === 'u') {
          for (let k = 1; k <= 4; k++) {
            if (!/[\da-f]/i.test(text[i + k] ?? '')) {
              i += k
              fail('bad \\u escape')
            }
          }

          i += 5
          continue
        }

        if (!'"\\/bfnrt'.includes(escape ?? '') || escape === undefined) fail('bad escape')
      }

      i++
    }

    fail()
  }

  const number = () => {
    if (text[i] === '-') i++
    if (text[i] === '0') i++
    else if (/[1-9]/.test(text[i] ?? '')) while (/\d/.test(text[i] ?? '')) i++
    else fail()
    if (text[i] === '.') {
      i++
      if (!/\d/.test(text[i] ?? '')) fail()
      while (/\d/.test(text[i] ?? '')) i++
    }

    if (text[i] === 'e' || text[i] === 'E') {
      i++
      if (text[i] === '+' || text[i] === '-') i++
      if (!/\d/.test(text[i] ?? '')) fail()
      while (/\d/.test(text[i] ?? '')) i++
    }
  }

  const value = (depth: number): void => {
    if (depth > 10_000) fail('nested too deeply')
    skip()
    const char = text[i]
    if (char === '{') {
      i++
      skip()
      if (text[i] === '}') {
        i++
        return
      }

      for (;;) {
        skip()
        if (text[i] !== '"') fail('expected a property name')
        string()
        skip()
        if (text[i] !== ':') fail("expected ':'")
        i++
        value(depth + 1)
        skip()
        if (text[i] === ',') {
          i++
          continue
        }

        if (text[i] === '}') {
          i++
          return
        }

        fail("expected ',' or '}'")
      }
    }

    if (char === '[') {
      i++
      skip()
      if (text[i] === ']') {
        i++
        return
      }

      for (;;) {
        value(depth + 1)
        skip()
        if (text[i] === ',') {
          i++
          continue
        }

        if (text[i] === ']') {
          i++
          return
        }

        fail("expected ',' or ']'")
      }
    }

    if (char === '"') return string()
    if (char === 't') return literal('true')
    if (char === 'f') return literal('false')
    if (char === 'n') return literal('null')
    if (char === '-' || /\d/.test(char ?? '')) return number()
    fail()
  }

  try {
    value(0)
    skip()
    if (i < text.length) fail('unexpected text after the JSON value')
    return undefined
  } catch (error) {
    if (error instanceof Stop) return {offset: error.offset, reason: error.message}
    throw error
  }
}

/** "reason at line L, column C (position P)" for a text JSON.parse refused. */
export function describeJsonError(text: string, parseError?: unknown): string {
  const found = findJsonError(text)
  if (!found) return parseError instanceof Error ? parseError.message.replace(/,? ".*" is not valid JSON$/s, '') : 'invalid'
  const before = text.slice(0, found.offset)
  const line = before.split('\n').length
  const column = found.offset - before.lastIndexOf('\n')
  return `${found.reason} at line ${line}, column ${column} (position ${found.offset})`
}
