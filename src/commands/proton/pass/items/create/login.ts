import {Flags} from '@oclif/core'

import {passItemsCreateLogin} from '../../../../../lib/pass/commands/item-edits.ts'
import {loginFlags, requiredVaultFlag} from '../../../../../lib/pass/args.ts'
import {dryRunFlag} from '../../../../../lib/cli/oclif/dedicated-command.ts'
import {PlainAdapter} from '../../../../../lib/cli/oclif/plain-adapter.ts'

export default class PassItemsCreateLogin extends PlainAdapter<typeof PassItemsCreateLogin> {
  static override summary = 'Create a login item (POST /pass/v1/share/SHARE_ID/item); the password from standard input or generated, never from the command line.'

  static override description = `The item (the Item protobuf of the official item_v1.proto) is encrypted with a new item key (AES-256-GCM, "itemcontent"), the item key with the vault's newest share key ("itemkey"), as the official clients do. The password: --password-stdin (its first line) or --generate (24 random characters, shown later by "items get --field password"); one of them is needed. A TOTP seed is a secret too: --totp-stdin reads it from standard input (the line after the password with --password-stdin). Prints the new item ID; --output json: {Item: {ID, Name, Revision, ShareID, Vault}}.`

  static override examples = [
    'printf \'%s\\n%s\\n\' "$PASSWORD" "$OTPAUTH_URI" | <%= config.bin %> <%= command.id %> --vault Personal --name Bank --password-stdin --totp-stdin',
    'printf \'%s\\n\' "$PASSWORD" | <%= config.bin %> <%= command.id %> --vault Personal --name Forum --username me --url https://forum.example --password-stdin',
    '<%= config.bin %> <%= command.id %> --vault Work --name CI --generate',
  ]

  static override flags = {
    'dry-run': dryRunFlag,
    vault: requiredVaultFlag,
    name: Flags.string({required: true, summary: "The item's name."}),
    ...loginFlags,
    generate: Flags.boolean({summary: 'Generate a random password.'}),
  }

  static override runs = passItemsCreateLogin
}
