import {Args, Flags} from '@oclif/core'

import {driveTrash} from '../../../lib/drive/commands/trash.ts'
import {DRIVE_DRY_RUN_SUMMARY, DRIVE_PATH_HELP} from '../../../lib/drive/help.ts'
import {PlainAdapter} from '../../../lib/cli/oclif/plain-adapter.ts'

export default class DriveTrash extends PlainAdapter<typeof DriveTrash> {
  static override summary = 'Move drive files and folders to the trash (see "drive trash list", "restore", "empty").'

  static override description = `${DRIVE_PATH_HELP} Every PATH is found first: one that is missing trashes nothing (exit 3). A line on stderr for each node trashed or not; the exit status is the gravest. A file named "list", "restore" or "empty" in My Files is given as "./list".`

  static override examples = ['<%= config.bin %> <%= command.id %> Documents/old.txt']

  static override strict = false
  static override args = {path: Args.string({description: 'Files or folders under My Files, or node UIDs; "-" reads them from standard input, one per line', required: true})}

  static override flags = {
    'dry-run': Flags.boolean({summary: DRIVE_DRY_RUN_SUMMARY}),
  }

  static override runs = driveTrash
}
