/** proton api spec update [--from FILE|URL]: store the full API description, or revalidate the stored one, and refresh the completion word list. */
import {writeWordList} from '../../completion/word-list.ts'
import {activeDescription, mergeWithBuiltin} from '../../description/store.ts'
import {summarise, summaryRows} from '../../description/summary.ts'
import {type OnUpdate, updateDescription} from '../../description/update.ts'
import {transferText} from '../../output/progress.ts'
import {alignedRows} from '../../output/table.ts'
import {plainCommand} from '../../run/plain-command.ts'

export const apiSpecUpdate = plainCommand<{from?: string}>({
  options: (line) => ({from: line.optionalString('from')}),
  async run(invocation, {from}) {
    const {cacheDir} = invocation.context
    const {stdout} = invocation.io
    const progress = invocation.progress()
    const started = Date.now()
    const onUpdate: OnUpdate = (what) =>
      progress.update(what === 'reading' ? 'api spec update: reading the API description' : `api spec update: ${transferText(what.bytes, what.total, Date.now() - started)}`)
    const {changed, stored} = await updateDescription(cacheDir, from, invocation.io.now(), onUpdate).finally(() => progress.clear())
    writeWordList(cacheDir, mergeWithBuiltin(stored.operations))
    const summary = summarise(activeDescription(cacheDir), invocation.io.now())
    if (invocation.flags.output !== 'text') {
      await invocation.printStructured({changed, ...summary})
      return
    }

    const verdict = changed ? `Stored the API description from ${stored.source}` : `The API description from ${stored.source} is unchanged`
    stdout.write(`${verdict}.\n${alignedRows(summaryRows(summary))}\n`)
  },
})
