/** proton api spec update [--from FILE|URL]: store the full API description, or revalidate the stored one. */
import {activeDescription} from '../description/store.ts'
import {summarise, summaryRows} from '../description/summary.ts'
import {updateDescription} from '../description/update.ts'
import {alignedRows} from '../output/table.ts'
import {structuredText} from '../output/output.ts'
import {plainCommand} from '../runtime/plain-command.ts'

export const apiSpecUpdate = plainCommand<{from?: string}>({
  options: (line) => ({from: line.optionalString('from')}),
  async run(invocation, {from}) {
    const {cacheDir} = invocation.context
    const {stdout} = invocation.io
    const {changed, stored} = await updateDescription(cacheDir, from, invocation.io.now())
    const summary = summarise(activeDescription(cacheDir), invocation.io.now())
    if (invocation.flags.output !== 'text') {
      stdout.write(await structuredText({changed, ...summary}, invocation.flags.output, Boolean(stdout.isTTY)))
      return
    }

    const verdict = changed ? `Stored the API description from ${stored.source}` : `The API description from ${stored.source} is unchanged`
    stdout.write(`${verdict}.\n${alignedRows(summaryRows(summary))}\n`)
  },
})
