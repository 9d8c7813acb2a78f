/**
 * Aligned text tables, borderless, for --output text: what the `table`
 * library draws with these settings (void borders, two spaces after each
 * cell, no rules), each line trimmed. Loading `table` costs some 15 ms of a
 * cold start, so the common case is drawn here: cells whose width is their
 * length (printable ASCII, Latin letters, common punctuation such as "…").
 * Anything else (wide characters, emoji, combining marks, escape sequences,
 * control characters, which `table` refuses) goes to `table` itself, which
 * is loaded then. test/lib/output/table.test.ts compares both on generated
 * tables.
 */
import {createRequire} from 'node:module'

/** Characters one column wide that `table` (string-width) counts as one: no emoji, no combining mark, nothing wide. */
const PLAIN = /^[\u0020-\u007E\u00A0-\u00A8\u00AA-\u00AD\u00AF-\u02FF\u2010-\u2027\u2030-\u203B]*$/

type Table = typeof import('table')

let library: Table | undefined

function loadTable(): Table {
  // `require` exists in the fast path's CommonJS bundle, which leaves `table` in node_modules; an ES module makes its own.
  const load = typeof require === 'function' ? require : createRequire(import.meta.url)
  library ??= load('table') as Table
  return library
}

function drawn(rows: readonly string[][]): string {
  const {getBorderCharacters, table} = loadTable()
  return table(rows as string[][], {
    border: getBorderCharacters('void'),
    columnDefault: {paddingLeft: 0, paddingRight: 2},
    drawHorizontalLine: () => false,
  })
}

/** Rows of cells, the first row included as given (a header or not). */
export function alignedRows(rows: readonly string[][]): string {
  if (rows.length === 0) return ''
  const columns = rows[0].length
  let text: string
  if (rows.every((row) => row.length === columns && row.every((cell) => PLAIN.test(cell)))) {
    const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)))
    text = rows.map((row) => row.map((cell, column) => `${cell.padEnd(widths[column])}  `).join('')).join('\n')
  } else text = drawn(rows)
  return text
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line !== '')
    .join('\n')
}

export function renderTable(header: string[], rows: string[][]): string {
  return alignedRows([header, ...rows])
}
