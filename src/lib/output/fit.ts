/**
 * Tables that fit the terminal: the columns are narrowed, the widest first,
 * until the rows fit the width (the terminal's when stdout is one that
 * says, else $COLUMNS, else 80), and a cell longer than its column is cut
 * with an ellipsis. The values stay whole in --output json.
 */
import type {OutputStream} from './output.ts'
import {renderTable} from './table.ts'
import {displayWidth, truncate} from './width.ts'

export const DEFAULT_WIDTH = 80
/** What renderTable puts between two columns. */
const GAP = 2
/** No column is narrowed below its header or this. */
const MIN_COLUMN = 6
/** How far any column but those kept whole gives when nothing else is left: a character and the ellipsis. */
const LAST_FLOOR = 2
/** How far the columns that give first go before the others give too. */
const FIRST_FLOOR = 12

/** The width tables are fitted to. */
export function tableWidth(stdout: OutputStream, env: NodeJS.ProcessEnv): number {
  const {columns} = stdout as OutputStream & {columns?: number}
  if (stdout.isTTY && typeof columns === 'number' && Number.isInteger(columns) && columns > 0) return columns
  const fromEnv = /^\d{1,4}$/.test(env.COLUMNS ?? '') ? Number(env.COLUMNS) : 0
  return fromEnv > 0 ? fromEnv : DEFAULT_WIDTH
}

/**
 * The width of each column once the rows fit `width` (or are as narrow as
 * they may be). The columns in `giveFirst` (identifiers, which people tell
 * apart by their first characters) give way first, down to a dozen
 * characters; then the widest columns, one character at a time, so that
 * equally wide ones give alike, none below its header or six characters;
 * then, if the rows still do not fit, headers included, down to two. The
 * columns in `keep` (a time, which cut would no longer say when; a size,
 * which cut would lose its unit) never give.
 */
export function columnWidths(header: readonly string[], rows: readonly string[][], width: number, giveFirst: readonly number[] = [], keep: readonly number[] = []): number[] {
  return fit(header, rows, width, giveFirst, keep).widths
}

/** columnWidths, and whether any column had to go below six characters (or its header) for the rows to fit. */
function fit(header: readonly string[], rows: readonly string[][], width: number, giveFirst: readonly number[], keep: readonly number[]): {widths: number[]; stubbed: boolean} {
  const natural = header.map((title, column) => Math.max(displayWidth(title), ...rows.map((row) => displayWidth(row[column] ?? ''))))
  const floors = (least: number) => header.map((title, column) => (keep.includes(column) ? natural[column] : Math.min(natural[column], Math.max(displayWidth(title), least))))
  const widths = natural.slice()
  const excess = natural.reduce((sum, each) => sum + each, 0) + GAP * (natural.length - 1) - width
  const first = floors(FIRST_FLOOR).map((least, column) => (giveFirst.includes(column) ? least : natural[column]))
  const left = narrow(widths, floors(MIN_COLUMN), narrow(widths, first, excess))
  // Still too wide (many columns on a narrow terminal): headers too are cut, every column down to LAST_FLOOR.
  narrow(
    widths,
    natural.map((each, column) => (keep.includes(column) ? each : Math.min(each, LAST_FLOOR))),
    left,
  )
  return {stubbed: left > 0, widths}
}

/**
 * The columns shown and their widths (columnWidths): while the rows would
 * fit only with columns cut to stubs ("Wel…", "fol…"), the columns in
 * `drop`, the least useful first, are left out, one at a time, so that
 * what stays is readable.
 */
export function fittedColumns(header: readonly string[], rows: readonly string[][], width: number, {drop = [], giveFirst = [], keep = []}: FitOptions = {}): {shown: number[]; widths: number[]} {
  let shown = header.map((_, column) => column)
  for (let dropped = 0; ; dropped++) {
    const pick = (row: readonly string[]) => shown.map((column) => row[column] ?? '')
    const local = (columns: readonly number[]) => columns.map((column) => shown.indexOf(column)).filter((index) => index !== -1)
    const {stubbed, widths} = fit(pick(header), rows.map(pick), width, local(giveFirst), local(keep))
    if (!stubbed || dropped === drop.length) return {shown, widths}
    shown = shown.filter((column) => column !== drop[dropped])
  }
}

/** How a table gives way (columnWidths, fittedColumns): its columns by index. */
export interface FitOptions {
  giveFirst?: readonly number[]
  keep?: readonly number[]
  drop?: readonly number[]
}

/** Narrow `widths` (in place) by up to `excess`, widest first, none below its floor; what is left of `excess`. */
function narrow(widths: number[], floors: readonly number[], excess: number): number {
  let left = excess
  while (left > 0) {
    const giving = widths.map((_, column) => column).filter((column) => widths[column] > floors[column])
    if (giving.length === 0) break
    const widest = Math.max(...giving.map((column) => widths[column]))
    for (const column of giving) {
      if (left === 0) break
      if (widths[column] !== widest) continue
      widths[column] -= 1
      left -= 1
    }
  }

  return left
}

/** renderTable, every cell cut to fit its column so that each line fits `width`; see fittedColumns. */
export function fittedTable(header: string[], rows: string[][], width: number, options: FitOptions = {}): string {
  const {shown, widths} = fittedColumns(header, rows, width, options)
  const cut = (row: readonly string[]) => shown.map((column, index) => truncate(row[column] ?? '', widths[index]))
  return renderTable(
    cut(header),
    rows.map((row) => cut(row)),
  )
}
