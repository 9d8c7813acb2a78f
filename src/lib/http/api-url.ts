/**
 * Base URLs and request URLs. Credentials only ever travel to the session's
 * own origin, and plain http:// only to this machine.
 */
import {usageError} from '../core/errors.ts'

/** 127.0.0.0/8, ::1 and localhost: the only hosts plain http:// may reach. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)]$/, '$1')
  if (host === 'localhost' || host === '::1') return true
  return /^127(\.\d{1,3}){3}$/.test(host)
}

/** Parse and check a base URL given by flag, environment or session. */
export function parseBaseUrl(text: string, source = '--api-url'): URL {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw usageError(`${source} is not a URL: ${JSON.stringify(text)}`)
  }

  if (url.username || url.password) throw usageError(`${source} must not carry a user name or password`)
  if (url.search || url.hash) throw usageError(`${source} must not carry a query or fragment: ${url.origin}${url.pathname}`)
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw usageError(`${source} ${url.origin} uses plain http://, which is allowed only for loopback hosts; use https://`)
  }

  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw usageError(`${source} must be an https:// URL (http:// only for loopback), not ${url.protocol}`)
  }

  return url
}

/** Origin plus path, without a trailing slash: what two base URLs are compared by. */
export function baseKey(url: URL): string {
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
}

/**
 * The URL a request goes to: the base URL, the endpoint exactly as given
 * (with its own ?query, if any), then the --query pairs, percent-encoded.
 */
export function buildRequestUrl(base: URL, endpoint: string, query: ReadonlyArray<readonly [string, string]> = []): URL {
  let text = `${baseKey(base)}${endpoint}`
  if (query.length > 0) {
    const pairs = query.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&')
    const separator = endpoint.includes('?') ? (/[?&]$/.test(endpoint) ? '' : '&') : '?'
    text += separator + pairs
  }

  const url = new URL(text)
  // The endpoint is validated to be a plain path, so this cannot happen; a
  // second check is cheap where a token would otherwise leak.
  if (url.origin !== base.origin) throw usageError(`ENDPOINT would leave ${base.origin}`)
  return url
}
