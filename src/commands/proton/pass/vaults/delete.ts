import {Args} from '@oclif/core'

import {passVaultsDelete} from '../../../../lib/pass/commands/vaults.ts'
import {yesFlag} from '../../../../lib/cli/oclif/per-id-args.ts'
import {dryRunFlag} from '../../../../lib/cli/oclif/dedicated-command.ts'
import {PlainAdapter} from '../../../../lib/cli/oclif/plain-adapter.ts'

export default class PassVaultsDelete extends PlainAdapter<typeof PassVaultsDelete> {
  static override summary = 'Delete a vault and every item in it (DELETE /pass/v1/vault/SHARE_ID).'

  static override description = `VAULT is a vault's name, share ID or vault ID. Asks first when standard input is a terminal; otherwise --yes is needed, and without it nothing is sent (exit 1). Prints the deleted share ID.`

  static override examples = ['<%= config.bin %> <%= command.id %> Travel --yes']

  static override args = {
    vault: Args.string({description: 'The vault: its name, share ID or vault ID', required: true}),
  }

  static override flags = {
    'dry-run': dryRunFlag,
    yes: yesFlag,
  }

  static override runs = passVaultsDelete
}
