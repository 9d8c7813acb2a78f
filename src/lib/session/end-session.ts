/**
 * Ending a session that nothing will keep: a login that was interrupted or failed after the service created its
 * session (a password login after SRP, a sign-in by approval after the approval) ends it rather than leaving it open.
 */
import {buildRequestUrl} from '../http/api-url.ts'
import {createTransport, send, type TransportOptions} from '../http/client.ts'
import {reportingInterruption} from '../core/interrupt.ts'

/**
 * DELETE /auth/v4 with the session's own credentials: brief, never retried, and past a Ctrl-C too (the interrupt's
 * one-second fallback held off for it). Whether the service ended it.
 */
export async function endUnkeptSession(apiUrl: URL, transport: TransportOptions, credentials: {accessToken: string; uid: string}): Promise<boolean> {
  if (transport.signal?.aborted) reportingInterruption()
  const options = {...transport, retries: 0, signal: undefined, timeoutSeconds: 5}
  return send(createTransport(options, credentials), {method: 'DELETE', url: buildRequestUrl(apiUrl, '/auth/v4')}, options).then(
    (response) => response.statusCode < 400,
    () => false,
  )
}

/** The note a login gives once it ended the session it could not keep. */
export const unkeptNote = (ended: boolean): string => (ended ? 'The new session was ended; nothing was kept.' : 'The new session could not be ended; nothing was kept.')
