/**
 * A file name from a name someone else chose (an attachment's, set by the
 * sender): one path component, never a path, and nothing in it that hides
 * what it is. Separators (/ and \), NUL and every other control or format
 * character (bidirectional overrides included), the default-ignorable code
 * points that draw as nothing (zero-width characters, the Hangul fillers
 * U+115F, U+1160, U+3164, U+FFA0, variation selectors …) and the blank
 * U+2800 become "_", as do the characters Windows refuses (<>:"|?*). Spaces
 * other than U+0020 become one; a run of them becomes one space, and a space
 * before a dot "_" ("name.pdf      .exe" is written "name.pdf_.exe"). Leading
 * dots go (no "..", no hidden file), trailing dots and spaces too; a leading
 * "-" becomes "_" (a name like "-rf" is an option to whatever a shell glob
 * hands it to); a Windows device name (CON, NUL.txt, com1.tar.gz … any
 * case) gets "_" in front. At most MAX_NAME_BYTES of UTF-8, the extension
 * kept. What is left empty becomes the fallback.
 */
import {randomBytes} from 'node:crypto'
import {extname} from 'node:path'

/** Room under the usual 255-byte limit for the temporary name beside it (see atomic-file.ts). */
export const MAX_NAME_BYTES = 200

const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800/\\<>:"|?*]/gu
/** Every space but U+0020 (no-break, ideographic, the typographic ones): shown as one, not told apart from it. */
const OTHER_SPACES = /[^\P{Zs} ]/gu
/** What Windows opens as a device whatever the extension (Microsoft's "Naming Files, Paths, and Namespaces"). */
const DEVICE = /^(?:con|prn|aux|nul|com[\d¹²³]|lpt[\d¹²³]|conin\$|conout\$)(?:\.|$)/i

function clip(text: string, bytes: number): string {
  let result = ''
  for (const char of text) {
    if (Buffer.byteLength(result + char) > bytes) break
    result += char
  }

  return result
}

export function safeFileName(name: unknown, fallback: string): string {
  const text = (typeof name === 'string' ? name : '')
    .normalize('NFC')
    .replaceAll(UNSAFE, '_')
    .replaceAll(OTHER_SPACES, ' ')
    .replaceAll(/ {2,}/g, ' ')
    .replace(/^[.\s]+/u, '')
    .replace(/[.\s]+$/u, '')
    .replaceAll(' .', '_.')
    .replace(/^-/, '_')
    .replace(DEVICE, '_$&')
  if (text === '' || /^_+$/.test(text)) return fallback
  if (Buffer.byteLength(text) <= MAX_NAME_BYTES) return text
  const extension = extname(text)
  const kept = Buffer.byteLength(extension) <= 20 ? extension : ''
  return clip(text.slice(0, text.length - kept.length), MAX_NAME_BYTES - Buffer.byteLength(kept)) + kept
}

/** How many numbered names ("report (1).pdf" …) are tried before a random suffix. */
export const NUMBERED_NAMES = 99
/** How many random suffixes are tried after them: each a 64-bit random number, taken only in a directory made to refuse us. */
const RANDOM_NAMES = 16

/**
 * The names to try, in order, when `name` is taken: "report (1).pdf" to
 * "report (99).pdf", then "report (3f9a0c12e4b7d685).pdf" with a random
 * suffix: a hundred attachments of one name are all written.
 */
export function* alternativeNames(name: string): Generator<string> {
  const extension = extname(name)
  const stem = extension ? name.slice(0, -extension.length) : name
  for (let index = 1; index <= NUMBERED_NAMES; index++) yield `${stem} (${index})${extension}`
  for (let index = 0; index < RANDOM_NAMES; index++) yield `${stem} (${randomBytes(8).toString('hex')})${extension}`
}

/**
 * A name as given, for a message: every character that does not show as
 * itself (control, format, default-ignorable, spaces other than U+0020, the
 * bidirectional controls) written \uXXXX.
 */
export function visibleName(name: string): string {
  const hidden = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800]|[^\P{Zs} ]/gu
  return name.replaceAll(hidden, (char) => `\\u${(char.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`)
}

/** visibleName in quotes. */
export function shownName(name: string): string {
  return `"${visibleName(name)}"`
}
