/**
 * What --verbose may show of a header. Tokens, cookies and verification
 * tokens never reach stderr.
 */
const SECRET_HEADERS = new Set([
  'authorization',
  'cookie',
  'proxy-authorization',
  'x-pm-human-verification-token',
])

export function redactHeader(name: string, value: string): string {
  const lower = name.toLowerCase()
  if (lower === 'authorization') return value.replace(/^(\S+\s+)?.*$/s, (_all, scheme: string | undefined) => `${scheme ?? ''}[redacted]`)
  if (SECRET_HEADERS.has(lower)) return '[redacted]'
  if (lower === 'set-cookie') return value.replace(/^([^=;]*)=[^;]*/, '$1=[redacted]')
  return value
}

/** Header lines for --verbose, redacted, with a prefix such as "> ". */
export function headerLines(prefix: string, headers: Record<string, string | string[] | undefined>): string[] {
  const lines: string[] = []
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue
    for (const one of Array.isArray(value) ? value : [value]) lines.push(`${prefix}${name}: ${redactHeader(name, String(one))}`)
  }

  return lines
}
