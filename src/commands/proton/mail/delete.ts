import {mailDelete} from '../../../lib/mail/commands/actions.ts'
import {ACTIONS_HELP, actionDryRunFlag, messageIdsArgs} from '../../../lib/cli/oclif/message-args.ts'
import {yesFlag} from '../../../lib/cli/oclif/per-id-args.ts'
import {PlainAdapter} from '../../../lib/cli/oclif/plain-adapter.ts'
import {commandLineInHelp} from '../../../lib/core/command-names.ts'

export default class MailDelete extends PlainAdapter<typeof MailDelete> {
  static override summary = 'Delete messages permanently (PUT /mail/v4/messages/delete); asks first, or needs --yes.'

  static override description = `Permanent: the messages cannot be recovered ("mail trash" moves them to the trash instead). On a terminal the command asks first (y or yes goes on), as "calendar delete" and "mail filters delete" do; without one (a script, IDs piped in) it refuses unless --yes is given: exit 1, nothing sent. --dry-run neither asks nor sends.

Sends {"IDs": […]} to PUT /mail/v4/messages/delete, as go-proton-api's DeleteMessage and the web client's deleteMessages do.

${ACTIONS_HELP}`

  static override examples = [
    '<%= config.bin %> <%= command.id %> <message_id>',
    `${commandLineInHelp('mail:list')} --label trash --all --output json | jq -r '.Messages[].ID' | <%= config.bin %> <%= command.id %> --yes`,
    '<%= config.bin %> <%= command.id %> <message_id> --dry-run',
  ]

  static override strict = false
  static override args = messageIdsArgs
  static override flags = {
    'dry-run': actionDryRunFlag,
    yes: yesFlag,
  }

  static override runs = mailDelete
}
