/** proton api endpoints [FILTER]: the operations of the API description in use. */
import {staleNote} from '../../description/age.ts'
import {listOperations, tableRows} from '../../description/endpoint-list.ts'
import {activeDescription, nameOf} from '../../description/store.ts'
import {parseMethod} from '../input.ts'
import {wholeCell} from '../../output/table-style.ts'
import {writeListing} from '../../run/printer.ts'
import {plainCommand} from '../../run/plain-command.ts'

export const apiEndpoints = plainCommand<{filter?: string; method?: string}>({
  options: (line) => ({filter: line.optionalArg('filter'), method: line.optionalString('method')}),
  async run(invocation, options) {
    const {cacheDir, names} = invocation.context
    const {output} = invocation.flags
    const method = options.method === undefined ? undefined : parseMethod(options.method)
    const description = activeDescription(cacheDir)
    if (description.problem) invocation.note(`Warning: ${description.problem}; using ${nameOf(description)}`)
    const stale = staleNote(description.stored, invocation.io.now(), names)
    if (stale) invocation.note(stale)
    const listed = listOperations(description.operations, options.filter, method)
    if (output !== 'text') {
      await invocation.printStructured(listed)
      return
    }

    if (listed.length === 0) {
      invocation.note(`No operation of the API description (${description.source}) matches.`)
      return
    }

    const [header, ...rows] = tableRows(listed)
    // The summary gives way first, METHOD never; a path is cut only when it alone is wider than what is left (the
    // longest are 86 columns): the table fits any terminal, and a pipe or --output json has every path whole.
    writeListing(invocation, {giveFirst: [2], header, keep: [0], rows: rows.map((row) => row.map((cell) => wholeCell(cell)))})
  },
})
