/**
 * The arguments, flags and help the oclif commands that act on IDs of one
 * kind share (calendar delete, mail labels delete, mail filters delete,
 * enable and disable; --yes for mail delete too). Only the adapters import
 * this: it loads @oclif/core. What they do is per-id.ts.
 */
import {Args, Flags} from '@oclif/core'

/** Any number of IDs (the commands are not strict); `what`: "Calendar", "Filter", … */
export function idArgs(what: string) {
  return {id: Args.string({description: `${what} ID; several may follow; "-" reads them from standard input, one per line`, required: true})}
}

/** What a deletion needs to go ahead without a terminal (per-id.ts confirmDeletion). */
export const yesFlag = Flags.boolean({char: 'y', summary: 'Delete without asking (needed when standard input is not a terminal).'})

/** How a deletion is confirmed. */
export const CONFIRM_HELP = 'Asks first when standard input is a terminal; otherwise --yes is needed, and without it nothing is sent (exit 1).'

/** How every such command goes through its IDs and reports them. */
export const PER_ID_HELP = `Every ID is checked before anything is sent: ".", "..", "/", "\\", percent-encoded text (%2F …) and control characters are no ID (exit 1, nothing sent). Each ID in turn. Text output: each ID on stdout, a confirmation on stderr. An error names its ID and the cause, and the others still go; a network failure or a timeout stops there and names the IDs not attempted. The exit status is the gravest: 5 (the network, a timeout, 5xx) over 2 over 1 over 4 over 3 (an ID that does not exist). Ctrl-C, SIGTERM or SIGHUP stops it too: the ID whose request was in flight "may or may not have been applied", the others are named as not attempted, and the command ends by that signal (a shell reports 130, 143, 129). --output json with several IDs: one document, the array of the answers in the order of the IDs (null for one without a JSON answer).`

/** The three examples: one ID, two (with `more`, e.g. " --yes"), and --dry-run. */
export function idExamples(placeholder: string, more = ''): string[] {
  const command = '<%= config.bin %> <%= command.id %>'
  return [`${command} <${placeholder}>`, `${command} <${placeholder}> <other_${placeholder}>${more}`, `${command} <${placeholder}> --dry-run`]
}
