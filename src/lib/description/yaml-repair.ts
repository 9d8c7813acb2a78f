/**
 * Repairs the flaw the published description is known for: multi-line
 * text (quoted, plain or block scalars) whose continuation lines start at
 * column 0 instead of under their key. Such lines are indented one step
 * deeper than the key; each scalar so repaired counts as one block.
 */

/** `key: value` or `- key: value`, the key plain or quoted; groups: indent, "- ", value. */
const KEY_LINE = /^( *)(- +)?(?:"(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#'"\-?:,[\]{}&*!|>%@`][^\n]*?|-[^\s#][^\n]*?) *:(?: +(.*))?$/
const SEQUENCE_ITEM = /^ *-( |$)/
const COMMENT = /^ *#/

export function indentOf(line: string): number {
  return line.length - line.trimStart().length
}

export function isKeyLine(line: string): boolean {
  return KEY_LINE.test(line)
}

/** A line YAML would read as structure (a key, an item, a comment) rather than text. */
function isStructural(line: string): boolean {
  return COMMENT.test(line) || SEQUENCE_ITEM.test(line) || KEY_LINE.test(line)
}

/** Where a quoted scalar that starts at `from` in `line` closes, or -1. */
function closingQuote(line: string, quote: string, from: number): number {
  for (let at = from; at < line.length; at++) {
    const char = line[at]
    if (quote === '"' && char === '\\') {
      at++
    } else if (char === quote) {
      if (quote === "'" && line[at + 1] === "'") at++
      else return at
    }
  }

  return -1
}

function indentTo(line: string, target: number): string {
  const indent = indentOf(line)
  return indent >= target ? line : ' '.repeat(target - indent) + line
}

/** Continuation lines of a quoted scalar, up to its closing quote; undefined if it never closes. */
function repairQuoted(lines: string[], start: number, quote: string, target: number): {end: number; changed: boolean} | undefined {
  let end = start
  while (end < lines.length && closingQuote(lines[end], quote, 0) === -1) end++
  if (end === lines.length) return undefined
  let changed = false
  for (let at = start; at <= end; at++) {
    if (lines[at].trim() === '' || indentOf(lines[at]) >= target) continue
    lines[at] = indentTo(lines[at], target)
    changed = true
  }

  return {changed, end}
}

/** Lines of a block scalar (| or >): text lines indented less than the block are pulled in. */
function repairBlock(lines: string[], start: number, keyIndent: number): {end: number; changed: boolean} {
  let blockIndent = 0
  let changed = false
  let at = start
  for (; at < lines.length; at++) {
    const line = lines[at]
    if (line.trim() === '') continue
    const indent = indentOf(line)
    if (blockIndent === 0) blockIndent = indent > keyIndent ? indent : keyIndent + 2
    if (indent >= blockIndent) continue
    if (isStructural(line)) break
    lines[at] = indentTo(line, blockIndent)
    changed = true
  }

  return {changed, end: at - 1}
}

/** Continuation lines of a plain scalar: text lines up to a blank or structural line. */
function repairPlain(lines: string[], start: number, target: number): {end: number; changed: boolean} {
  let changed = false
  let at = start
  for (; at < lines.length; at++) {
    const line = lines[at]
    if (line.trim() === '' || isStructural(line)) break
    if (indentOf(line) < target) {
      lines[at] = indentTo(line, target)
      changed = true
    }
  }

  return {changed, end: at - 1}
}

export interface RepairResult {
  text: string
  /** How many multi-line scalars were re-indented. */
  repaired: number
}

export function repairIndentation(text: string): RepairResult {
  const lines = text.split(/\r?\n/)
  let repaired = 0
  for (let at = 0; at < lines.length; at++) {
    const match = KEY_LINE.exec(lines[at])
    const value = match?.[3]?.trimEnd()
    if (!match || !value) continue
    const keyIndent = match[1].length + (match[2]?.length ?? 0)
    const target = keyIndent + 2
    let result: {end: number; changed: boolean} | undefined
    const first = value[0]
    if (first === '"' || first === "'") {
      if (closingQuote(value, first, 1) !== -1) continue
      result = repairQuoted(lines, at + 1, first, target)
    } else if (first === '|' || first === '>') {
      result = repairBlock(lines, at + 1, keyIndent)
    } else if (!'[{&*!#'.includes(first)) {
      result = repairPlain(lines, at + 1, target)
    }

    if (!result) continue
    if (result.changed) repaired++
    at = Math.max(at, result.end)
  }

  return {repaired, text: lines.join('\n')}
}
