import {authLogout} from '../../../lib/account/commands/auth-logout.ts'
import {PlainAdapter} from '../../../lib/cli/oclif/plain-adapter.ts'

export default class AuthLogout extends PlainAdapter<typeof AuthLogout> {
  static override summary = 'End the session on the service, then remove it locally (even when the service cannot be reached).'

  static override description = `Ends the session other commands would use. With PROTON_UID and PROTON_ACCESS_TOKEN set, that is the session they give: it is ended on the service only, and the profile's stored session is left as it is (unset them to log out of the profile). Otherwise the profile's session is ended on the service and its file removed.`

  static override examples = ['<%= config.bin %> <%= command.id %>', '<%= config.bin %> <%= command.id %> --profile work', 'PROTON_UID=… PROTON_ACCESS_TOKEN=… <%= config.bin %> <%= command.id %>']

  static override runs = authLogout
}
