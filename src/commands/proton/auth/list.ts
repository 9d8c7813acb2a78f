import {authList} from '../../../lib/account/commands/auth-list.ts'
import {PlainAdapter} from '../../../lib/cli/oclif/plain-adapter.ts'

export default class AuthList extends PlainAdapter<typeof AuthList> {
  static override summary = 'List the profiles that have sessions.'

  static override description = `Text: a mark ("*") for the profile in use (--profile, PROTON_PROFILE), the profile, user, API URL and the session's state. On a terminal a table under a header, fitted to its width (the terminal's, else $COLUMNS, else 80); piped or redirected, whole values, tab-separated, one row per line, no header (as gh prints its lists).`

  static override examples = ['<%= config.bin %> <%= command.id %>', '<%= config.bin %> <%= command.id %> --output json']

  static override runs = authList
}
