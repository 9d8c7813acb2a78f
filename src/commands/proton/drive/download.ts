import {Args, Flags} from '@oclif/core'

import {driveDownload} from '../../../lib/drive/commands/download.ts'
import {DRIVE_PATH_HELP} from '../../../lib/drive/help.ts'
import {PlainAdapter} from '../../../lib/cli/oclif/plain-adapter.ts'

export default class DriveDownload extends PlainAdapter<typeof DriveDownload> {
  static override summary = 'Download drive files, decrypted and verified, into a directory, a file or standard output.'

  static override description = `${DRIVE_PATH_HELP} Each file is written to a temporary file as its blocks arrive and decrypt, and gets its name only once every check passed: each block's SHA-256 against the revision's list and the manifest signature over them all. A failed check leaves nothing behind and its line names the check (exit 5). Memory stays flat whatever the size; progress on stderr when it is a terminal.

Into --dir (default: the current directory; created 0700 when missing) the names are made safe as "mail download" makes them (one name, never a path; an existing file is never replaced: "name (N).ext"), and the paths written go to stdout. --output-file F (one PATH) replaces F atomically; "-" writes to standard output, once the whole file is checked.`

  static override examples = [
    '<%= config.bin %> <%= command.id %> Documents/notes.txt',
    '<%= config.bin %> <%= command.id %> Documents/a.pdf Documents/b.pdf --dir ~/Downloads',
    '<%= config.bin %> <%= command.id %> notes.txt --output-file - | less',
  ]

  static override strict = false
  static override args = {path: Args.string({description: 'Files under My Files, or node UIDs; "-" reads them from standard input, one per line', required: true})}

  static override flags = {
    dir: Flags.string({exclusive: ['output-file'], helpValue: 'DIR', summary: 'The directory to write into (default: the current directory).'}),
    'output-file': Flags.string({helpValue: 'FILE', summary: 'Write the one file here, replaced atomically; "-" for standard output.'}),
  }

  static override runs = driveDownload
}
