import {Args, Flags} from '@oclif/core'

import {driveMv} from '../../../lib/drive/commands/mv.ts'
import {DRIVE_DRY_RUN_SUMMARY, DRIVE_PATH_HELP} from '../../../lib/drive/help.ts'
import {PlainAdapter} from '../../../lib/cli/oclif/plain-adapter.ts'

export default class DriveMv extends PlainAdapter<typeof DriveMv> {
  static override summary = 'Move drive files and folders into a folder (the last argument).'

  static override description = `${DRIVE_PATH_HELP} Every PATH and DEST is found first: one that is missing moves nothing (exit 3). Then a line on stderr for each node moved or not; the exit status is the gravest.`

  static override examples = ['<%= config.bin %> <%= command.id %> notes.txt Documents', '<%= config.bin %> <%= command.id %> a.txt b.txt Archive/2025']

  static override strict = false
  static override args = {path: Args.string({description: 'Files or folders to move ("-" reads them from standard input, one per line), then DEST, the folder to move them into', required: true})}

  static override flags = {
    'dry-run': Flags.boolean({summary: DRIVE_DRY_RUN_SUMMARY}),
  }

  static override runs = driveMv
}
