import {passVaultsList} from '../../../../lib/pass/commands/vaults.ts'
import {PlainAdapter} from '../../../../lib/cli/oclif/plain-adapter.ts'

export default class PassVaultsList extends PlainAdapter<typeof PassVaultsList> {
  static override summary = 'List your Proton Pass vaults: name, description, share ID (GET /pass/v1/share).'

  static override description = `Each vault share's content is decrypted with its share key. Share keys are opened with your user keys (the keys "auth login" unlocked): each is an OpenPGP message that must be signed by one of them, else it is refused. Vaults and items are AES-256-GCM (pass-cli, WebClients packages/pass/lib/crypto): a changed byte fails authentication, and the command stops with one line naming the vault or item (exit 5).

Text: name, description and share ID (a table on a terminal; tab-separated when piped). --output json|yaml: {Vaults: [{Name, Description, ShareID, VaultID, Owner, CreateTime}]}.`

  static override examples = ['<%= config.bin %> <%= command.id %>', "<%= config.bin %> <%= command.id %> --jq '.Vaults[].Name'"]

  static override runs = passVaultsList
}
