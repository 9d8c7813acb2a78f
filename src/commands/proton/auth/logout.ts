import {authLogout} from '../../../lib/commands/auth-logout.ts'
import {PlainAdapter} from '../../../lib/runtime/plain-adapter.ts'

export default class AuthLogout extends PlainAdapter<typeof AuthLogout> {
  static override summary = 'End the session on the service, then remove it locally (even when the service cannot be reached).'

  static override examples = ['<%= config.bin %> <%= command.id %>', '<%= config.bin %> <%= command.id %> --profile work']

  static override runs = authLogout
}
