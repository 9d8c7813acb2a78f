/** proton api spec show: which API description is in use, its size and age. */
import {staleNote} from '../../description/age.ts'
import {activeDescription, nameOf} from '../../description/store.ts'
import {summarise, summaryRows} from '../../description/summary.ts'
import {alignedRows} from '../../output/table.ts'
import {plainCommand} from '../../run/plain-command.ts'

export const apiSpecShow = plainCommand({
  options: () => ({}),
  async run(invocation) {
    const now = invocation.io.now()
    const {output} = invocation.flags
    const description = activeDescription(invocation.context.cacheDir)
    if (description.problem) invocation.note(`Warning: ${description.problem}; using ${nameOf(description)}`)
    const stale = staleNote(description.stored, now, invocation.context.names)
    if (stale) invocation.note(stale)
    const summary = summarise(description, now)
    if (output === 'text') invocation.io.stdout.write(`${alignedRows(summaryRows(summary))}\n`)
    else await invocation.printStructured(summary)
  },
})
