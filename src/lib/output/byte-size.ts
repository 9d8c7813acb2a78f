/** Bytes as people read sizes in a table, a header line or a progress line: 512 B, 1.5 KiB, 2.0 MiB. */
export function byteSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${bytes} B`
  const units = ['KiB', 'MiB', 'GiB', 'TiB']
  let value = bytes / 1024
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }

  return `${value.toFixed(1)} ${units[unit]}`
}
