import {Flags} from '@oclif/core'

import {passAliasCreate} from '../../../../lib/pass/commands/alias.ts'
import {requiredVaultFlag} from '../../../../lib/pass/args.ts'
import {dryRunFlag} from '../../../../lib/cli/oclif/dedicated-command.ts'
import {PlainAdapter} from '../../../../lib/cli/oclif/plain-adapter.ts'

export default class PassAliasCreate extends PlainAdapter<typeof PassAliasCreate> {
  static override summary = 'Create an e-mail alias PREFIX+SUFFIX in a vault (POST /pass/v1/share/SHARE_ID/alias/custom); prints the new address.'

  static override description = `SUFFIX must be one that "alias options" lists (the service signed it); mail to the alias goes to the --mailbox addresses (repeatable; default: the first mailbox offered). The alias item is encrypted as any new item. --output json: {Item: {ID, Name, Revision, ShareID, Vault, AliasEmail}}.`

  static override examples = ['<%= config.bin %> <%= command.id %> --vault Personal --prefix shop --suffix .k3x9@passmail.test']

  static override flags = {
    'dry-run': dryRunFlag,
    vault: requiredVaultFlag,
    prefix: Flags.string({required: true, summary: "The alias's first part."}),
    suffix: Flags.string({required: true, summary: 'One of the suffixes "alias options" lists.'}),
    mailbox: Flags.string({helpValue: 'EMAIL', multiple: true, multipleNonGreedy: true, summary: 'A mailbox to forward to (repeatable).'}),
    name: Flags.string({summary: "The alias item's name (default: the address)."}),
    note: Flags.string({helpValue: 'TEXT', summary: 'A note.'}),
  }

  static override runs = passAliasCreate
}
