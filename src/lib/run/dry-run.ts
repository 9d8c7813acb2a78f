/**
 * Requests a command plans to send, and their --dry-run rendering: method,
 * URL and body, nothing sent.
 */
import {buildRequestUrl} from '../http/api-url.ts'

export interface PlannedRequest {
  method: 'DELETE' | 'GET' | 'POST' | 'PUT'
  /** Path relative to the base URL, beginning with "/". */
  path: string
  query?: Array<[string, string]>
  body?: Record<string, unknown>
}

export interface DryRunEntry {
  Method: string
  URL: string
  Body?: Record<string, unknown>
}

export function dryRunEntries(base: URL, requests: readonly PlannedRequest[]): DryRunEntry[] {
  return requests.map(({body, method, path, query}) => ({
    Method: method,
    URL: buildRequestUrl(base, path, query).toString(),
    ...(body === undefined ? {} : {Body: body}),
  }))
}

/** METHOD URL, then the body as indented JSON; a blank line between requests. */
export function dryRunText(entries: readonly DryRunEntry[]): string {
  return entries.map(({Body, Method, URL}) => [`${Method} ${URL}`, ...(Body === undefined ? [] : [JSON.stringify(Body, null, 2)])].join('\n')).join('\n\n')
}
