import {buildRequestUrl} from '../../../lib/http/api-url.ts'
import {ProtonCommand} from '../../../lib/runtime/base-command.ts'
import {describeFailure} from '../../../lib/runtime/errors.ts'
import {EXIT} from '../../../lib/runtime/exit-status.ts'

export default class AuthLogout extends ProtonCommand<typeof AuthLogout> {
  static override summary = 'End the session on the service, then remove it locally (even when the service cannot be reached).'

  static override examples = ['<%= config.bin %> <%= command.id %>', '<%= config.bin %> <%= command.id %> --profile work']

  public async run(): Promise<void> {
    const {profile} = this.flags
    const stored = await this.sessions.read(profile)
    if (!stored) {
      this.note(`not logged in (profile ${profile})`)
      this.exit(EXIT.AUTH)
    }

    if (stored.RefreshRefusedAt) {
      this.note('the session had already expired on the service')
    } else {
      try {
        const session = await this.session()
        const response = await this.request(session, {method: 'DELETE', url: buildRequestUrl(session.apiUrl, '/core/v4/auth')})
        if (response.statusCode >= 300) this.note(`Warning: the service answered HTTP ${response.statusCode} to the logout; the local session is removed anyway`)
      } catch (error) {
        this.note(`Warning: could not end the session on the service (the local session is removed anyway): ${describeFailure(error).message}`)
      }
    }

    await this.sessions.remove(profile)
    this.note(`logged out (profile ${profile})`)
  }
}
