import {Flags} from '@oclif/core'

import {apiSpecUpdate} from '../../../../lib/api/commands/spec-update.ts'
import {PlainAdapter} from '../../../../lib/cli/oclif/plain-adapter.ts'
import {commandLineInHelp} from '../../../../lib/core/command-names.ts'

export default class SpecUpdate extends PlainAdapter<typeof SpecUpdate> {
  static override summary = 'Store the full API description (OpenAPI, YAML or JSON) from a file or URL, or revalidate the stored one.'

  static override description = `Without --from, the stored description is fetched again from where it came from; a URL is asked with its ETag / Last-Modified, so an unchanged description costs a 304. A URL must be https:// (http:// only for loopback hosts).

The description is parsed once here, tolerating its known flaws (unindented multi-line text is repaired; a path that still does not parse is read from its text and counted as skipped), and kept in the cache directory, so "${commandLineInHelp('api')}" checks requests against it without reading the YAML. The stored description is used instead of the one shipped with the package. Nothing is ever fetched while sending a request.`

  static override examples = [
    '<%= config.bin %> <%= command.id %> --from ./openapi.yaml',
    '<%= config.bin %> <%= command.id %> --from https://example.org/openapi.yaml',
    '<%= config.bin %> <%= command.id %>',
  ]

  static override flags = {
    from: Flags.string({summary: 'File or URL of the description (default: where the stored one came from).'}),
  }

  static override runs = apiSpecUpdate
}
