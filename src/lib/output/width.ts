/**
 * How many columns text takes on a terminal, measured here so that a table
 * with emoji or CJK text needs no table library (loading `table` and
 * string-width cost some 15 ms of a cold start). Text is walked in glyphs:
 * a character with what attaches to it (combining marks, variation
 * selectors, skin tones, a zero-width joiner and the character it joins, the
 * second regional indicator of a flag). East Asian wide and full-width
 * characters and emoji shown as emoji take two columns, marks and format
 * characters none, the rest one; the same widths string-width gives (which
 * `table` uses), but a zero-width space takes no column.
 * test/lib/output/width.test.ts compares them.
 */

/** Combining and enclosing marks. */
const MARK = /[\p{Mn}\p{Me}]/u

/** Takes no column of its own: marks, zero-width characters (U+200B to U+200F, U+2060 to U+2064), variation selectors, tags. */
function zero(char: string, code: number): boolean {
  return (code >= 0x200b && code <= 0x200f) || (code >= 0x2060 && code <= 0x2064) || (code >= 0xfe00 && code <= 0xfe0f) || (code >= 0xe0000 && code <= 0xe007f) || MARK.test(char)
}
/** Emoji drawn as emoji by default (two columns). */
const EMOJI_PRESENTATION = /\p{Emoji_Presentation}/u
/** Emoji drawn as text by default, and as emoji (two columns) when VS16 follows. */
const PICTOGRAPHIC = /\p{Extended_Pictographic}/u
const ZWJ = 0x200d
const VS16 = 0xfe0f

/** East Asian wide and full-width ranges (EastAsianWidth.txt, W and F; as is-fullwidth-code-point, which string-width uses). */
function eastAsianWide(code: number): boolean {
  return (
    code >= 0x1100 &&
    (code <= 0x115f ||
      code === 0x2329 ||
      code === 0x232a ||
      (code >= 0x2e80 && code <= 0x3247 && code !== 0x303f) ||
      (code >= 0x3250 && code <= 0x4dbf) ||
      (code >= 0x4e00 && code <= 0xa4c6) ||
      (code >= 0xa960 && code <= 0xa97c) ||
      (code >= 0xac00 && code <= 0xd7a3) ||
      (code >= 0xf900 && code <= 0xfaff) ||
      (code >= 0xfe10 && code <= 0xfe19) ||
      (code >= 0xfe30 && code <= 0xfe6b) ||
      (code >= 0xff01 && code <= 0xff60) ||
      (code >= 0xffe0 && code <= 0xffe6) ||
      (code >= 0x1b000 && code <= 0x1b001) ||
      (code >= 0x1f200 && code <= 0x1f251) ||
      (code >= 0x20000 && code <= 0x3fffd))
  )
}

const regional = (code: number) => code >= 0x1f1e6 && code <= 0x1f1ff
const skinTone = (code: number) => code >= 0x1f3fb && code <= 0x1f3ff

/** Printable ASCII and Latin text, one column a character: the common case, measured without the walk. */
const NARROW = /^[\u0020-\u007E\u00A0-\u02FF]*$/

/** The glyphs of a text, each with the columns it takes. */
export function* glyphs(text: string): Generator<{text: string; width: number}> {
  let current: {text: string; width: number; code: number} | undefined
  let joining = false
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0
    const attaches =
      current !== undefined &&
      (joining ||
        code === ZWJ ||
        code === VS16 ||
        zero(char, code) ||
        (skinTone(code) && PICTOGRAPHIC.test(String.fromCodePoint(current.code))) ||
        (regional(code) && regional(current.code) && current.text.length === 2))
    if (current && attaches) {
      // A text-style emoji that VS16 asks to show as emoji takes two columns.
      if (code === VS16 && PICTOGRAPHIC.test(String.fromCodePoint(current.code))) current.width = 2
      current.text += char
      joining = code === ZWJ
      continue
    }

    if (current) yield {text: current.text, width: current.width}
    joining = false
    const width = zero(char, code) ? 0 : EMOJI_PRESENTATION.test(char) || eastAsianWide(code) || regional(code) ? 2 : 1
    current = {code, text: char, width}
  }

  if (current) yield {text: current.text, width: current.width}
}

/** Columns a text takes on a terminal. */
export function displayWidth(text: string): number {
  if (NARROW.test(text)) return text.length
  let width = 0
  for (const glyph of glyphs(text)) width += glyph.width
  return width
}

/** The text cut to at most `width` columns, an ellipsis marking the cut; never inside a glyph. */
export function truncate(text: string, width: number): string {
  if (displayWidth(text) <= width) return text
  let kept = ''
  let used = 0
  for (const glyph of glyphs(text)) {
    if (used + glyph.width > width - 1) break
    kept += glyph.text
    used += glyph.width
  }

  return `${kept}…`
}
