import {Args} from '@oclif/core'

import {NAME_KINDS, passNames} from '../../../lib/pass/names-command.ts'
import {PlainAdapter} from '../../../lib/cli/oclif/plain-adapter.ts'

export default class PassNames extends PlainAdapter<typeof PassNames> {
  static override hidden = true

  static override summary = 'Print the vault or item names kept sealed for shell completion (run by the completion script at TAB).'

  static override args = {
    kind: Args.string({description: `${NAME_KINDS.join(' or ')} (anything else prints nothing)`, required: true}),
  }

  static override runs = passNames
}
