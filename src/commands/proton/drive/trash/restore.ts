import {Args, Flags} from '@oclif/core'

import {driveTrashRestore} from '../../../../lib/drive/commands/trash.ts'
import {DRIVE_DRY_RUN_SUMMARY} from '../../../../lib/drive/help.ts'
import {PlainAdapter} from '../../../../lib/cli/oclif/plain-adapter.ts'

export default class DriveTrashRestore extends PlainAdapter<typeof DriveTrashRestore> {
  static override summary = 'Restore nodes from the drive trash to where they were.'

  static override description =
    'Each is named by the path it had under My Files ("Documents/old.txt": its folder must not be in the trash), by its name as "drive trash list" shows it (when two trashed nodes share a name, the one that was in My Files itself), or by its UID. Every one is found first: one that is not in the trash restores nothing (exit 3). A line on stderr for each node restored or not; the exit status is the gravest.'

  static override examples = ['<%= config.bin %> <%= command.id %> old.txt', '<%= config.bin %> <%= command.id %> Documents/old.txt --dry-run']

  static override strict = false
  static override args = {path: Args.string({description: 'Trashed nodes: the paths they had, names or UIDs; "-" reads them from standard input, one per line', required: true})}

  static override flags = {
    'dry-run': Flags.boolean({summary: DRIVE_DRY_RUN_SUMMARY}),
  }

  static override runs = driveTrashRestore
}
