/**
 * How a list is printed on stdout in text, as gh prints its tables: on a
 * terminal, aligned columns under a header, fitted to its width (fit.ts:
 * $COLUMNS, else the terminal's, else 80), long cells cut with "…", times
 * short (2026-11-23 08:20), then a footer; anywhere else (a pipe, a file)
 * whole values, tab-separated, one row per line, no header, and the footer
 * on stderr, so `cut -f1`, awk and `while read` get every value as it is.
 */
import {cellText} from './cells.ts'
import {compactTimeText, timeText} from './dates.ts'
import {type OutputStream} from './output.ts'
import {fittedTable, tableWidth} from './fit.ts'
import type {ListingKind} from '../files/last-listing.ts'

export interface TableStyle {
  /** stdout is not a terminal: tab-separated values. */
  readonly piped: boolean
  /** The terminal's width (fit.ts). */
  readonly width: number
}

export function tableStyle(io: {readonly stdout: OutputStream; readonly env: NodeJS.ProcessEnv}): TableStyle {
  return {piped: !io.stdout.isTTY, width: tableWidth(io.stdout, io.env)}
}

/** A list as a view gives it: its columns, its rows (whole values), and what goes around them. */
export interface Listing {
  header: readonly string[]
  rows: readonly string[][]
  /** Columns that give way first when fitting (identifiers), those never cut (a time, a size), and those left out, the least useful first, rather than cut to stubs; see fit.ts. */
  giveFirst?: readonly number[]
  keep?: readonly number[]
  drop?: readonly number[]
  /** A line after the table on a terminal ("page 1 of 3, 120 messages"); on stderr when piped. */
  footer?: string
  /** What the rows are, and their IDs, whole: kept after a terminal's listing so that a cut one can be given back (last-listing.ts). */
  kind?: ListingKind
  ids?: readonly string[]
}

/** The table alone (no footer): fitted on a terminal, tab-separated otherwise; '' when there are no rows to pipe. */
export function listingTable(style: TableStyle, listing: Listing): string {
  if (style.piped) return listing.rows.map((row) => row.join('\t')).join('\n')
  // No rows: the footer says so alone ("page 1 of 1, 0 messages").
  if (listing.rows.length === 0 && listing.footer !== undefined) return ''
  return fittedTable(
    [...listing.header],
    listing.rows.map((row) => [...row]),
    style.width,
    listing,
  )
}

/** Any value as a cell, whole (fitting cuts it on a terminal): one line, control characters escaped. */
export function wholeCell(value: unknown): string {
  return cellText(value, Number.POSITIVE_INFINITY)
}

/** A Unix-seconds time: short on a terminal, the full local ISO 8601 date-time when piped. */
export function timeCell(style: TableStyle, value: unknown): string {
  return style.piped ? timeText(value) : compactTimeText(value)
}

/** What every list command's help says about its text output. */
export const LISTING_HELP = `On a terminal the list fits its width (the terminal's, else $COLUMNS, else 80): a header, cells cut with "…" (identifiers first), times to the minute, then any footer; an ID as shown there, cut, is accepted by the next command. Piped or redirected: whole values, tab-separated, one row per line, no header, any footer on stderr (as gh prints its lists).`
