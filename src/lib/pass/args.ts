/**
 * The arguments and flags the pass commands' oclif adapters (src/commands/proton/pass) share: an item named by ID
 * or name, a vault named by name, share ID or vault ID. Adapters only: the plain functions never load oclif.
 */
import {Args, Flags} from '@oclif/core'

import {dryRunFlag} from '../cli/oclif/dedicated-command.ts'

export const itemArg = Args.string({description: 'The item: its ID, or its name (exact, else in another case); several matches are refused with their IDs', required: true})

/** `--vault` narrowing a lookup to one vault; `what` says what happens without it. */
export const vaultFlag = (what = '') => Flags.string({helpValue: 'VAULT', summary: `The vault: its name, share ID or vault ID${what}.`})

/** What items trash, restore and delete take: ITEM, --vault to narrow the lookup, --dry-run. */
export const itemChangeArgs = {item: itemArg}
export const itemChangeFlags = () => ({'dry-run': dryRunFlag, vault: vaultFlag()})

/** `--vault` where one is needed (a new item or alias goes somewhere). */
export const requiredVaultFlag = Flags.string({helpValue: 'VAULT', required: true, summary: 'The vault: its name, share ID or vault ID.'})

export const loginFlags = {
  email: Flags.string({helpValue: 'ADDRESS', summary: "The login's e-mail address."}),
  note: Flags.string({helpValue: 'TEXT', summary: 'A note.'}),
  'password-stdin': Flags.boolean({summary: 'Read the password from the first line of standard input.'}),
  'totp-stdin': Flags.boolean({summary: "Read an otpauth://totp/ URI (or a base32 secret) for one-time codes from standard input: its first line, or its second after --password-stdin's."}),
  url: Flags.string({helpValue: 'URL', multiple: true, multipleNonGreedy: true, summary: 'A website of the login (repeatable).'}),
  username: Flags.string({helpValue: 'NAME', summary: "The login's user name."}),
}
