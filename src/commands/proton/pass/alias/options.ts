import {passAliasOptions} from '../../../../lib/pass/commands/alias.ts'
import {vaultFlag} from '../../../../lib/pass/args.ts'
import {PlainAdapter} from '../../../../lib/cli/oclif/plain-adapter.ts'

export default class PassAliasOptions extends PlainAdapter<typeof PassAliasOptions> {
  static override summary = 'Show the suffixes and mailboxes a new alias may use (GET /pass/v1/share/SHARE_ID/alias/options).'

  static override description = `For the vault --vault names, else the first vault. Text: "suffix" and "mailbox" lines, tab-separated from their value. --output json|yaml: {Options: {Suffixes: [{Suffix, SignedSuffix, Domain, IsCustom}], Mailboxes: [{ID, Email}], CanCreateAlias}}.`

  static override examples = ['<%= config.bin %> <%= command.id %>', "<%= config.bin %> <%= command.id %> --vault Personal --jq '.Options.Suffixes[].Suffix'"]

  static override flags = {
    vault: vaultFlag(' (default: the first vault)'),
  }

  static override runs = passAliasOptions
}
