import {Args, Flags} from '@oclif/core'

import {buildRequestUrl} from '../lib/api-url.ts'
import {ProtonCommand} from '../lib/base-command.ts'
import {METHODS, parseEndpoint, parseMethod, parseQueryPair, readJsonBody} from '../lib/request-input.ts'
import {checkRequest} from '../lib/spec/request-check.ts'

export default class Api extends ProtonCommand<typeof Api> {
  static override summary = 'Send one authenticated request to the API and print the answer exactly as received.'

  static override description = `METHOD is one of ${METHODS.join(', ')} (any case). ENDPOINT is a path relative to the API base URL, beginning with "/"; it may carry its own ?query.

Standard output carries the response body and nothing else: when it is not a terminal, or with --output json, the very bytes the service sent. A body that is not JSON goes to standard error instead, with exit status 5.

Exit statuses: 0 success; 1 usage or input error, or an API error not listed here (400, 422 …); 2 authentication (no session, 401, 403); 3 not found (404 or Code 2501); 4 conflict (409 or Code 2500); 5 a body that is not JSON, a network failure, a timeout, 429 or 5xx.`

  static override examples = [
    '<%= config.bin %> <%= command.id %> GET /drive/volumes',
    '<%= config.bin %> <%= command.id %> GET /mail/v4/messages --query Page=0 --query PageSize=25',
    `<%= config.bin %> <%= command.id %> POST /calendar/v1 --body '{"Name":"Work","Color":"#7272a7","Display":1,"AddressID":"…"}'`,
    "<%= config.bin %> <%= command.id %> GET /calendar/v1 --output json | jq '.Calendars[].ID'",
    `<%= config.bin %> <%= command.id %> POST /mail/v4/labels --body '{"Name":"Receipts","Color":"#8080FF","Type":1}'`,
    '<%= config.bin %> <%= command.id %> DELETE /mail/v4/labels/<label_id>',
    '<%= config.bin %> <%= command.id %> GET /core/v4/users',
  ]

  static override args = {
    method: Args.string({description: `HTTP method: ${METHODS.join(', ')}`, required: true}),
    endpoint: Args.string({description: 'Path relative to the API base URL, beginning with "/"', required: true}),
  }

  static override flags = {
    body: Flags.string({
      summary: 'JSON request body: inline, @file, or - for standard input.',
    }),
    query: Flags.string({
      multiple: true,
      multipleNonGreedy: true,
      summary: 'Query parameter key=value (repeatable; order and duplicates kept).',
    }),
    strict: Flags.boolean({
      summary: 'Refuse (exit 1, nothing sent) a request the API description does not know or whose query or body does not fit it.',
    }),
  }

  public async run(): Promise<void> {
    const method = parseMethod(this.args.method)
    const endpoint = parseEndpoint(this.args.endpoint)
    const query = (this.flags.query ?? []).map((pair) => parseQueryPair(pair))
    const body = this.flags.body === undefined ? undefined : await readJsonBody(this.flags.body)
    await checkRequest({body, endpoint, method, query}, {bin: this.config.bin, cacheDir: this.config.cacheDir, strict: this.flags.strict, warn: (line) => this.note(line)})
    const session = await this.session()
    const url = buildRequestUrl(session.apiUrl, endpoint, query)
    const response = await this.request(session, {body, method, url})
    await this.printResponse(response)
  }
}
