/**
 * What --verbose and -i may show of a request or an answer's head. Tokens,
 * cookies and verification tokens never reach stderr, and the service's
 * text (reason phrase, header values) has its control characters escaped
 * (see core/escape.ts).
 */
import {escapeLine} from '../core/escape.ts'

const SECRET_HEADERS = new Set([
  'authorization',
  'cookie',
  'proxy-authorization',
  'x-pm-human-verification-token',
  // Drive's storage token: it alone authorises reading or writing a file's blocks.
  'pm-storage-token',
])

export function redactHeader(name: string, value: string): string {
  const lower = name.toLowerCase()
  if (lower === 'authorization') return value.replace(/^(\S+\s+)?.*$/s, (_all, scheme: string | undefined) => `${scheme ?? ''}[redacted]`)
  if (SECRET_HEADERS.has(lower)) return '[redacted]'
  if (lower === 'set-cookie') return value.replace(/^([^=;]*)=[^;]*/, '$1=[redacted]')
  return value
}

/** Header lines for --verbose and -i, redacted and escaped, with a prefix such as "> ". */
export function headerLines(prefix: string, headers: Record<string, string | string[] | undefined>): string[] {
  const lines: string[] = []
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue
    for (const one of Array.isArray(value) ? value : [value]) lines.push(`${prefix}${escapeLine(name)}: ${escapeLine(redactHeader(name, String(one)))}`)
  }

  return lines
}

/** An answer's status line and headers as -i and --verbose show them ("HTTP/1.1 200 OK", then "name: value"). */
export function responseHeadLines(prefix: string, head: {headers: Record<string, string | string[] | undefined>; httpVersion: string; statusCode: number; statusMessage?: string}): string[] {
  const status = `${prefix}HTTP/${head.httpVersion} ${head.statusCode} ${escapeLine(head.statusMessage ?? '')}`.trimEnd()
  return [status, ...headerLines(prefix, head.headers)]
}
