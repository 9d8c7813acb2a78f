import {Args, Flags} from '@oclif/core'

import {passItemsDelete} from '../../../../lib/pass/commands.ts'
import {PlainAdapter} from '../../../../lib/runtime/plain-adapter.ts'

export default class PassItemsDelete extends PlainAdapter<typeof PassItemsDelete> {
  static override summary = "Delete a Pass item for good (DELETE /pass/v1/share/SHARE_ID/item)."

  static override description = `In the trash or not. Asks first when standard input is a terminal; otherwise --yes is needed, and without it nothing is sent (exit 1). Prints the item ID. --output json: {Item: {ID, Name, Type, Vault, ShareID, State, Revision, ModifyTime}}.`

  static override examples = [
    "<%= config.bin %> <%= command.id %> Forum --yes",
  ]

  static override args = {
    item: Args.string({description: 'The item: its ID, or its name (exact, else in another case); several matches are refused with their IDs', required: true}),
  }

  static override flags = {
    vault: Flags.string({helpValue: 'VAULT', summary: 'The vault: its name, share ID or vault ID.'}),
    yes: Flags.boolean({char: 'y', summary: 'Delete without asking (needed when standard input is not a terminal).'}),
  }

  static override runs = passItemsDelete
}
