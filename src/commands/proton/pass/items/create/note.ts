import {Flags} from '@oclif/core'

import {passItemsCreateNote} from '../../../../../lib/pass/commands/item-edits.ts'
import {requiredVaultFlag} from '../../../../../lib/pass/args.ts'
import {dryRunFlag} from '../../../../../lib/cli/oclif/dedicated-command.ts'
import {PlainAdapter} from '../../../../../lib/cli/oclif/plain-adapter.ts'

export default class PassItemsCreateNote extends PlainAdapter<typeof PassItemsCreateNote> {
  static override summary = 'Create a note item (POST /pass/v1/share/SHARE_ID/item).'

  static override description = `Encrypted as a login is (see "items create login"). Prints the new item ID; --output json: {Item: {ID, Name, Revision, ShareID, Vault}}.`

  static override examples = ['<%= config.bin %> <%= command.id %> --vault Personal --name "Door code" --note "Ask the concierge"']

  static override flags = {
    'dry-run': dryRunFlag,
    vault: requiredVaultFlag,
    name: Flags.string({required: true, summary: "The note's name."}),
    note: Flags.string({helpValue: 'TEXT', required: true, summary: "The note's text."}),
  }

  static override runs = passItemsCreateNote
}
