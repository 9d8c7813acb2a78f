import {authList} from '../../../lib/commands/auth-list.ts'
import {PlainAdapter} from '../../../lib/runtime/plain-adapter.ts'

export default class AuthList extends PlainAdapter<typeof AuthList> {
  static override summary = 'List the profiles that have sessions.'

  static override examples = ['<%= config.bin %> <%= command.id %>', '<%= config.bin %> <%= command.id %> --output json']

  static override runs = authList
}
