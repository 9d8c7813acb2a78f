import {Args, Flags} from '@oclif/core'

import {api} from '../../lib/api/commands/api.ts'
import {DEFAULT_MAX_SIZE} from '../../lib/http/max-size.ts'
import {DEFAULT_RETRIES, DEFAULT_TIMEOUT_SECONDS} from '../../lib/http/retry-policy.ts'
import {METHODS} from '../../lib/http/methods.ts'
import {DEFAULT_MAX_PAGES} from '../../lib/http/pagination.ts'
import {PlainAdapter} from '../../lib/cli/oclif/plain-adapter.ts'

export default class Api extends PlainAdapter<typeof Api> {
  static override summary = 'Send one authenticated request to the API and print the answer exactly as received.'

  static override description = `METHOD is one of ${METHODS.join(', ')} (any case), given first or, as gh takes it, with -X/--method (then ENDPOINT alone follows); left out, as gh does, it is GET, or POST when the request has a body (-F/-f fields, --body or --input). ENDPOINT is a path relative to the API base URL ("core/v4/users" is "/core/v4/users"); it may carry its own ?query.

Standard output carries the response body and nothing else: when it is not a terminal, or with --output json, the very bytes the service sent (on a terminal, --output json adds a final newline when the body has none). A body that is not JSON goes to standard error instead, with exit status 5.

The request body comes from one of --body (JSON), --input (any bytes; say what they are with -H 'Content-Type: …') or the fields: -F key=value types its value (true, false, null, integers and decimals become JSON; @path reads a file as a string), -f key=value keeps it a string; keys nest (Parent[Child]=v) and IDs[]=a appends to an array. Fields make the JSON body for POST, PUT and PATCH, and the query for the other methods. A file named by --input, --body @ or -F @ that is a named pipe (FIFO) or a device is waited for until --timeout: if nothing ends it by then, exit 5.

429 and 503 are retried for any method, network failures and other 5xx only for GET, HEAD, PUT, DELETE and OPTIONS: up to --retries times (default ${DEFAULT_RETRIES}), after the service's Retry-After (capped at 60 s) or a capped exponential backoff with jitter. --timeout (default ${DEFAULT_TIMEOUT_SECONDS} s) bounds the whole request, retries included (with --paginate, every page together). --max-size (default ${DEFAULT_MAX_SIZE}) refuses a larger answer, counted once decoded.

--paginate fetches every page (Page, PageSize, Total) and prints one envelope with every item, exactly as received; a service that caps its pages below the PageSize asked is followed until Total items are in. If the items end before Total, or --max-pages, --max-size or --timeout stops the run, nothing is printed and the exit status is 5. Ctrl-C, SIGTERM or SIGHUP aborts, with nothing on stdout (nor a temporary file of --output-file left), and the command ends by that signal (a shell reports 130, 143, 129). Human verification (Code 9001): the challenge is shown on stderr; on a terminal, complete it and press Enter to send the request again; otherwise exit 2.

--jq FILTER filters the answer with jq itself (jq 1.8, loaded only then): a string result printed raw, anything else as JSON, one result per line, numbers as the service wrote them unless the filter computes with them; --jq-arg NAME=VALUE binds $NAME. With --paginate it sees the merged answer once (with --slurp, the array of pages). An API error's body is printed as received. A broken filter: exit 1, nothing on stdout (a request that changes something is not sent); an answer over 32 MiB: exit 5. --json is --output json.

Exit statuses: 0 success; 1 usage or input error, or an API error not listed here (400, 422 …); 2 authentication (no session, 401, 403, human verification without a terminal); 3 not found (404 or Code 2501); 4 conflict (409 or Code 2500); 5 a body that is not JSON or whose envelope has the wrong shape (Code not an integer, Error not a string), a network failure, a timeout, an answer over --max-size, an incomplete --paginate, 429 or 5xx (after the retries); ended by SIGINT, SIGTERM or SIGHUP: 130, 143, 129 as a shell reports them.`

  static override examples = [
    '<%= config.bin %> <%= command.id %> GET /drive/volumes',
    '<%= config.bin %> <%= command.id %> GET /mail/v4/messages --query Page=0 --query PageSize=25',
    `<%= config.bin %> <%= command.id %> POST /calendar/v1 --body '{"Name":"Work","Color":"#7272a7","Display":1,"AddressID":"…"}'`,
    "<%= config.bin %> <%= command.id %> GET /calendar/v1 --output json | jq '.Calendars[].ID'",
    `<%= config.bin %> <%= command.id %> POST /mail/v4/labels --body '{"Name":"Receipts","Color":"#8080FF","Type":1}'`,
    '<%= config.bin %> <%= command.id %> DELETE /mail/v4/labels/<label_id>',
    '<%= config.bin %> <%= command.id %> core/v4/users',
    '<%= config.bin %> <%= command.id %> POST /mail/v4/labels -f Name=Receipts -f Color=#8080FF -F Type=1',
    '<%= config.bin %> <%= command.id %> GET /mail/v4/messages -F PageSize=50 --paginate',
    "<%= config.bin %> <%= command.id %> GET /mail/v4/messages -F PageSize=150 --paginate --jq '.Messages[].Subject'",
    '<%= config.bin %> <%= command.id %> GET /core/v4/users --jq \'"\\(.User.Name) <\\($domain)>"\' --jq-arg domain=proton.me',
    '<%= config.bin %> <%= command.id %> GET /core/v4/users --dry-run',
    '<%= config.bin %> <%= command.id %> -X DELETE /mail/v4/labels/<label_id>',
  ]

  static override args = {
    method: Args.string({description: `HTTP method: ${METHODS.join(', ')}; or, alone, the ENDPOINT: then GET, or POST with fields, --body or --input`, ignoreStdin: true, required: true}),
    endpoint: Args.string({description: 'Path relative to the API base URL (its leading "/" may be left out)', ignoreStdin: true, required: false}),
  }

  static override flags = {
    body: Flags.string({
      summary: 'JSON request body: inline, @file, or - for standard input.',
    }),
    'dry-run': Flags.boolean({
      summary: 'Print the request as a curl command that runs as printed (the token from "auth token" when it runs), send nothing.',
    }),
    field: Flags.string({
      char: 'F',
      multiple: true,
      multipleNonGreedy: true,
      summary: 'Typed field key=value for the body or query (repeatable).',
    }),
    header: Flags.string({
      char: 'H',
      multiple: true,
      multipleNonGreedy: true,
      summary: "Request header 'Name: value' (repeatable); replacing a session header is warned about.",
    }),
    include: Flags.boolean({
      char: 'i',
      summary: 'Print the status line and response headers on stderr.',
    }),
    input: Flags.string({
      summary: 'Raw request body from a file, or - for standard input.',
    }),
    method: Flags.string({
      char: 'X',
      helpValue: 'METHOD',
      summary: 'The HTTP method, as gh takes it (-X POST ENDPOINT); then the first argument is the ENDPOINT.',
    }),
    'max-pages': Flags.integer({
      default: DEFAULT_MAX_PAGES,
      min: 1,
      summary: `With --paginate: fetch at most N pages (default ${DEFAULT_MAX_PAGES}); a Total that needs more fails with exit status 5.`,
    }),
    'output-file': Flags.string({
      summary: 'Write the body (JSON or not) to this file atomically; nothing on stdout.',
    }),
    paginate: Flags.boolean({
      summary: 'GET every page (Page/PageSize, Total) and print one envelope holding all items, or fail (exit 5) if they do not all arrive.',
    }),
    query: Flags.string({
      multiple: true,
      multipleNonGreedy: true,
      summary: 'Query parameter key=value (repeatable; order and duplicates kept).',
    }),
    'raw-field': Flags.string({
      char: 'f',
      multiple: true,
      multipleNonGreedy: true,
      summary: 'String field key=value for the body or query (repeatable).',
    }),
    silent: Flags.boolean({
      summary: 'Print no body (the exit status still tells).',
    }),
    slurp: Flags.boolean({
      dependsOn: ['paginate'],
      summary: 'With --paginate: print the pages as a JSON array instead.',
    }),
    strict: Flags.boolean({
      summary: 'Refuse (exit 1, nothing sent) a request the API description does not know or whose query or body does not fit it.',
    }),
  }

  static override runs = api
}
