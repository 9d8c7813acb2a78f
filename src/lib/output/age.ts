/** "3 minutes ago": how old an ISO date-time is, for people. */
const UNITS: Array<[string, number]> = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
]

export function age(iso: string | undefined, now = Date.now()): string | undefined {
  if (!iso) return undefined
  const then = Date.parse(iso)
  if (Number.isNaN(then)) return undefined
  const elapsed = Math.max(0, now - then)
  for (const [unit, size] of UNITS) {
    const count = Math.floor(elapsed / size)
    if (count >= 1) return `${count} ${unit}${count === 1 ? '' : 's'} ago`
  }

  return 'just now'
}
