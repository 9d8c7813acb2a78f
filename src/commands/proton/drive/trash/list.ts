import {driveTrashList} from '../../../../lib/drive/commands/trash.ts'
import {LISTING_HELP} from '../../../../lib/output/table-style.ts'
import {PlainAdapter} from '../../../../lib/cli/oclif/plain-adapter.ts'

export default class DriveTrashList extends PlainAdapter<typeof DriveTrashList> {
  static override summary = 'List the drive trash: name, kind, size, when trashed, UID.'

  static override description = `--output json: an array of nodes as "drive ls" gives them. ${LISTING_HELP}`

  static override examples = ['<%= config.bin %> <%= command.id %>']

  static override runs = driveTrashList
}
