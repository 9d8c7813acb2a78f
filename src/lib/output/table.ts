/**
 * Aligned text tables, borderless, for --output text: what the `table`
 * library draws with these settings (void borders, two spaces after each
 * cell, no rules), each line trimmed. Loading `table` costs some 15 ms of a
 * cold start, so tables are drawn here, cells padded to their display width
 * (width.ts: wide CJK characters and emoji take two columns, combining marks
 * none), whatever the text. Only a cell holding control characters (which
 * `table` refuses) or escape sequences (whose width it measures without
 * them) goes to `table` itself, loaded then; the service's text never does,
 * as it reaches a table escaped. test/lib/output/table.test.ts compares
 * both on generated tables.
 */
import {createRequire} from 'node:module'

import {displayWidth} from './width.ts'

/** Control characters (escape sequences among them): `table` refuses them, or measures around them. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/

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
  if (rows.every((row) => row.length === columns && row.every((cell) => !CONTROL.test(cell)))) {
    const cellWidths = rows.map((row) => row.map((cell) => displayWidth(cell)))
    const widths = rows[0].map((_, column) => Math.max(...cellWidths.map((row) => row[column])))
    text = rows.map((row, index) => row.map((cell, column) => `${cell}${' '.repeat(widths[column] - cellWidths[index][column] + 2)}`).join('')).join('\n')
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
