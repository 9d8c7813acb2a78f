import {Args, Flags} from '@oclif/core'

import {passVaultsCreate} from '../../../../lib/pass/commands/vaults.ts'
import {dryRunFlag} from '../../../../lib/cli/oclif/dedicated-command.ts'
import {PlainAdapter} from '../../../../lib/cli/oclif/plain-adapter.ts'

export default class PassVaultsCreate extends PlainAdapter<typeof PassVaultsCreate> {
  static override summary = 'Create a vault (POST /pass/v1/vault): its key encrypted to your primary user key and signed by it.'

  static override description = `A new 32-byte vault key encrypts the vault's name and description (the Vault protobuf); the key goes to the service encrypted to your primary user key and signed by it, as the official clients do. Prints the new share ID; --output json: {Name, ShareID, VaultID}.`

  static override examples = ['<%= config.bin %> <%= command.id %> Travel', '<%= config.bin %> <%= command.id %> Travel --description "Bookings and visas"']

  static override args = {
    name: Args.string({description: "The new vault's name", required: true}),
  }

  static override flags = {
    'dry-run': dryRunFlag,
    description: Flags.string({helpValue: 'TEXT', summary: 'A description of the vault.'}),
  }

  static override runs = passVaultsCreate
}
