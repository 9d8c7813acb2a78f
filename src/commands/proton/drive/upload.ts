import {Args, Flags} from '@oclif/core'

import {driveUpload} from '../../../lib/drive/commands/upload.ts'
import {DRIVE_DRY_RUN_SUMMARY, DRIVE_PATH_HELP} from '../../../lib/drive/help.ts'
import {PlainAdapter} from '../../../lib/cli/oclif/plain-adapter.ts'

export default class DriveUpload extends PlainAdapter<typeof DriveUpload> {
  static override summary = 'Upload local files into a drive folder, encrypted on this machine; the new UIDs on stdout.'

  static override description = `${DRIVE_PATH_HELP} Every argument is a local file, uploaded into My Files or into the folder --to names (never guessed from the last argument: a last one that is no local file is refused, naming --to). Each file is read as a stream and sent in 4 MiB blocks, each encrypted and signed with your address key (memory stays flat whatever the size); progress on stderr when it is a terminal. Every local file and every name is checked before anything is sent: a name taken in DEST is exit 4, nothing sent, unless --replace, which uploads the file as a new revision of the one of that name (its UID stays; its earlier revisions are kept, as the official clients keep them).`

  static override examples = [
    '<%= config.bin %> <%= command.id %> report.pdf',
    '<%= config.bin %> <%= command.id %> a.txt b.txt --to Documents',
    '<%= config.bin %> <%= command.id %> report.pdf --to Documents --replace',
    '<%= config.bin %> <%= command.id %> a.txt --to Documents --dry-run',
  ]

  static override strict = false
  static override args = {file: Args.string({description: 'Local files to upload', required: true})}

  static override flags = {
    'dry-run': Flags.boolean({summary: DRIVE_DRY_RUN_SUMMARY}),
    replace: Flags.boolean({summary: 'A file of that name in DEST gets this one as a new revision (else exit 4, nothing sent).'}),
    to: Flags.string({helpValue: 'DEST', summary: 'The drive folder to upload into (a path under My Files or a node UID; default: My Files).'}),
  }

  static override runs = driveUpload
}
