import {ProtonCommand} from '../../../lib/runtime/base-command.ts'
import {EXIT} from '../../../lib/runtime/exit-status.ts'
import {describeSummary, summarize} from '../../../lib/session/summary.ts'

export default class AuthStatus extends ProtonCommand<typeof AuthStatus> {
  static override summary = 'Show the session of a profile: user, API URL, scopes and the age of its tokens (never a token).'

  static override description = 'Exits 2 when the profile has no session or its session has expired.'

  static override examples = ['<%= config.bin %> <%= command.id %>', '<%= config.bin %> <%= command.id %> --profile work --output json']

  public async run(): Promise<void> {
    const {profile} = this.flags
    const stored = await this.sessions.read(profile)
    if (!stored) {
      this.note(`not logged in (profile ${profile}): run "${this.commandLine('auth:login')}"`)
      this.exit(EXIT.AUTH)
    }

    const summary = summarize(profile, stored)
    await this.printData(summary, () => describeSummary(summary))
    if (summary.state === 'expired') this.exit(EXIT.AUTH)
  }
}
