/** proton auth status: a profile's session without its tokens; exit 2 when there is none or it expired. */
import {commandLine} from '../../core/command-names.ts'
import {printData} from '../../run/printer.ts'
import {EXIT} from '../../core/exit-status.ts'
import {plainCommand} from '../../run/plain-command.ts'
import {describeSummary, summarize} from '../../session/summary.ts'

export const authStatus = plainCommand({
  options: () => ({}),
  async run(invocation) {
    const {profile} = invocation.flags
    const stored = await invocation.sessions.read(profile)
    if (!stored) {
      invocation.note(`not logged in (profile ${profile}): run "${commandLine(invocation.context.names, 'auth:login')}"`)
      return invocation.exit(EXIT.AUTH)
    }

    const summary = summarize(profile, stored)
    await printData(invocation, summary, () => describeSummary(summary, invocation.io.now().getTime()))
    if (summary.state === 'expired') invocation.exit(EXIT.AUTH)
  },
})
