/**
 * Aligned text tables with a header row, borderless, for --output text.
 * Alignment of wide and combining characters is the `table` library's job.
 */
import {getBorderCharacters, table} from 'table'

export function renderTable(header: string[], rows: string[][]): string {
  return table([header, ...rows], {
    border: getBorderCharacters('void'),
    columnDefault: {paddingLeft: 0, paddingRight: 2},
    drawHorizontalLine: () => false,
  })
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line !== '')
    .join('\n')
}
