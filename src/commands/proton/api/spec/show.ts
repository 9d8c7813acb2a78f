import {apiSpecShow} from '../../../../lib/api/commands/spec-show.ts'
import {PlainAdapter} from '../../../../lib/cli/oclif/plain-adapter.ts'

export default class SpecShow extends PlainAdapter<typeof SpecShow> {
  static override summary = 'Show which API description is in use, how many operations it holds, and its age.'

  static override examples = ['<%= config.bin %> <%= command.id %>', '<%= config.bin %> <%= command.id %> --output json']

  static override runs = apiSpecShow
}
