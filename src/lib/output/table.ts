/**
 * Aligned text tables, borderless, for --output text: columns padded to
 * their widest cell, two spaces apart, the last one not padded. Alignment of
 * wide and combining characters is the `table` library's job.
 */
import {getBorderCharacters, table} from 'table'

/** Rows of cells, the first row included as given (a header or not). */
export function alignedRows(rows: readonly string[][]): string {
  if (rows.length === 0) return ''
  return table(rows as string[][], {
    border: getBorderCharacters('void'),
    columnDefault: {paddingLeft: 0, paddingRight: 2},
    drawHorizontalLine: () => false,
  })
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line !== '')
    .join('\n')
}

export function renderTable(header: string[], rows: string[][]): string {
  return alignedRows([header, ...rows])
}
