/**
 * A file name from a name someone else chose (an attachment's, set by the
 * sender): one path component, never a path. Separators (/ and \), NUL and
 * every other control or format character (bidirectional overrides
 * included) become "_", as do the characters Windows refuses (<>:"|?*);
 * leading dots go (no "..", no hidden file), trailing dots and spaces too;
 * at most MAX_NAME_BYTES of UTF-8, the extension kept. What is left empty
 * becomes the fallback.
 */
import {extname} from 'node:path'

/** Room under the usual 255-byte limit for the temporary name beside it (see atomic-file.ts). */
export const MAX_NAME_BYTES = 200

const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}/\\<>:"|?*]/gu

function clip(text: string, bytes: number): string {
  let result = ''
  for (const char of text) {
    if (Buffer.byteLength(result + char) > bytes) break
    result += char
  }

  return result
}

export function safeFileName(name: unknown, fallback: string): string {
  const text = (typeof name === 'string' ? name : '').normalize('NFC').replaceAll(UNSAFE, '_').replace(/^[.\s]+/u, '').replace(/[.\s]+$/u, '')
  if (text === '' || /^_+$/.test(text)) return fallback
  if (Buffer.byteLength(text) <= MAX_NAME_BYTES) return text
  const extension = extname(text)
  const kept = Buffer.byteLength(extension) <= 20 ? extension : ''
  return clip(text.slice(0, text.length - kept.length), MAX_NAME_BYTES - Buffer.byteLength(kept)) + kept
}

/** The names to try, in order, when `name` is taken: "report (1).pdf", "report (2).pdf" … */
export function alternativeNames(name: string, count: number): string[] {
  const extension = extname(name)
  const stem = extension ? name.slice(0, -extension.length) : name
  return Array.from({length: count}, (_, index) => `${stem} (${index + 1})${extension}`)
}
