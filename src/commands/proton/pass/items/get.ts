import {Flags} from '@oclif/core'

import {passItemsGet} from '../../../../lib/pass/commands/items.ts'
import {itemArg, vaultFlag} from '../../../../lib/pass/args.ts'
import {PlainAdapter} from '../../../../lib/cli/oclif/plain-adapter.ts'

export default class PassItemsGet extends PlainAdapter<typeof PassItemsGet> {
  static override summary = 'Show one Pass item: username, e-mail, URLs, note, custom fields; secrets only with --reveal.'

  static override description = `ITEM is an item ID or name (exact, else the same letters in another case), looked for in every vault or the one --vault names; an active item before one in the trash; several matches: one line listing their IDs, exit 1; none: exit 3. Share keys are opened with your user keys (the keys "auth login" unlocked): each is an OpenPGP message that must be signed by one of them, else it is refused. Vaults and items are AES-256-GCM (pass-cli, WebClients packages/pass/lib/crypto): a changed byte fails authentication, and the command stops with one line naming the vault or item (exit 5).

Passwords, hidden fields, TOTP URIs, card numbers and private keys show as "(hidden)" unless --reveal is given. --field NAME prints that field's raw value alone (every value, a line each, for a repeated one such as url), secrets included, for scripts: name, username, email, url, password, totp, note, alias, or a custom field's own name. --output json|yaml: {Item: {ID, Name, Type, Vault, ShareID, State, Revision, CreateTime, ModifyTime, Fields: [{Name, Secret, Value}]}}, a secret's Value only with --reveal.`

  static override examples = [
    '<%= config.bin %> <%= command.id %> "Café Zürich"',
    '<%= config.bin %> <%= command.id %> GitLab --vault Work --reveal',
    '<%= config.bin %> <%= command.id %> GitLab --field password | wl-copy',
  ]

  static override args = {
    item: itemArg,
  }

  static override flags = {
    vault: vaultFlag(),
    reveal: Flags.boolean({summary: 'Show passwords and other secret fields.'}),
    field: Flags.string({helpValue: 'NAME', summary: "Print only this field's raw value (secrets included)."}),
  }

  static override runs = passItemsGet
}
