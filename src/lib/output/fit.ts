/**
 * Tables on a terminal fit its width (80 columns when it does not say):
 * free text is cut first, evenly, with an ellipsis, down to a floor; an ID
 * stays whole unless the table cannot fit otherwise, and is then cut to a
 * short stem (a cut ID cannot be used in another command, only recognised,
 * so it is cut to the same short width whatever room is left). Piped
 * output is not cut: scripts get every cell whole, as --output json does.
 */
import type {OutputStream} from './output.ts'

/** What a terminal that does not say its width is taken to have. */
export const DEFAULT_COLUMNS = 80
/** Cells are separated by two spaces (see table.ts). */
const GAP = 2

export type ColumnFit =
  /** Never cut (times, counts, short words). */
  | {kind: 'fixed'}
  /** Free text: cut first, the widest first, down to `min`. */
  | {kind: 'text'; min: number}
  /** An identifier: whole, else cut to `min` when the table does not fit with it whole. */
  | {kind: 'id'; min: number}

/** The width tables must fit: the terminal's when the stream is one, else undefined (nothing is cut). */
export function terminalWidth(stream: OutputStream): number | undefined {
  if (!stream.isTTY) return undefined
  const {columns} = stream as {columns?: unknown}
  return typeof columns === 'number' && columns > 0 ? columns : DEFAULT_COLUMNS
}

const length = (cell: string) => [...cell].length

/** A cell cut to `width` characters, the last one an ellipsis. */
export function cut(cell: string, width: number): string {
  const characters = [...cell]
  return characters.length <= width ? cell : `${characters.slice(0, Math.max(0, width - 1)).join('')}…`
}

/** Widths of the text columns within `room`, the widest narrowed first, none below its floor; undefined when the floors do not fit. */
function shareRoom(natural: readonly number[], floors: readonly number[], room: number): number[] | undefined {
  const widths = [...natural]
  let excess = widths.reduce((sum, width) => sum + width, 0) - room
  while (excess > 0) {
    let widest = -1
    for (const [index, width] of widths.entries()) if (width > floors[index] && (widest === -1 || width > widths[widest])) widest = index
    if (widest === -1) return undefined
    widths[widest] -= 1
    excess -= 1
  }

  return widths
}

/**
 * Rows (the header first) cut so that the table is at most `width`
 * columns wide where it can be; `width` undefined leaves them whole.
 */
export function fitRows(rows: readonly string[][], columns: readonly ColumnFit[], width: number | undefined): string[][] {
  if (width === undefined || rows.length === 0) return rows.map((row) => [...row])
  const natural = columns.map((_, column) => Math.max(...rows.map((row) => length(row[column] ?? ''))))
  const room = width - GAP * (columns.length - 1)
  const textColumns = columns.flatMap((fit, index) => (fit.kind === 'text' ? [index] : []))
  const floors = textColumns.map((index) => {
    const fit = columns[index]
    return Math.min(natural[index], fit.kind === 'text' ? fit.min : natural[index])
  })
  const widthsWith = (ids: 'cut' | 'whole'): number[] | undefined => {
    const others = columns.reduce((sum, fit, index) => {
      if (fit.kind === 'fixed') return sum + natural[index]
      if (fit.kind === 'id') return sum + (ids === 'whole' ? natural[index] : Math.min(natural[index], fit.min))
      return sum
    }, 0)
    const shared = shareRoom(
      textColumns.map((index) => natural[index]),
      floors,
      room - others,
    )
    if (!shared) return undefined
    return columns.map((fit, index) => {
      if (fit.kind === 'text') return shared[textColumns.indexOf(index)]
      if (fit.kind === 'id' && ids === 'cut') return Math.min(natural[index], fit.min)
      return natural[index]
    })
  }

  // IDs whole if the text can make room for them; else IDs cut and the text given what is left; else everything at its floor.
  const widths =
    widthsWith('whole') ??
    widthsWith('cut') ??
    columns.map((fit, index) => (fit.kind === 'fixed' ? natural[index] : Math.min(natural[index], fit.min)))
  return rows.map((row) => row.map((cell, column) => cut(cell, widths[column])))
}
