/** proton auth list: the profiles that have sessions, the one in use marked. */
import {commandLine} from '../runtime/command-names.ts'
import {printData} from '../runtime/dedicated.ts'
import {plainCommand} from '../runtime/plain-command.ts'
import {renderTable} from '../output/table.ts'
import {type SessionSummary, summarize} from '../session/summary.ts'

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
    // The profile in use (--profile / PROTON_PROFILE) is marked with "*".
    const rows = summaries.map((summary) => [
      `${summary.profile === invocation.flags.profile ? '*' : ' '} ${summary.profile}`,
      summary.username ?? '',
      summary.apiUrl,
      summary.state,
    ])
    await printData(invocation, summaries, () => (rows.length > 0 ? renderTable(['  PROFILE', 'USER', 'API URL', 'STATE'], rows) : ''))
  },
})
