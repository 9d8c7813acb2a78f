import {Args, Flags} from '@oclif/core'

import {ProtonCommand} from '../../../lib/runtime/base-command.ts'
import {commandLineInHelp} from '../../../lib/runtime/command-names.ts'
import {parseMethod} from '../../../lib/request/input.ts'
import {staleNote} from '../../../lib/description/age.ts'
import {listOperations, tableRows} from '../../../lib/description/endpoint-list.ts'
import {alignedRows} from '../../../lib/output/table.ts'
import {structuredText} from '../../../lib/output/output.ts'
import {activeDescription, nameOf} from '../../../lib/description/store.ts'

export default class Endpoints extends ProtonCommand<typeof Endpoints> {
  static override summary = 'List the operations of the API description: method, path template, summary.'

  static override description = `FILTER beginning with "/" keeps the path templates it begins, and the template a concrete path such as /mail/v4/labels/abc belongs to; any other FILTER keeps operations whose path or summary contains it (any case).

The description is the one "${commandLineInHelp('api:spec:update')}" stored, else the published one shipped with the package; the built-in operations (the documented endpoints) are always part of it.`

  static override examples = [
    '<%= config.bin %> <%= command.id %> /mail/v4/',
    '<%= config.bin %> <%= command.id %> label --method POST',
    "<%= config.bin %> <%= command.id %> --output json | jq -r '.[].path'",
  ]

  static override args = {
    filter: Args.string({description: 'A path prefix (beginning with "/") or text to look for', required: false}),
  }

  static override flags = {
    method: Flags.string({summary: 'Only operations of this HTTP method.'}),
  }

  public async run(): Promise<void> {
    const method = this.flags.method === undefined ? undefined : parseMethod(this.flags.method)
    const description = activeDescription(this.config.cacheDir)
    if (description.problem) this.note(`Warning: ${description.problem}; using ${nameOf(description)}`)
    const stale = staleNote(description.stored, new Date(), this.names)
    if (stale) this.note(stale)
    const listed = listOperations(description.operations, this.args.filter, method)
    if (this.flags.output !== 'text') {
      process.stdout.write(await structuredText(listed, this.flags.output))
      return
    }

    if (listed.length === 0) {
      this.note(`No operation of the API description (${description.source}) matches.`)
      return
    }

    process.stdout.write(`${alignedRows(tableRows(listed))}\n`)
  }
}
