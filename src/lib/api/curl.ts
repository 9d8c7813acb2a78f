/**
 * --dry-run for the raw command: the request as a curl command ready to
 * paste into a POSIX shell, sending what the tool would send: the same
 * method, URL, headers (User-Agent and Accept-Encoding included) and body
 * bytes. The access token never appears: the command asks for it with
 * `$(proton auth token …)` (as gh's users write `$(gh auth token)`), so it
 * runs as printed, and no variable of its own can stand in the tool's way
 * (a PROTON_ACCESS_TOKEN exported alone would: it is half of an
 * environment session).
 */
import {HEADER} from '../contract/contract.ts'
import {shellQuote} from '../output/shell-quote.ts'

export interface CurlRequest {
  /** The command line that prints the session's token: `proton auth token --profile work`. */
  tokenCommand: string
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

/** Any bytes as a printf(1) format that writes exactly them (octal escapes; NUL included). */
function printfBytes(bytes: Buffer): string {
  return `printf '${[...bytes].map((byte) => `\\${byte.toString(8).padStart(3, '0')}`).join('')}'`
}

/**
 * How curl is told the method: -I for HEAD (-X HEAD would make it wait for
 * a body that never comes), nothing for what it does by default (GET, POST
 * with a body), -X otherwise.
 */
function methodWords(method: string, withBody: boolean): string[] {
  if (method === 'HEAD') return ['-I']
  if ((method === 'GET' && !withBody) || (method === 'POST' && withBody)) return []
  return ['-X', method]
}

export function renderCurl({body, headers, method, tokenCommand, url}: CurlRequest): string {
  // -sS: no progress meter, errors still said. --compressed: curl decodes the answer as the tool does,
  // and our Accept-Encoding header replaces its own.
  const words = ['curl', '-sS', '--compressed', ...methodWords(method, body !== undefined), shellQuote(url.toString())]
  for (const [name, value] of Object.entries(headers)) {
    // The session's token is asked for when curl runs; a token given with -H is left out the same way.
    words.push('-H', name === HEADER.AUTHORIZATION ? `"${name}: Bearer $(${tokenCommand})"` : shellQuote(`${name}: ${value}`))
  }

  if (!body) return words.join(' ')
  // --data-raw takes the text as it is (--data-binary would read a file named by a leading @).
  if (body.file !== undefined) return [...words, '--data-binary', shellQuote(`@${body.file}`)].join(' ')
  if (isPrintableText(body.bytes)) return [...words, '--data-raw', shellQuote(body.bytes.toString('utf8'))].join(' ')
  return `${printfBytes(body.bytes)} | ${[...words, '--data-binary', '@-'].join(' ')}`
}
