import {Args} from '@oclif/core'

import {driveUpload} from '../../../lib/commands/drive-upload.ts'
import {DRIVE_PATH_HELP} from '../../../lib/drive/help.ts'
import {PlainAdapter} from '../../../lib/runtime/plain-adapter.ts'

export default class DriveUpload extends PlainAdapter<typeof DriveUpload> {
  static override summary = 'Upload local files into a drive folder, encrypted on this machine; the new UIDs on stdout.'

  static override description = `${DRIVE_PATH_HELP} As cp takes them: one argument uploads that file into My Files; with more, the last is DEST, the folder. Each file is read as a stream and sent in 4 MiB blocks, each encrypted and signed with your address key (memory stays flat whatever the size); progress on stderr when it is a terminal. A name taken in DEST is exit 4 and that file is not sent; every local file is checked before anything is sent.`

  static override examples = ['<%= config.bin %> <%= command.id %> report.pdf', '<%= config.bin %> <%= command.id %> a.txt b.txt Documents']

  static override strict = false
  static override args = {file: Args.string({description: 'Local files, then (with two or more arguments) DEST, a folder under My Files or a node UID', required: true})}

  static override runs = driveUpload
}
