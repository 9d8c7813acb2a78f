import {passItemsTrash} from '../../../../lib/pass/commands/item-states.ts'
import {itemChangeArgs, itemChangeFlags} from '../../../../lib/pass/args.ts'
import {PlainAdapter} from '../../../../lib/cli/oclif/plain-adapter.ts'

export default class PassItemsTrash extends PlainAdapter<typeof PassItemsTrash> {
  static override summary = 'Move a Pass item to the trash (POST /pass/v1/share/SHARE_ID/item/trash).'

  static override description = `The item is named by its ID and current revision, as the service requires. Prints the item ID. --output json: {Item: {ID, Name, Type, Vault, ShareID, State, Revision, ModifyTime}}.`

  static override examples = ['<%= config.bin %> <%= command.id %> Forum']

  static override args = itemChangeArgs

  static override flags = itemChangeFlags()

  static override runs = passItemsTrash
}
