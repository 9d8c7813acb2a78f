import {Args, Flags} from '@oclif/core'

import {driveMkdir} from '../../../lib/drive/commands/mkdir.ts'
import {DRIVE_DRY_RUN_SUMMARY, DRIVE_PATH_HELP} from '../../../lib/drive/help.ts'
import {PlainAdapter} from '../../../lib/cli/oclif/plain-adapter.ts'

export default class DriveMkdir extends PlainAdapter<typeof DriveMkdir> {
  static override summary = 'Create a drive folder; its UID on stdout.'

  static override description = `${DRIVE_PATH_HELP} The parent must exist (no -p); a name taken in the parent is exit 4, nothing created (the line names it).`

  static override examples = ['<%= config.bin %> <%= command.id %> Documents/2026', '<%= config.bin %> <%= command.id %> Documents/2026 --dry-run']

  static override args = {path: Args.string({description: 'The new folder: its parent path, then its name', required: true})}

  static override flags = {
    'dry-run': Flags.boolean({summary: DRIVE_DRY_RUN_SUMMARY}),
  }

  static override runs = driveMkdir
}
