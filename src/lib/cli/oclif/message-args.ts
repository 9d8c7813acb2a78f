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

At most 150 IDs go in one request (as go-proton-api sends them), one request after another, any number in all. The service answers for each ID: every ID it refused is named on stderr with its error, the others are done all the same. After a failure later requests would meet too (authentication, the network, 429, 5xx) the rest are not sent, and are reported as such. The exit status is the gravest of all: 5 (the network, a timeout, 5xx) over 2 (authentication) over 1 over 4 over 3 (a message that does not exist).

Ctrl-C, SIGTERM or SIGHUP stops the run: the IDs of the request in flight "may or may not have been applied", the rest are "not sent", each named, and the command ends by that signal (a shell reports 130, 143, 129).

Text output: nothing on stdout; on stderr each ID not done and why, then how many were done, refused, may or may not have been applied, not sent. --output json (or yaml) prints the results per ID in the service's shape, every request's together: {"Code": 1001, "Responses": [{"ID": …, "Response": {"Code": 1000}}, …]}; an ID the service did not answer for has {"Error": …, "Outcome": "unknown"} (sent, no answer) or "not-sent", and an interrupted run adds "Interrupted": "SIGINT" (or the signal).`
