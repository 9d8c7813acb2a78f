/** proton auth list: the profiles that have sessions, the one in use marked. */
import {commandLine} from '../../core/command-names.ts'
import {printData, writeListing} from '../../run/printer.ts'
import {plainCommand} from '../../run/plain-command.ts'
import {wholeCell} from '../../output/table-style.ts'
import {type SessionSummary, summarize} from '../../session/summary.ts'

export const authList = plainCommand({
  options: () => ({}),
  async run(invocation) {
    const {sessions} = invocation
    const summaries: SessionSummary[] = []
    for (const profile of await sessions.list()) {
      const stored = await sessions.read(profile).catch(() => undefined)
      if (stored) summaries.push(summarize(profile, stored))
    }

    // An empty stdout alone would not tell "none" from "failed": say so on stderr.
    if (summaries.length === 0) invocation.note(`no sessions (in ${sessions.directory}): run "${commandLine(invocation.context.names, 'auth:login')}"`)
    if (invocation.flags.output !== 'text') return printData(invocation, summaries, () => '')
    if (summaries.length === 0) return
    // The profile in use (--profile / PROTON_PROFILE) is marked with "*" in a column of its own (empty for the others when piped).
    const rows = summaries.map((summary) => [
      summary.profile === invocation.flags.profile ? '*' : '',
      ...[summary.profile, summary.username ?? '', summary.apiUrl, summary.state].map((cell) => wholeCell(cell)),
    ])
    writeListing(invocation, {header: ['', 'PROFILE', 'USER', 'API URL', 'STATE'], keep: [0, 1], rows})
  },
})
