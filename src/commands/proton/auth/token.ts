import {authToken} from '../../../lib/account/commands/auth-token.ts'
import {PlainAdapter} from '../../../lib/cli/oclif/plain-adapter.ts'

export default class AuthToken extends PlainAdapter<typeof AuthToken> {
  static override summary = 'Print the access token of the session other commands would use (as gh auth token does).'

  static override description = `The token alone on stdout: the environment's PROTON_ACCESS_TOKEN when PROTON_UID and PROTON_ACCESS_TOKEN are set, else the profile's. It is what "api --dry-run" puts in the curl it prints, as $(<%= config.bin %> <%= command.id %>). Anyone holding it acts as you until it expires: do not paste it where others can read it. Exits 2 when there is no session.`

  static override examples = ['<%= config.bin %> <%= command.id %>', 'curl -H "Authorization: Bearer $(<%= config.bin %> <%= command.id %> --profile work)" …']

  static override runs = authToken
}
