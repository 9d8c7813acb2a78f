/**
 * proton auth logout: end the session a command would use. A profile's
 * session is ended on the service, then removed locally, even when the
 * service cannot be reached. A session from the environment (PROTON_UID and
 * PROTON_ACCESS_TOKEN, which win over the profile) is only ended on the
 * service: there is nothing of it on disk, and the profile's own session,
 * never sent, is not the one to remove.
 */
import {buildRequestUrl} from '../http/api-url.ts'
import {describeApiError} from '../output/api-error.ts'
import {sniffJson} from '../output/envelope.ts'
import {CliFailure, describeFailure} from '../runtime/errors.ts'
import {EXIT, exitStatusForResponse} from '../runtime/exit-status.ts'
import type {Invocation} from '../runtime/invocation.ts'
import {plainCommand} from '../runtime/plain-command.ts'
import {removeSeal} from '../account/key-seal.ts'
import {ENVIRONMENT_SESSION, hasEnvironmentSession} from '../session/session.ts'

/** The service's logout of the session in use. */
async function revoke(invocation: Invocation) {
  const session = await invocation.session()
  return invocation.request(session, {method: 'DELETE', url: buildRequestUrl(session.apiUrl, '/core/v4/auth')})
}

/** The environment's session: ended on the service, or a failure saying it may still be valid. */
async function endEnvironmentSession(invocation: Invocation): Promise<void> {
  const response = await revoke(invocation)
  const sniff = sniffJson(response.body)
  const status = exitStatusForResponse(response.statusCode, sniff.json ? sniff.envelope.code : undefined)
  if (status !== EXIT.OK) {
    const why = describeApiError(response.statusCode, response.statusMessage, sniff.json ? sniff.envelope : undefined)
    throw new CliFailure(`the service did not end ${ENVIRONMENT_SESSION} (${why}); no stored session was touched`, status)
  }

  invocation.note(`logged out: ended ${ENVIRONMENT_SESSION}; stored sessions are kept (unset those variables to log out of profile ${invocation.flags.profile})`)
}

async function endProfileSession(invocation: Invocation): Promise<void> {
  const {profile} = invocation.flags
  const {sessions} = invocation
  const stored = await sessions.read(profile)
  if (!stored) {
    invocation.note(`not logged in (profile ${profile})`)
    return invocation.exit(EXIT.AUTH)
  }

  if (stored.RefreshRefusedAt) {
    invocation.note('the session had already expired on the service')
  } else {
    try {
      const response = await revoke(invocation)
      if (response.statusCode >= 300) invocation.note(`Warning: the service answered HTTP ${response.statusCode} to the logout; the local session is removed anyway`)
    } catch (error) {
      invocation.note(`Warning: could not end the session on the service (the local session is removed anyway): ${describeFailure(error).message}`)
    }
  }

  await sessions.remove(profile)
  removeSeal(invocation.context.cacheDir, profile)
  invocation.note(`logged out (profile ${profile})`)
}

export const authLogout = plainCommand({
  options: () => ({}),
  run: (invocation) => (hasEnvironmentSession(invocation.io.env) ? endEnvironmentSession(invocation) : endProfileSession(invocation)),
})
