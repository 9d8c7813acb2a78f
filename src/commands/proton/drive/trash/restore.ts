import {Args} from '@oclif/core'

import {driveTrashRestore} from '../../../../lib/commands/drive-trash.ts'
import {PlainAdapter} from '../../../../lib/runtime/plain-adapter.ts'

export default class DriveTrashRestore extends PlainAdapter<typeof DriveTrashRestore> {
  static override summary = 'Restore nodes from the drive trash to where they were.'

  static override description = 'Each is named as "drive trash list" shows it: its name, or its UID (needed when two trashed nodes share a name). Every one is found first: one that is not in the trash restores nothing (exit 3). A line on stderr for each node restored or not; the exit status is the gravest.'

  static override examples = ['<%= config.bin %> <%= command.id %> old.txt']

  static override strict = false
  static override args = {path: Args.string({description: 'Trashed nodes: names or UIDs; "-" reads them from standard input, one per line', required: true})}

  static override runs = driveTrashRestore
}
