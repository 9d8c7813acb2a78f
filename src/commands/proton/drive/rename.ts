import {Args, Flags} from '@oclif/core'

import {driveRename} from '../../../lib/drive/commands/rename.ts'
import {DRIVE_DRY_RUN_SUMMARY, DRIVE_PATH_HELP} from '../../../lib/drive/help.ts'
import {PlainAdapter} from '../../../lib/cli/oclif/plain-adapter.ts'

export default class DriveRename extends PlainAdapter<typeof DriveRename> {
  static override summary = 'Rename a drive file or folder in place.'

  static override description = `${DRIVE_PATH_HELP} NEW_NAME is a name, not a path (see "drive mv" to move); a name taken in the folder is exit 4, nothing renamed.`

  static override examples = ['<%= config.bin %> <%= command.id %> Documents/notes.txt notes-2026.txt']

  static override args = {
    path: Args.string({description: 'The file or folder under My Files, or a node UID; "-" reads it from standard input', required: true}),
    name: Args.string({description: 'Its new name', required: true}),
  }

  static override flags = {
    'dry-run': Flags.boolean({summary: DRIVE_DRY_RUN_SUMMARY}),
  }

  static override runs = driveRename
}
