/** What `proton api --dry-run` prints: the request as a curl command line (renderCurl), nothing sent. */
import {renderCurl} from './curl.ts'
import {type ApiRequest, sessionHeaders} from '../http/client.ts'
import type {Invocation} from '../run/invocation.ts'
import type {ActiveSession} from '../session/session.ts'
import {commandLine} from '../core/command-names.ts'
import {shellQuote} from '../output/shell-quote.ts'

/** The profile a line without --profile (and without PROTON_PROFILE) uses: global-flags.ts. */
const DEFAULT_PROFILE = 'default'

/**
 * How the printed curl gets the token: `proton auth token`, with the
 * session's profile when it is not the default one (an environment session
 * needs none: the variables answer for it in curl's shell too).
 */
function tokenCommand(invocation: Invocation, session: ActiveSession): string {
  const line = commandLine(invocation.context.names, 'auth:token')
  const fromEnvironment = Boolean(invocation.io.env.PROTON_UID && invocation.io.env.PROTON_ACCESS_TOKEN)
  if (fromEnvironment || session.profile === DEFAULT_PROFILE) return line
  // A profile name is letters, digits, "_", "." and "-" (store.ts); quoted only should it hold anything else.
  return `${line} --profile ${/^[\w.-]+$/.test(session.profile) ? session.profile : shellQuote(session.profile)}`
}

/** --dry-run: the request as a curl command line on stdout, the session's headers with it, the token left to a command. */
export function printCurl(invocation: Invocation, session: ActiveSession, request: ApiRequest & {body?: Buffer}, bodyFile?: string): void {
  const headers = {...sessionHeaders(session, invocation.transport(session), request.body !== undefined), ...request.headers}
  const body = request.body === undefined ? undefined : {bytes: request.body, file: bodyFile}
  invocation.io.stdout.write(`${renderCurl({body, headers, method: request.method, tokenCommand: tokenCommand(invocation, session), url: request.url})}\n`)
}
