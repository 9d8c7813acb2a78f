import {Flags} from '@oclif/core'

import {passItemsList} from '../../../../lib/pass/commands/items.ts'
import {vaultFlag} from '../../../../lib/pass/args.ts'
import {PlainAdapter} from '../../../../lib/cli/oclif/plain-adapter.ts'

export default class PassItemsList extends PlainAdapter<typeof PassItemsList> {
  static override summary = 'List Pass items: name, type, vault, modified, ID; never a secret (GET /pass/v1/share/SHARE_ID/item, every page).'

  static override description = `Every vault, or the one --vault names, a page of 100 items at a time (Since the previous page's LastToken, as the official Pass CLI asks): each page is decrypted, summed up and dropped, so memory stays that of one page and the rows. Only the name and type are read from an item; passwords, notes and fields never leave the item ("items get" shows them). Share keys are opened with your user keys (the keys "auth login" unlocked): each is an OpenPGP message that must be signed by one of them, else it is refused. Vaults and items are AES-256-GCM (pass-cli, WebClients packages/pass/lib/crypto): a changed byte fails authentication, and the command stops with one line naming the vault or item (exit 5).

Active items, or with --trashed those in the trash. Text: name, type, vault, modified (UTC), ID. --output json|yaml: {Items: [{ID, Name, Type, Vault, ShareID, State, Revision, ModifyTime, AliasEmail?}]}.`

  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --vault Personal --type login',
    '<%= config.bin %> <%= command.id %> --trashed',
    '<%= config.bin %> <%= command.id %> --jq \'.Items[] | select(.Type == "alias") | .AliasEmail\'',
  ]

  static override flags = {
    vault: vaultFlag(' (default: every vault)'),
    type: Flags.string({options: ['login', 'note', 'alias', 'credit-card', 'identity', 'ssh-key', 'wifi', 'custom'], summary: 'Only items of this type.'}),
    trashed: Flags.boolean({summary: 'The items in the trash instead of the active ones.'}),
  }

  static override runs = passItemsList
}
