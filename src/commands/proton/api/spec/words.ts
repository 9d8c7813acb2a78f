import {ProtonCommand} from '../../../../lib/runtime/base-command.ts'
import {writeWordList} from '../../../../lib/completion/word-list.ts'
import {activeDescription} from '../../../../lib/description/store.ts'

export default class SpecWords extends ProtonCommand<typeof SpecWords> {
  static override hidden = true

  static override summary = 'Write the word list shell completion reads (run by the completion script when it is missing).'

  public async run(): Promise<void> {
    writeWordList(this.config.cacheDir, activeDescription(this.config.cacheDir).operations)
  }
}
