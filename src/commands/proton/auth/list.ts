import {ProtonCommand} from '../../../lib/runtime/base-command.ts'
import {type SessionSummary, summarize} from '../../../lib/session/summary.ts'
import {renderTable} from '../../../lib/output/table.ts'

export default class AuthList extends ProtonCommand<typeof AuthList> {
  static override summary = 'List the profiles that have sessions.'

  static override examples = ['<%= config.bin %> <%= command.id %>', '<%= config.bin %> <%= command.id %> --output json']

  public async run(): Promise<void> {
    const profiles = await this.sessions.list()
    const summaries: SessionSummary[] = []
    for (const profile of profiles) {
      const stored = await this.sessions.read(profile).catch(() => undefined)
      if (stored) summaries.push(summarize(profile, stored))
    }

    // An empty stdout alone would not tell "none" from "failed": say so on stderr.
    if (summaries.length === 0) this.note(`no sessions (in ${this.sessions.directory}): run "${this.config.bin} auth login"`)
    // The profile in use (--profile / PROTON_PROFILE) is marked with "*".
    const rows = summaries.map((summary) => [
      `${summary.profile === this.flags.profile ? '*' : ' '} ${summary.profile}`,
      summary.username ?? '',
      summary.apiUrl,
      summary.state,
    ])
    await this.printData(summaries, () => (rows.length > 0 ? renderTable(['  PROFILE', 'USER', 'API URL', 'STATE'], rows) : ''))
  }
}
