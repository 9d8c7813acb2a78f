/**
 * HTML made readable text for a terminal (html-to-text), within a size the
 * sender cannot choose. html-to-text walks the document recursively (some
 * 2,000 nested elements overflow the stack), htmlparser2, which it parses
 * with, takes time quadratic in the nesting (it shifts its stack of open
 * elements at every tag: 200,000 nested elements took minutes), and the
 * converter holds some 600 bytes and spends tens of µs an element (2 million
 * paragraphs, 16 MiB, took 1.4 GB and 100 s). So the HTML is first read by
 * htmlparser2 alone, counting elements and open ones as it does (implied
 * closes included), and stopped at the first element deeper than
 * MAX_HTML_DEPTH or past MAX_HTML_ELEMENTS, or at MAX_HTML_CHARS: what comes
 * before is converted, the rest is not (a note says so; --html prints it all).
 */

/** Real mail nests a few dozen levels (tables in tables); html-to-text overflows the stack near 2,000. */
export const MAX_HTML_DEPTH = 256
/** A long newsletter has a few thousand elements. */
export const MAX_HTML_ELEMENTS = 100_000
/** html-to-text's own bound (its maxInputLength), applied here so that the text says where it stops. */
export const MAX_HTML_CHARS = 16 * 1024 * 1024

/** Where the HTML is cut, and why ("nests more than 256 levels deep"). */
export interface Cut {
  at: number
  why: string
}

/** Where the HTML must be cut to stay within the bounds, or undefined when it does. */
export async function cutOf(html: string): Promise<Cut | undefined> {
  // Loaded, as html-to-text is, only when HTML is shown as text.
  const {Parser} = await import('htmlparser2')
  let depth = 0
  let elements = 0
  let cut: Cut | undefined
  const parser = new Parser({
    onclosetag() {
      depth--
    },
    onopentagname() {
      if (cut !== undefined) return
      if (++depth > MAX_HTML_DEPTH) cut = {at: parser.startIndex, why: `nests more than ${MAX_HTML_DEPTH} levels deep`}
      else if (++elements > MAX_HTML_ELEMENTS) cut = {at: parser.startIndex, why: `has more than ${MAX_HTML_ELEMENTS} elements`}
      if (cut) parser.pause()
    },
  })
  parser.write(html.length > MAX_HTML_CHARS ? html.slice(0, MAX_HTML_CHARS) : html)
  return cut ?? (html.length > MAX_HTML_CHARS ? {at: MAX_HTML_CHARS, why: `is longer than ${MAX_HTML_CHARS} characters`} : undefined)
}

export interface ReadableText {
  text: string
  /** Why the text stops before the HTML does (see cutOf), or undefined when it is all there. */
  cut?: string
}

export async function readableText(html: string): Promise<ReadableText> {
  const {convert} = await import('html-to-text')
  const cut = await cutOf(html)
  const shown = cut === undefined ? html : html.slice(0, cut.at)
  // maxDepth: a second guard on html-to-text's recursion, should its count of levels differ from htmlparser2's.
  const text = convert(shown, {limits: {maxDepth: MAX_HTML_DEPTH * 2}, selectors: [{format: 'skip', selector: 'img'}], wordwrap: 100})
  return cut === undefined ? {text} : {cut: cut.why, text}
}
