import {passItemsRestore} from '../../../../lib/pass/commands/item-states.ts'
import {itemChangeArgs, itemChangeFlags} from '../../../../lib/pass/args.ts'
import {PlainAdapter} from '../../../../lib/cli/oclif/plain-adapter.ts'

export default class PassItemsRestore extends PlainAdapter<typeof PassItemsRestore> {
  static override summary = 'Restore a Pass item from the trash (POST /pass/v1/share/SHARE_ID/item/untrash).'

  static override description = `ITEM is looked for among the items in the trash. Prints the item ID. --output json: {Item: {ID, Name, Type, Vault, ShareID, State, Revision, ModifyTime}}.`

  static override examples = ['<%= config.bin %> <%= command.id %> Forum']

  static override args = itemChangeArgs

  static override flags = itemChangeFlags()

  static override runs = passItemsRestore
}
