/** Printing what discovery commands find: an aligned table, JSON or YAML. */
import {type OutputFormat, toYaml} from '../output/output.ts'

/** Rows of cells as columns padded to their widest cell; the last column is not padded. */
export function alignedTable(rows: readonly string[][]): string {
  const widths: number[] = []
  for (const row of rows) row.forEach((cell, at) => (widths[at] = Math.max(widths[at] ?? 0, cell.length)))
  return rows.map((row) => row.map((cell, at) => (at === row.length - 1 ? cell : cell.padEnd(widths[at]))).join('  ').trimEnd()).join('\n')
}

/** A value as JSON or YAML text, ending with a newline. */
export async function structured(value: unknown, format: Exclude<OutputFormat, 'text'>): Promise<string> {
  return format === 'yaml' ? toYaml(value) : `${JSON.stringify(value, null, 2)}\n`
}
