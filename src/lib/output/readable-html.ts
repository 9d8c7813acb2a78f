/**
 * HTML made readable text for a terminal (html-to-text), within a depth the
 * sender cannot choose. html-to-text walks the document recursively (some
 * 2,000 nested elements overflow the stack) and htmlparser2, which it parses
 * with, takes time quadratic in the nesting (it shifts its stack of open
 * elements at every tag: 200,000 nested elements took minutes). So the HTML
 * is first read by htmlparser2 alone, counting open elements as it does
 * (implied closes included), and stopped at the first element deeper than
 * MAX_HTML_DEPTH: what comes before it is converted, the rest is not.
 */
/** Real mail nests a few dozen levels (tables in tables); html-to-text overflows the stack near 2,000. */
export const MAX_HTML_DEPTH = 256

/** Where the first element deeper than MAX_HTML_DEPTH begins, or undefined when the HTML stays within it. */
export async function tooDeepAt(html: string): Promise<number | undefined> {
  // Loaded, as html-to-text is, only when HTML is shown as text.
  const {Parser} = await import('htmlparser2')
  let depth = 0
  let cut: number | undefined
  const parser = new Parser({
    onclosetag() {
      depth--
    },
    onopentagname() {
      if (++depth > MAX_HTML_DEPTH && cut === undefined) {
        cut = parser.startIndex
        parser.pause()
      }
    },
  })
  parser.write(html)
  return cut
}

export interface ReadableText {
  text: string
  /** The HTML nests deeper than MAX_HTML_DEPTH: the text stops where it does. */
  cut: boolean
}

export async function readableText(html: string): Promise<ReadableText> {
  const {convert} = await import('html-to-text')
  const cut = await tooDeepAt(html)
  const shown = cut === undefined ? html : html.slice(0, cut)
  // maxDepth: a second guard on html-to-text's recursion, should its count of levels differ from htmlparser2's.
  const text = convert(shown, {limits: {maxDepth: MAX_HTML_DEPTH * 2}, selectors: [{format: 'skip', selector: 'img'}], wordwrap: 100})
  return {cut: cut !== undefined, text}
}
