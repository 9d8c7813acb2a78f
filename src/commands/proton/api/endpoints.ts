import {Args, Flags} from '@oclif/core'

import {apiEndpoints} from '../../../lib/api/commands/endpoints.ts'
import {PlainAdapter} from '../../../lib/cli/oclif/plain-adapter.ts'
import {commandLineInHelp} from '../../../lib/core/command-names.ts'

export default class Endpoints extends PlainAdapter<typeof Endpoints> {
  static override summary = 'List the operations of the API description: method, path template, summary.'

  static override description = `FILTER beginning with "/" keeps the path templates it begins, and the template a concrete path such as /mail/v4/labels/abc belongs to; any other FILTER keeps operations whose path or summary contains it (any case).

The description is the one "${commandLineInHelp('api:spec:update')}" stored, else the published one shipped with the package; the built-in operations (the documented endpoints) are always part of it.

Text: method, path template, summary. On a terminal a table under a header, fitted to its width (the terminal's, else $COLUMNS, else 80), the summary cut first, the method never, a path only when it alone is wider than what is left; piped or redirected, whole values, tab-separated, one row per line, no header (as gh prints its lists).`

  static override examples = [
    '<%= config.bin %> <%= command.id %> /mail/v4/',
    '<%= config.bin %> <%= command.id %> label --method POST',
    "<%= config.bin %> <%= command.id %> --output json | jq -r '.[].path'",
  ]

  static override args = {
    // Left out, it is left out: oclif would otherwise read it from standard input when that is not a terminal.
    filter: Args.string({description: 'A path prefix (beginning with "/") or text to look for', ignoreStdin: true, required: false}),
  }

  static override flags = {
    method: Flags.string({summary: 'Only operations of this HTTP method.'}),
  }

  static override runs = apiEndpoints
}
