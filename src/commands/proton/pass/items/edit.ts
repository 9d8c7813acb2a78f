import {Flags} from '@oclif/core'

import {passItemsEdit} from '../../../../lib/pass/commands/item-edits.ts'
import {itemArg, loginFlags, vaultFlag} from '../../../../lib/pass/args.ts'
import {dryRunFlag} from '../../../../lib/cli/oclif/dedicated-command.ts'
import {PlainAdapter} from '../../../../lib/cli/oclif/plain-adapter.ts'

export default class PassItemsEdit extends PlainAdapter<typeof PassItemsEdit> {
  static override summary = 'Change a Pass item: a new revision (PUT /pass/v1/share/SHARE_ID/item/ITEM_ID with LastRevision).'

  static override description = `The item's latest revision is read, the given fields changed in it, and it is sent back encrypted with its own item key, with LastRevision the revision read: if someone changed the item in between, the service refuses, and so does the command (exit 4); read it again and retry. Fields this tool does not know (from a newer client) are kept as they were. --username, --email, --url (repeatable: the new list), --password-stdin and --totp-stdin (the new TOTP URI, on the line after the password's when both are given) change logins only. Prints the item ID; --output json: {Item: {ID, Name, Revision, ShareID, Vault}}.`

  static override examples = ['<%= config.bin %> <%= command.id %> Forum --name "Old forum"', 'printf \'%s\\n\' "$NEW" | <%= config.bin %> <%= command.id %> Forum --password-stdin']

  static override args = {
    item: itemArg,
  }

  static override flags = {
    'dry-run': dryRunFlag,
    vault: vaultFlag(),
    name: Flags.string({summary: 'A new name.'}),
    ...loginFlags,
  }

  static override runs = passItemsEdit
}
