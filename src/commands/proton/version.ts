import {version} from '../../lib/cli/commands/version.ts'
import {PlainAdapter} from '../../lib/cli/oclif/plain-adapter.ts'

export default class Version extends PlainAdapter<typeof Version> {
  static override summary = 'Show the version of this plugin and of Node.js, the platform, and where sessions and caches live.'

  static override description = '`proton -v` (or `--version`) prints the one-line version alone. Inside a host CLI this is `<bin> proton version`; the host’s own `version` command stays the host’s.'

  static override examples = ['<%= config.bin %> <%= command.id %>', '<%= config.bin %> <%= command.id %> --json']

  static override runs = version
}
