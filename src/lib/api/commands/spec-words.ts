/** proton api spec words (hidden): the word list shell completion reads, written again when it is missing. */
import {writeWordList} from '../../completion/word-list.ts'
import {activeDescription} from '../../description/store.ts'
import {plainCommand} from '../../run/plain-command.ts'

export const apiSpecWords = plainCommand({
  options: () => ({}),
  async run(invocation) {
    const {cacheDir} = invocation.context
    writeWordList(cacheDir, activeDescription(cacheDir).operations)
  },
})
