import {Args} from '@oclif/core'

import {driveLs} from '../../../lib/drive/commands/ls.ts'
import {LISTING_HELP} from '../../../lib/output/table-style.ts'
import {PlainAdapter} from '../../../lib/cli/oclif/plain-adapter.ts'
import {DRIVE_PATH_HELP} from '../../../lib/drive/help.ts'

export default class DriveLs extends PlainAdapter<typeof DriveLs> {
  static override summary = 'List a drive folder: name, kind, size, modified time and UID of each child, decrypted.'

  static override description = `${DRIVE_PATH_HELP} Folders first, then by name; a file path lists that file alone; trashed nodes are not listed (see "drive trash list"). --output json: an array of nodes (uid, name, kind, size, modified, trashed, revisionUid, signatures, problems). ${LISTING_HELP}`

  static override examples = ['<%= config.bin %> <%= command.id %>', '<%= config.bin %> <%= command.id %> Documents', "<%= config.bin %> <%= command.id %> --output json | jq -r '.[].name'"]

  static override args = {path: Args.string({description: 'A folder (or file) under My Files, or a node UID; default: My Files', ignoreStdin: true, required: false})}

  static override runs = driveLs
}
