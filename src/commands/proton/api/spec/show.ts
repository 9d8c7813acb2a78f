import {ProtonCommand} from '../../../../lib/runtime/base-command.ts'
import {staleNote} from '../../../../lib/description/age.ts'
import {alignedRows} from '../../../../lib/output/table.ts'
import {structuredText} from '../../../../lib/output/output.ts'
import {activeDescription, nameOf} from '../../../../lib/description/store.ts'
import {summarise, summaryRows} from '../../../../lib/description/summary.ts'

export default class SpecShow extends ProtonCommand<typeof SpecShow> {
  static override summary = 'Show which API description is in use, how many operations it holds, and its age.'

  static override examples = ['<%= config.bin %> <%= command.id %>', '<%= config.bin %> <%= command.id %> --output json']

  public async run(): Promise<void> {
    const now = new Date()
    const description = activeDescription(this.config.cacheDir)
    if (description.problem) this.note(`Warning: ${description.problem}; using ${nameOf(description)}`)
    const stale = staleNote(description.stored, now, this.names)
    if (stale) this.note(stale)
    const summary = summarise(description, now)
    process.stdout.write(this.flags.output === 'text' ? `${alignedRows(summaryRows(summary))}\n` : await structuredText(summary, this.flags.output))
  }
}
