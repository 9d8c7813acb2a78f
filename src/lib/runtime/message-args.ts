/**
 * The arguments and flags the message actions' oclif commands share (only
 * the adapters import this: it loads @oclif/core).
 */
import {Args, Flags} from '@oclif/core'

/**
 * The message IDs: any number of arguments (the commands are not strict),
 * "-" for standard input. Left out, the IDs are read from standard input by
 * the command itself (one per line), never by oclif, which would take the
 * whole of it as one argument.
 */
export const messageIdsArgs = {
  id: Args.string({description: 'Message ID; several may follow; "-" reads them from standard input, one per line (as does giving none with input piped)', ignoreStdin: true, required: false}),
}

export const actionDryRunFlag = Flags.boolean({summary: 'Print the request(s) that would be sent (method, URL, body; 150 IDs a request) and send nothing.'})

/** What every action's help says about its IDs, its answer and its output. */
export const ACTIONS_HELP = `IDs: as arguments, or one per line on standard input ("-" among the arguments, or no argument with input piped), e.g. from "mail list --output json | jq -r '.Messages[].ID'". Each ID is sent once; an ID beginning with "-" goes after "--".

At most 150 IDs go in one request (as go-proton-api sends them), one request after another, any number in all. The service answers for each ID: every ID it refused is named on stderr with its error, the others are done all the same, and the exit status is then that of the first refusal (3 for a message that does not exist). After a failure later requests would meet too (authentication, the network, 429, 5xx) the rest are not sent, and are reported as such.

Text output: nothing on stdout; what was done on stderr. --output json (or yaml) prints the results per ID in the service's shape, every request's together: {"Code": 1001, "Responses": [{"ID": …, "Response": {"Code": 1000}}, …]}.`
