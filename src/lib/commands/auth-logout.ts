/** proton auth logout: end the session on the service, then remove it locally, even when the service cannot be reached. */
import {buildRequestUrl} from '../http/api-url.ts'
import {describeFailure} from '../runtime/errors.ts'
import {EXIT} from '../runtime/exit-status.ts'
import {plainCommand} from '../runtime/plain-command.ts'

export const authLogout = plainCommand({
  options: () => ({}),
  async run(invocation) {
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
        const session = await invocation.session()
        const response = await invocation.request(session, {method: 'DELETE', url: buildRequestUrl(session.apiUrl, '/core/v4/auth')})
        if (response.statusCode >= 300) invocation.note(`Warning: the service answered HTTP ${response.statusCode} to the logout; the local session is removed anyway`)
      } catch (error) {
        invocation.note(`Warning: could not end the session on the service (the local session is removed anyway): ${describeFailure(error).message}`)
      }
    }

    await sessions.remove(profile)
    invocation.note(`logged out (profile ${profile})`)
  },
})
