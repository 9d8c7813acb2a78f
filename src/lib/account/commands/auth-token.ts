/**
 * proton auth token: the access token of the session the other commands
 * would use (the environment's PROTON_UID and PROTON_ACCESS_TOKEN, else the
 * profile's), alone on stdout, as `gh auth token` prints its own: for
 * `curl -H "Authorization: Bearer $(proton auth token)"`, which is what
 * `proton api --dry-run` prints. Nothing else: never on stderr, never in a
 * log (no request is sent, so --verbose has nothing to show).
 */
import {plainCommand} from '../../run/plain-command.ts'

export const authToken = plainCommand({
  options: () => ({}),
  async run(invocation) {
    const session = await invocation.session()
    invocation.io.stdout.write(`${session.accessToken}\n`)
  },
})
