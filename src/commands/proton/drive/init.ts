import {driveInit} from '../../../lib/drive/commands/init.ts'
import {PlainAdapter} from '../../../lib/cli/oclif/plain-adapter.ts'

export default class DriveInit extends PlainAdapter<typeof DriveInit> {
  static override summary = 'Create My Files (the drive volume, its share and root folder) when the account has none.'

  static override description =
    'The only drive command that creates a volume: every other one, on an account without My Files, says so and names this command (exit 3). Its keys are made here and encrypted to your primary address key, as the official clients make them (@protontech/drive-sdk). When My Files exists already nothing is created and it says so (exit 0). stdout: the UID of the My Files folder.'

  static override examples = ['<%= config.bin %> <%= command.id %>']

  static override runs = driveInit
}
