/**
 * The sandbox's own reader of what clients send as vCard (RFC 6350 §3.3) and iCalendar (RFC 5545 §3.1) text: it
 * never reads them with the client's parsers, so that a bug on the client's side is not also the server's (a card
 * both misread the same way would pass every test). Small and strict: lines unfolded, each content line split into
 * its group, name, parameters (quoted or not, RFC 6868 caret escapes) and raw value, the BEGIN/END blocks nested.
 * Values stay as sent; a reader decodes the few it needs (textValue for TEXT).
 */

/** One content line: group and name in lower case (both are case-insensitive), the value as sent. */
export interface ContentLine {
  group?: string
  name: string
  /** Parameter names in lower case; each a list of values, unquoted. */
  params: Map<string, string[]>
  value: string
}

export interface Block {
  /** Lower case: vcard, vcalendar, vevent, valarm … */
  name: string
  lines: ContentLine[]
  blocks: Block[]
}

/** Text the sandbox refuses: the message says where. */
export class ContentError extends Error {}

const TOKEN = /^[A-Za-z0-9-]+$/
/** The most nested blocks (a VCALENDAR, its VEVENT, a VALARM are three). */
const MAX_DEPTH = 8

/** The logical lines: CRLF or LF ends, a line beginning with a space or a tab continues the one before. */
export function unfold(text: string): string[] {
  const lines: string[] = []
  for (const physical of text.split(/\r?\n/)) {
    if (physical.startsWith(' ') || physical.startsWith('\t')) {
      if (lines.length === 0) throw new ContentError('the text begins with a continuation line')
      lines[lines.length - 1] += physical.slice(1)
    } else {
      lines.push(physical)
    }
  }

  return lines.filter((line) => line !== '')
}

/** RFC 6868: ^n a line break, ^' a double quote, ^^ a caret; any other caret stays. */
function caretDecoded(value: string): string {
  return value.replaceAll(/\^([n'^])/g, (_, char: string) => (char === 'n' ? '\n' : char === "'" ? '"' : '^'))
}

/** One parameter's values (after the `=`), up to the `;` or `:` that ends them; returns where it stopped. */
function paramValues(line: string, start: number): {values: string[]; end: number} {
  const values: string[] = []
  let at = start
  for (;;) {
    if (line[at] === '"') {
      const close = line.indexOf('"', at + 1)
      if (close === -1) throw new ContentError('a quoted parameter value is not closed')
      values.push(caretDecoded(line.slice(at + 1, close)))
      at = close + 1
    } else {
      let end = at
      while (end < line.length && !';:,"'.includes(line[end])) end++
      if (line[end] === '"') throw new ContentError('a double quote inside an unquoted parameter value')
      values.push(caretDecoded(line.slice(at, end)))
      at = end
    }

    if (line[at] !== ',') return {end: at, values}
    at++
  }
}

/** A content line: [group "."] name *(";" param "=" value *("," value)) ":" value. */
export function parseLine(line: string): ContentLine {
  const head = /^[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)?/.exec(line)
  if (!head) throw new ContentError(`a line without a property name: ${JSON.stringify(line.slice(0, 40))}`)
  const dot = head[0].indexOf('.')
  const group = dot === -1 ? undefined : head[0].slice(0, dot).toLowerCase()
  const name = head[0].slice(dot + 1).toLowerCase()
  const params = new Map<string, string[]>()
  let at = head[0].length
  while (line[at] === ';') {
    const equals = line.indexOf('=', at + 1)
    const param = equals === -1 ? '' : line.slice(at + 1, equals)
    if (!TOKEN.test(param)) throw new ContentError(`${name.toUpperCase()}: a parameter without a name and "="`)
    const {end, values} = paramValues(line, equals + 1)
    const key = param.toLowerCase()
    params.set(key, [...(params.get(key) ?? []), ...values])
    at = end
  }

  if (line[at] !== ':') throw new ContentError(`${name.toUpperCase()}: no ":" before its value`)
  return {...(group === undefined ? {} : {group}), name, params, value: line.slice(at + 1)}
}

/** The text's blocks: every line inside a BEGIN/END pair, the pairs matched; nothing outside them. */
export function parseBlocks(text: string): Block[] {
  const top: Block[] = []
  const open: Block[] = []
  for (const line of unfold(text).map(parseLine)) {
    if (line.name === 'begin' || line.name === 'end') {
      const name = line.value.toLowerCase()
      if (line.group !== undefined || line.params.size > 0 || !TOKEN.test(name)) throw new ContentError(`a malformed ${line.name.toUpperCase()}`)
      if (line.name === 'begin') {
        if (open.length === MAX_DEPTH) throw new ContentError(`blocks nested more than ${MAX_DEPTH} deep`)
        const block: Block = {blocks: [], lines: [], name}
        ;(open.at(-1)?.blocks ?? top).push(block)
        open.push(block)
      } else if (open.pop()?.name !== name) {
        throw new ContentError(`END:${line.value} closes no open BEGIN:${line.value}`)
      }
    } else {
      const block = open.at(-1)
      if (!block) throw new ContentError(`${line.name.toUpperCase()} outside any BEGIN/END block`)
      block.lines.push(line)
    }
  }

  const unclosed = open.at(-1)
  if (unclosed) throw new ContentError(`BEGIN:${unclosed.name.toUpperCase()} is never closed`)
  if (top.length === 0) throw new ContentError('no BEGIN/END block')
  return top
}

/** The one top-level block of the text, which must be named `name`. */
export function onlyBlock(text: string, name: string): Block {
  const blocks = parseBlocks(text)
  if (blocks.length !== 1) throw new ContentError(`${blocks.length} blocks where one was expected`)
  if (blocks[0].name !== name) throw new ContentError(`a ${blocks[0].name.toUpperCase()} where a ${name.toUpperCase()} was expected`)
  return blocks[0]
}

/** A TEXT value decoded (RFC 5545 §3.3.11, RFC 6350 §3.4): \n or \N a line break, \, \; \\ themselves. */
export function textValue(value: string): string {
  return value.replaceAll(/\\([nN,;\\])|\\/g, (_, char: string | undefined) => {
    if (char === undefined) throw new ContentError('a backslash that escapes nothing')
    return char === 'n' || char === 'N' ? '\n' : char
  })
}

export const first = (block: Block, name: string): ContentLine | undefined => block.lines.find((line) => line.name === name)
