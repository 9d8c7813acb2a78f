import {authStatus} from '../../../lib/account/commands/auth-status.ts'
import {PlainAdapter} from '../../../lib/cli/oclif/plain-adapter.ts'

export default class AuthStatus extends PlainAdapter<typeof AuthStatus> {
  static override summary = 'Show the session of a profile: user, API URL, scopes and the age of its tokens (never a token).'

  static override description = 'Exits 2 when the profile has no session or its session has expired.'

  static override examples = ['<%= config.bin %> <%= command.id %>', '<%= config.bin %> <%= command.id %> --profile work --output json']

  static override runs = authStatus
}
