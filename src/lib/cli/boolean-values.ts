/**
 * A boolean flag given a value, as scripts write them (`--starred=false`,
 * `--unread=true`): taken before either parser sees the line (fast-parse
 * and oclif alike, so the two agree), `true` as the flag given, `false` as
 * the flag left out. Other values are left for the parser to refuse.
 * Nothing after `--` is touched: it is arguments.
 */
const TRUE = new Set(['1', 'true', 'yes'])
const FALSE = new Set(['0', 'false', 'no'])

export function booleanValues(argv: readonly string[], booleans: ReadonlySet<string>): string[] {
  const out: string[] = []
  for (const [index, token] of argv.entries()) {
    if (token === '--') return [...out, ...argv.slice(index)]
    const match = /^--([\w-]+)=(.*)$/s.exec(token)
    const value = match?.[2].toLowerCase()
    if (match && value !== undefined && booleans.has(match[1]) && (TRUE.has(value) || FALSE.has(value))) {
      if (TRUE.has(value)) out.push(`--${match[1]}`)
      continue
    }

    out.push(token)
  }

  return out
}
