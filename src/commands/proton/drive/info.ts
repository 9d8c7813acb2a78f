import {Args} from '@oclif/core'

import {driveInfo} from '../../../lib/drive/commands/info.ts'
import {DRIVE_PATH_HELP} from '../../../lib/drive/help.ts'
import {PlainAdapter} from '../../../lib/cli/oclif/plain-adapter.ts'

export default class DriveInfo extends PlainAdapter<typeof DriveInfo> {
  static override summary = 'Show one drive node: size, revision, and whether its key, name and content signatures verify.'

  static override description = `${DRIVE_PATH_HELP} Text: one "Label: value" line each (Name, UID, Kind, Size, Modified, Revision, Key signature, Name signature, Attributes signature (the revision's size and times), Manifest signature (over the listed blocks' hashes, checked without downloading them: "verified (EMAIL, over N hashes)" or "FAILED (why)"), Content (each block's hash is checked only by drive download), and a Problem line for each part that did not decrypt or verify); a signature is "verified (EMAIL)" or "NOT verified (why)". --output json: the node as "drive ls" gives it, with manifestSignature.`

  static override examples = ['<%= config.bin %> <%= command.id %> Documents/notes.txt', '<%= config.bin %> <%= command.id %> Documents/notes.txt --output json | jq .signatures']

  static override args = {path: Args.string({description: 'A file or folder under My Files, or a node UID; "-" reads it from standard input', required: true})}

  static override runs = driveInfo
}
