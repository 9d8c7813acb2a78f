/** Levenshtein distance: insertions, deletions and substitutions cost 1 each. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({length: b.length + 1}, (_, at) => at)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1))
    }

    previous = current
  }

  return previous[b.length]
}

/** editDistance that also counts two neighbours swapped ("mial" for "mail") as one edit (optimal string alignment). */
export function typoDistance(a: string, b: string): number {
  const rows: number[][] = [Array.from({length: b.length + 1}, (_, at) => at)]
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(rows[i - 1][j] + 1, row[j - 1] + 1, rows[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1))
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j], rows[i - 2][j - 2] + 1)
    }

    rows.push(row)
  }

  return rows[a.length][b.length]
}
