import {Args, Flags} from '@oclif/core'

import {passItemsTrash} from '../../../../lib/pass/commands.ts'
import {PlainAdapter} from '../../../../lib/runtime/plain-adapter.ts'

export default class PassItemsTrash extends PlainAdapter<typeof PassItemsTrash> {
  static override summary = "Move a Pass item to the trash (POST /pass/v1/share/SHARE_ID/item/trash)."

  static override description = `The item is named by its ID and current revision, as the service requires. Prints the item ID. --output json: {Item: {ID, Name, Type, Vault, ShareID, State, Revision, ModifyTime}}.`

  static override examples = [
    "<%= config.bin %> <%= command.id %> Forum",
  ]

  static override args = {
    item: Args.string({description: 'The item: its ID, or its name (exact, else in another case); several matches are refused with their IDs', required: true}),
  }

  static override flags = {
    vault: Flags.string({helpValue: 'VAULT', summary: 'The vault: its name, share ID or vault ID.'}),
  }

  static override runs = passItemsTrash
}
