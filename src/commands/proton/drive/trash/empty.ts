import {Flags} from '@oclif/core'

import {driveTrashEmpty} from '../../../../lib/drive/commands/trash.ts'
import {CONFIRM_HELP, yesFlag} from '../../../../lib/cli/oclif/per-id-args.ts'
import {PlainAdapter} from '../../../../lib/cli/oclif/plain-adapter.ts'

export default class DriveTrashEmpty extends PlainAdapter<typeof DriveTrashEmpty> {
  static override summary = 'Delete everything in the drive trash for good.'

  static override description = `${CONFIRM_HELP} Nothing can be restored afterwards.`

  static override examples = ['<%= config.bin %> <%= command.id %> --yes', '<%= config.bin %> <%= command.id %> --dry-run']

  static override flags = {'dry-run': Flags.boolean({summary: 'List what would be deleted; delete nothing (no confirmation asked).'}), yes: yesFlag}

  static override runs = driveTrashEmpty
}
