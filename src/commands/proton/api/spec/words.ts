import {apiSpecWords} from '../../../../lib/api/commands/spec-words.ts'
import {PlainAdapter} from '../../../../lib/cli/oclif/plain-adapter.ts'

export default class SpecWords extends PlainAdapter<typeof SpecWords> {
  static override hidden = true

  static override summary = 'Write the word list shell completion reads (run by the completion script when it is missing).'

  static override runs = apiSpecWords
}
