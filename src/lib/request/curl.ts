/**
 * --dry-run for the raw command: the request as a curl command ready to
 * paste into a POSIX shell. The access token never appears: the command
 * reads it from $PROTON_ACCESS_TOKEN, which the person sets themselves.
 */
import {HEADER} from '../contract/contract.ts'
import {shellQuote} from '../completion/shell-words.ts'

export interface CurlRequest {
  method: string
  url: URL
  /** Header names in lower case, values as they would be sent (the session's included). */
  headers: Record<string, string>
  /** The body: inline bytes, or read from a file by curl. */
  body?: {bytes: Buffer; file?: string}
}

function isPrintableText(bytes: Buffer): boolean {
  const text = bytes.toString('utf8')
  // eslint-disable-next-line no-control-regex
  return Buffer.from(text, 'utf8').equals(bytes) && !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(text)
}

export function renderCurl({body, headers, method, url}: CurlRequest): string {
  const words = ['curl', ...(method === 'GET' ? [] : ['-X', method]), shellQuote(url.toString())]
  for (const [name, value] of Object.entries(headers)) {
    // The session's token is replaced by a variable; a token given with -H is redacted the same way.
    words.push('-H', name === HEADER.AUTHORIZATION ? `"${name}: Bearer \${PROTON_ACCESS_TOKEN}"` : shellQuote(`${name}: ${value}`))
  }

  if (body) {
    if (body.file !== undefined) words.push('--data-binary', shellQuote(`@${body.file}`))
    else if (isPrintableText(body.bytes)) words.push('--data-binary', shellQuote(body.bytes.toString('utf8')))
    else words.push('--data-binary', "@-  # the body read from standard input")
  }

  return words.join(' ')
}
