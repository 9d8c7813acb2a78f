import {passItemsDelete} from '../../../../lib/pass/commands/item-states.ts'
import {itemChangeArgs, itemChangeFlags} from '../../../../lib/pass/args.ts'
import {yesFlag} from '../../../../lib/cli/oclif/per-id-args.ts'
import {PlainAdapter} from '../../../../lib/cli/oclif/plain-adapter.ts'

export default class PassItemsDelete extends PlainAdapter<typeof PassItemsDelete> {
  static override summary = 'Delete a Pass item for good (DELETE /pass/v1/share/SHARE_ID/item).'

  static override description = `In the trash or not. Asks first when standard input is a terminal; otherwise --yes is needed, and without it nothing is sent (exit 1). Prints the item ID. --output json: {Item: {ID, Name, Type, Vault, ShareID, State, Revision, ModifyTime}}.`

  static override examples = ['<%= config.bin %> <%= command.id %> Forum --yes']

  static override args = itemChangeArgs

  static override flags = {...itemChangeFlags(), yes: yesFlag}

  static override runs = passItemsDelete
}
