/**
 * The mail actions, count and list filters as the built binary sends them,
 * each request checked whole (method, path, query in order, body bytes,
 * headers) against a recording server on 127.0.0.1, with what the official
 * clients send for the same thing:
 *
 * - go-proton-api message.go: LabelMessages / UnlabelMessages (PUT
 *   /mail/v4/messages/label, /unlabel with LabelMessagesReq {LabelID, IDs}),
 *   MarkMessagesRead / MarkMessagesUnread (PUT …/read, …/unread with
 *   MessageActionReq {IDs}), DeleteMessage (PUT …/delete {IDs}), each in
 *   chunks of maxPageSize (150, paging.go); GetGroupedMessageCount (GET
 *   /mail/v4/messages/count); label.go GetLabels for the names.
 * - WebClients packages/shared/lib/api/messages.ts: labelMessages,
 *   unlabelMessages, markMessageAsRead, markMessageAsUnread, deleteMessages
 *   (the same bodies), queryMessageMetadata (the filters' names and order:
 *   Begin, End, Keyword, Recipients for To, From, Subject, Attachments,
 *   Starred, Unread).
 */
import {expect} from 'chai'

import {baseEnv, runBinary} from '../helpers/run-binary.ts'
import {type ExpectedRequest, expectRequests, jsonAnswers, type Recorded, sentDuring, serverForSuite} from '../helpers/scripted-server.ts'

const APP_VERSION = 'web-mail@5.0.99.0'
const LABELS = {Family: 'l-2', Work: 'l-1'}
const FOLDERS = {Invoices: 'f-1', 'Invoices/2024': 'f-2'}

/** What the pretend service does; tests change it. */
interface Scenario {
  /** How many messages the list holds. */
  total: number
  /** Page index → how many messages that page holds less than it should. */
  shortPages: Record<number, number>
  /** Page index → the Total that page says (default: total). */
  totals: Record<number, number>
  /** Pages that answer Stale: 1 the first time they are asked for. */
  staleOnce: Set<number>
}

const scenario: Scenario = {shortPages: {}, staleOnce: new Set(), total: 7, totals: {}}

/** The answer per item: an ID beginning with "missing" is refused (2501), the rest go through. */
function perItem(ids: string[]): unknown {
  return {
    Code: 1001,
    Responses: ids.map((ID) => ({ID, Response: ID.startsWith('missing') ? {Code: 2501, Error: 'Message does not exist'} : {Code: 1000}})),
    UndoToken: {Token: 'undo', ValidUntil: 1_900_000_000},
  }
}

function messagesPage(url: URL): unknown {
  const page = Number(url.searchParams.get('Page') ?? 0)
  const size = Number(url.searchParams.get('PageSize') ?? 50)
  const held = Math.max(0, Math.min(size, scenario.total - page * size) - (scenario.shortPages[page] ?? 0))
  const Messages = Array.from({length: held}, (_, index) => ({
    ID: `m${page * size + index}`,
    Sender: {Address: 'a@example.test', Name: 'A'},
    Subject: `Message ${page * size + index}`,
    Time: 1_735_689_600,
    Unread: 0,
  }))
  const stale = scenario.staleOnce.delete(page) ? 1 : 0
  return {Code: 1000, Messages, Stale: stale, Total: scenario.totals[page] ?? scenario.total}
}

/** What the pretend service answers, by method and path. */
function answer(request: Recorded): [number, unknown] {
  const url = new URL(request.url, 'http://localhost')
  const body = request.body.length > 0 ? (JSON.parse(request.body.toString('utf8')) as {IDs?: string[]}) : {}
  switch (`${request.method} ${url.pathname}`) {
    case 'GET /core/v4/labels': {
      const entries = url.searchParams.get('Type') === '3' ? FOLDERS : LABELS
      const type = url.searchParams.get('Type') === '3' ? 3 : 1
      return [200, {Code: 1000, Labels: Object.entries(entries).map(([path, ID]) => ({ID, Name: path.split('/').at(-1), Path: path, Type: type}))}]
    }

    case 'GET /mail/v4/messages': {
      return [200, messagesPage(url)]
    }

    case 'GET /mail/v4/messages/count': {
      return [
        200,
        {
          Code: 1000,
          Counts: [
            {LabelID: '0', Total: 7, Unread: 3},
            {LabelID: 'l-1', Total: 2, Unread: 1},
            {LabelID: 'f-2', Total: 1, Unread: 0},
            {LabelID: 'x-9', Total: 4, Unread: 4},
          ],
        },
      ]
    }

    default: {
      const ids = body.IDs ?? []
      if (request.method !== 'PUT' || !/^\/mail\/v4\/messages\/(label|unlabel|read|unread|delete)$/.test(url.pathname)) return [404, {Code: 2501, Error: 'no such route'}]
      if (ids.includes('reject-whole')) return [422, {Code: 2000, Error: 'IDs are not valid'}]
      if (ids.includes('unavailable')) return [503, {Code: 503, Error: 'Service unavailable'}]
      return [200, perItem(ids)]
    }
  }
}

describe('mail actions, count and list filters: the requests sent (built binary, recording server)', function () {
  this.timeout(120_000)
  const suite = serverForSuite({handler: jsonAnswers(answer), lifetimeMs: 110_000, session: {fields: {AppVersion: APP_VERSION}}})

  beforeEach(() => {
    Object.assign(scenario, {shortPages: {}, staleOnce: new Set(), total: 7, totals: {}})
  })

  const run = async (args: string[], input?: string) => {
    const {result, sent} = await sentDuring(suite.server, () => runBinary(args, {env: baseEnv(suite.home.home, {TZ: 'UTC'}), input, timeoutMs: 60_000}))
    return {result, sent, stdout: result.stdout.toString('utf8')}
  }

  const expectSent = (sent: Recorded[], expected: ExpectedRequest[]) => expectRequests(sent, expected, APP_VERSION)

  const label = (LabelID: string, IDs: string[], verb = 'label'): ExpectedRequest => ({body: {LabelID, IDs}, method: 'PUT', url: `/mail/v4/messages/${verb}`})

  describe('trash, move, star, unstar, label, mark, delete', () => {
    it('mail trash: PUT /mail/v4/messages/label {"LabelID":"3","IDs":[…]}; nothing on stdout, what was done on stderr', async () => {
      const {result, sent, stdout} = await run(['mail', 'trash', 'a', 'b'])
      expect([result.status, stdout, result.stderr]).to.deep.equal([0, '', 'Moved 2 messages to trash.\n'])
      await expectSent(sent, [label('3', ['a', 'b'])])
    })

    it('IDs from standard input: "-" among the arguments, or none with input piped; one a line, blanks skipped, each once', async () => {
      const dash = await run(['mail', 'trash', 'first', '-', 'last'], 'a\n\n  b \r\na\nfirst\n')
      expect(dash.result.status, dash.result.stderr).to.equal(0)
      await expectSent(dash.sent, [label('3', ['first', 'a', 'b', 'last'])])
      const piped = await run(['mail', 'trash'], 'c\nd\n')
      await expectSent(piped.sent, [label('3', ['c', 'd'])])
    })

    it('an empty pipe is nothing to do: exit 0, a note on stderr, nothing sent (a nightly … | proton mail trash - on a quiet day)', async () => {
      for (const [args, input] of [
        [['mail', 'trash'], ''],
        [['mail', 'trash', '-'], '\n\n'],
        [['mail', 'move', '--to', 'archive', '-'], ''],
      ] as const) {
        const {result, sent} = await run([...args], input)
        expect([result.status, result.stdout.length, result.stderr], args.join(' ')).to.deep.equal([0, 0, 'Nothing to do: standard input held no message IDs.\n'])
        expect(sent, args.join(' ')).to.deep.equal([])
      }
    })

    it('IDs that cannot be IDs: exit 1, nothing sent', async () => {
      for (const [args, input, stderr] of [
        [['mail', 'star', '-'], 'ID  TIME  FROM\n', 'Error: line 1 of standard input is not a message ID: "ID TIME FROM" (one ID per line)\n'],
        [['mail', 'star', 'a b'], '', 'Error: "a b" is not a message ID (IDs hold no spaces or control characters)\n'],
        [['mail', 'star', '-', '-'], 'a\n', 'Error: the ID "-": standard input was already read by the ID "-"; it can be read once\n'],
      ] as const) {
        const {result, sent} = await run([...args], input)
        expect([result.status, result.stdout.length, result.stderr], args.join(' ')).to.deep.equal([1, 0, stderr])
        expect(sent, args.join(' ')).to.deep.equal([])
      }
    })

    it('at most 150 IDs a request (go-proton-api’s chunks), one request after another, any number in all', async () => {
      const ids = Array.from({length: 301}, (_, index) => `m${index}`)
      const {result, sent} = await run(['mail', 'mark', '--read', '-'], `${ids.join('\n')}\n`)
      expect([result.status, result.stderr]).to.deep.equal([0, 'Marked 301 messages read.\n'])
      await expectSent(sent, [
        {body: {IDs: ids.slice(0, 150)}, method: 'PUT', url: '/mail/v4/messages/read'},
        {body: {IDs: ids.slice(150, 300)}, method: 'PUT', url: '/mail/v4/messages/read'},
        {body: {IDs: ids.slice(300)}, method: 'PUT', url: '/mail/v4/messages/read'},
      ])
    })

    for (const [to, id] of [
      ['inbox', '0'],
      ['Archive', '6'],
      ['spam', '4'],
      ['TRASH', '3'],
    ]) {
      it(`mail move --to ${to}: LabelID ${id}, no lookup`, async () => {
        const {result, sent} = await run(['mail', 'move', 'a', '--to', to])
        expect([result.status, result.stderr]).to.deep.equal([0, `Moved 1 message to ${to.toLowerCase()}.\n`])
        await expectSent(sent, [label(id, ['a'])])
      })
    }

    it('mail move --to a folder by path or name (any case): the folders looked up (Type=3), then its LabelID', async () => {
      const byPath = await run(['mail', 'move', 'a', 'b', '--to', 'Invoices/2024'])
      expect([byPath.result.status, byPath.result.stderr]).to.deep.equal([0, 'Moved 2 messages to Invoices/2024.\n'])
      await expectSent(byPath.sent, [{method: 'GET', url: '/core/v4/labels?Type=3'}, label('f-2', ['a', 'b'])])
      const byName = await run(['mail', 'move', 'a', '--to', 'invoices'])
      await expectSent(byName.sent, [{method: 'GET', url: '/core/v4/labels?Type=3'}, label('f-1', ['a'])])
      const byId = await run(['mail', 'move', 'a', '--to', 'f-2'])
      await expectSent(byId.sent, [{method: 'GET', url: '/core/v4/labels?Type=3'}, label('f-2', ['a'])])
    })

    it('mail move --to what is no folder: exit 1, the message says why, no PUT sent', async () => {
      const label = await run(['mail', 'move', 'a', '--to', 'Work'])
      expect([label.result.status, label.result.stderr]).to.deep.equal([
        1,
        'Error: --to "Work" names no folder (inbox, archive, spam, trash, or one of yours); see "mail labels list --type folder", or give an ID\n',
      ])
      await expectSent(label.sent, [{method: 'GET', url: '/core/v4/labels?Type=3'}])
      const starred = await run(['mail', 'move', 'a', '--to', 'starred'])
      expect([starred.result.status, starred.sent]).to.deep.equal([1, []])
    })

    it('mail star / unstar: label / unlabel with LabelID 10', async () => {
      const star = await run(['mail', 'star', 'a'])
      expect([star.result.status, star.result.stderr]).to.deep.equal([0, 'Starred 1 message.\n'])
      await expectSent(star.sent, [label('10', ['a'])])
      const unstar = await run(['mail', 'unstar', 'a', 'b'])
      expect([unstar.result.status, unstar.result.stderr]).to.deep.equal([0, 'Unstarred 2 messages.\n'])
      await expectSent(unstar.sent, [label('10', ['a', 'b'], 'unlabel')])
    })

    it('mail label --add / --remove NAME: the labels looked up (Type=1), then label / unlabel with its ID', async () => {
      const add = await run(['mail', 'label', 'a', '--add', 'Work'])
      expect([add.result.status, add.result.stderr]).to.deep.equal([0, 'Labelled 1 message with Work.\n'])
      await expectSent(add.sent, [{method: 'GET', url: '/core/v4/labels?Type=1'}, label('l-1', ['a'])])
      const remove = await run(['mail', 'label', 'a', '--remove', 'family'])
      expect([remove.result.status, remove.result.stderr]).to.deep.equal([0, 'Unlabelled 1 message (label Family removed).\n'])
      await expectSent(remove.sent, [{method: 'GET', url: '/core/v4/labels?Type=1'}, label('l-2', ['a'], 'unlabel')])
      const none = await run(['mail', 'label', 'a'])
      expect([none.result.status, none.result.stderr, none.sent]).to.deep.equal([1, 'Error: give --add NAME (label the messages) or --remove NAME (take the label off)\n', []])
    })

    it('mail mark --read / --unread: PUT …/read or …/unread {"IDs":[…]}; neither is a usage error', async () => {
      await expectSent((await run(['mail', 'mark', 'a', '--read'])).sent, [{body: {IDs: ['a']}, method: 'PUT', url: '/mail/v4/messages/read'}])
      await expectSent((await run(['mail', 'mark', '--unread', 'a', 'b'])).sent, [{body: {IDs: ['a', 'b']}, method: 'PUT', url: '/mail/v4/messages/unread'}])
      const neither = await run(['mail', 'mark', 'a'])
      expect([neither.result.status, neither.result.stderr, neither.sent]).to.deep.equal([1, 'Error: give --read or --unread\n', []])
    })

    it('mail delete --yes (-y): PUT /mail/v4/messages/delete {"IDs":[…]}', async () => {
      const {result, sent} = await run(['mail', 'delete', 'a', 'b', '--yes'])
      expect([result.status, result.stderr]).to.deep.equal([0, 'Deleted 2 messages permanently.\n'])
      await expectSent(sent, [{body: {IDs: ['a', 'b']}, method: 'PUT', url: '/mail/v4/messages/delete'}])
      const short = await run(['mail', 'delete', '-y', '-'], 'c\n')
      await expectSent(short.sent, [{body: {IDs: ['c']}, method: 'PUT', url: '/mail/v4/messages/delete'}])
    })

    it('mail delete without a terminal and without --yes: exit 1, nothing sent (IDs given or piped; a long list counted, not listed)', async () => {
      for (const [args, input] of [
        [['mail', 'delete', 'a'], ''],
        [['mail', 'delete'], 'a\nb\n'],
      ] as const) {
        const {result, sent} = await run([...args], input)
        expect([result.status, result.stdout.length], args.join(' ')).to.deep.equal([1, 0])
        expect(result.stderr).to.match(/^Error: refusing to delete (message a|2 messages \(a, b\)) permanently without confirmation: standard input is not a terminal \(add --yes\)\n$/)
        expect(sent).to.deep.equal([])
      }

      const many = await run(['mail', 'delete'], Array.from({length: 151}, (_, index) => `m${index}`).join('\n'))
      expect([many.result.status, many.result.stderr, many.sent]).to.deep.equal([
        1,
        'Error: refusing to delete 151 messages permanently without confirmation: standard input is not a terminal (add --yes)\n',
        [],
      ])
    })
  })

  describe('answers per item', () => {
    it('names every refused ID with its error on stderr, does the others, exits with the gravest refusal’s status', async () => {
      const {result, sent, stdout} = await run(['mail', 'trash', 'a', 'missing-1', 'b', 'missing-2'])
      expect(result.status).to.equal(3)
      expect(stdout).to.equal('')
      expect(result.stderr).to.equal(
        'Error: message missing-1: Code 2501 NOT_FOUND_ERROR: Message does not exist\n' +
          'Error: message missing-2: Code 2501 NOT_FOUND_ERROR: Message does not exist\n' +
          'Moved 2 of 4 messages to trash; 2 refused.\n',
      )
      await expectSent(sent, [label('3', ['a', 'missing-1', 'b', 'missing-2'])])
    })

    it('--output json: the results per ID in the service’s shape, every request’s together', async () => {
      const ids = ['missing-0', ...Array.from({length: 150}, (_, index) => `m${index}`), 'missing-last']
      const {result, stdout} = await run(['mail', 'unstar', '-', '--output', 'json'], ids.join('\n'))
      expect(result.status).to.equal(3)
      const document = JSON.parse(stdout) as {Code: number; Responses: Array<{ID: string; Response: {Code: number; Error?: string}}>}
      expect(document.Code).to.equal(1001)
      expect(document.Responses.map((item) => item.ID)).to.deep.equal(ids)
      expect(document.Responses[0]).to.deep.equal({ID: 'missing-0', Response: {Code: 2501, Error: 'Message does not exist'}})
      expect(document.Responses[1]).to.deep.equal({ID: 'm0', Response: {Code: 1000}})
      expect(document.Responses.at(-1)).to.deep.equal({ID: 'missing-last', Response: {Code: 2501, Error: 'Message does not exist'}})
    })

    it('a request refused as a whole refuses each of its IDs; the next request is still sent', async () => {
      const ids = ['reject-whole', ...Array.from({length: 149}, (_, index) => `m${index}`), 'after']
      const {result, sent, stdout} = await run(['mail', 'trash', '-', '--output', 'json'], ids.join('\n'))
      expect(result.status).to.equal(1)
      expect(sent.map((request) => JSON.parse(request.body.toString()).IDs.length)).to.deep.equal([150, 1])
      const lines = result.stderr.trimEnd().split('\n')
      expect(lines).to.have.length(151)
      expect(lines[0]).to.equal('Error: message reject-whole: HTTP 422 Unprocessable Entity, Code 2000 INVALID_REQUIREMENT_ERROR: IDs are not valid')
      expect(lines.at(-1)).to.equal('Moved 1 of 151 messages to trash; 150 refused.')
      const document = JSON.parse(stdout) as {Responses: Array<{ID: string; Response: unknown}>}
      expect(document.Responses[1]).to.deep.equal({ID: 'm0', Response: {Code: 2000, Error: 'IDs are not valid'}})
      expect(document.Responses.at(-1)).to.deep.equal({ID: 'after', Response: {Code: 1000}})
    })

    it('after a failure later requests would meet too (503), the rest are not sent and are reported as such; exit 5', async () => {
      const ids = ['unavailable', ...Array.from({length: 150}, (_, index) => `m${index}`)]
      const {result, sent} = await run(['mail', 'trash', '-', '--retries', '0'], ids.join('\n'))
      expect(result.status).to.equal(5)
      expect(sent).to.have.length(1)
      const lines = result.stderr.trimEnd().split('\n')
      expect(lines[0]).to.equal('Error: message unavailable: HTTP 503 Service Unavailable, Code 503: Service unavailable')
      expect(lines[150]).to.equal('Error: message m149: not sent: an earlier request failed (HTTP 503 Service Unavailable, Code 503: Service unavailable)')
      expect(lines.at(-1)).to.equal('Moved 0 of 151 messages to trash; 150 refused; 1 not sent.')
    })
  })

  describe('--dry-run', () => {
    it('prints every request, 150 IDs each, and sends nothing', async () => {
      const ids = Array.from({length: 151}, (_, index) => `m${index}`)
      const {result, sent, stdout} = await run(['mail', 'delete', '-', '--dry-run', '--output', 'json'], ids.join('\n'))
      expect([result.status, sent]).to.deep.equal([0, []])
      expect(JSON.parse(stdout)).to.deep.equal([
        {Body: {IDs: ids.slice(0, 150)}, Method: 'PUT', URL: `${suite.server.url}/mail/v4/messages/delete`},
        {Body: {IDs: ids.slice(150)}, Method: 'PUT', URL: `${suite.server.url}/mail/v4/messages/delete`},
      ])
      expect(result.stderr).to.equal('Not checked: that the 151 messages exist (the service answers for each ID when the requests are sent).\nDry run: 2 requests were not sent.\n')
    })

    it('a folder or label by name: looked up with GET (as the real run does), the PUT printed with its ID, not sent', async () => {
      for (const [args, lookup, verb] of [
        [['mail', 'move', 'a', '--to', 'Invoices/2024', '--dry-run'], '3', 'label'],
        [['mail', 'label', 'a', '--remove', 'Work', '--dry-run'], '1', 'unlabel'],
      ] as const) {
        const {result, sent, stdout} = await run([...args])
        expect(result.status, result.stderr).to.equal(0)
        await expectSent(sent, [{method: 'GET', url: `/core/v4/labels?Type=${lookup}`}])
        expect(stdout).to.match(new RegExp(`^PUT ${suite.server.url}/mail/v4/messages/${verb}\\n\\{\\n {2}"LabelID": "[^<"]+",\\n {2}"IDs": \\[\\n {4}"a"\\n {2}\\]\\n\\}\\n$`))
      }

      for (const command of [['trash'], ['star'], ['unstar'], ['mark', '--unread'], ['move', '--to', 'spam']]) {
        const {result, sent, stdout} = await run(['mail', ...command, 'a', '--dry-run'])
        expect([result.status, sent], command.join(' ')).to.deep.equal([0, []])
        expect(stdout, command.join(' ')).to.match(/^PUT http:\/\/127\.0\.0\.1:\d+\/mail\/v4\/messages\/(label|unlabel|unread)\n\{\n/)
      }
    })
  })

  describe('mail count', () => {
    it('text: GET /mail/v4/messages/count, then the names (Type=1, Type=3); one row each, mailboxes first', async () => {
      const {result, sent, stdout} = await run(['mail', 'count'])
      expect(result.status, result.stderr).to.equal(0)
      await expectSent(sent, [
        {method: 'GET', url: '/mail/v4/messages/count'},
        {method: 'GET', url: '/core/v4/labels?Type=1'},
        {method: 'GET', url: '/core/v4/labels?Type=3'},
      ])
      expect(stdout).to.equal(['inbox\tmailbox\t7\t3', 'Invoices/2024\tfolder\t1\t0', 'Work\tlabel\t2\t1', 'x-9\t\t4\t4', ''].join('\n'))
    })

    it('--output json: the count’s answer exactly as received, and no other request', async () => {
      const {result, sent, stdout} = await run(['mail', 'count', '--output', 'json'])
      expect(result.status).to.equal(0)
      await expectSent(sent, [{method: 'GET', url: '/mail/v4/messages/count'}])
      expect(JSON.parse(stdout).Counts).to.have.length(4)
    })
  })

  describe('mail list filters and --all', () => {
    it('sends the filters as the web client names and orders them, after Sort and Desc', async () => {
      const args = [
        '--keyword',
        'lunch',
        '--from',
        'alex',
        '--to',
        'me@proton.test',
        '--subject',
        'Friday plans',
        '--after',
        '2025-01-01',
        '--before',
        '2025-02-01T12:00:00+01:00',
        '--unread',
        '--starred',
        '--has-attachments',
      ]
      const {result, sent} = await run(['mail', 'list', ...args])
      expect(result.status, result.stderr).to.equal(0)
      await expectSent(sent, [
        {
          method: 'GET',
          url: '/mail/v4/messages?Page=0&PageSize=50&LabelID=0&Sort=Time&Desc=1&Begin=1735689600&End=1738407600&Keyword=lunch&Recipients=me%40proton.test&From=alex&Subject=Friday%20plans&Attachments=1&Starred=1&Unread=1',
        },
      ])
    })

    it('refuses a bad date, a range that ends before it begins, an empty filter: exit 1, nothing sent', async () => {
      for (const [args, stderr] of [
        [['--after', '2025-13-01'], 'Error: --after "2025-13-01" is not a date and time that exists (from 1970 on)\n'],
        [['--before', '2025-01-01T09:00'], 'Error: --before "2025-01-01T09:00" has no time zone: add Z (UTC) or an offset such as +02:00 (a date alone means midnight UTC)\n'],
        [['--after', '2025-02-01', '--before', '2025-01-01'], 'Error: --after (2025-02-01) must be earlier than --before (2025-01-01)\n'],
        [['--from', ' '], 'Error: --from must not be empty\n'],
        [['--all', '--page', '2'], 'Error: --all fetches every page: leave out --page\n'],
      ] as const) {
        const {result, sent} = await run(['mail', 'list', ...args])
        expect([result.status, result.stderr, sent], args.join(' ')).to.deep.equal([1, stderr, []])
      }
    })

    it('--all: every page of 150 (Page=0, 1, 2, four at a time), printed as one envelope holding every message', async () => {
      scenario.total = 320
      const {result, sent, stdout} = await run(['mail', 'list', '--all', '--label', 'archive', '--from', 'a', '--output', 'json'])
      expect(result.status, result.stderr).to.equal(0)
      expect(sent.map((request) => request.url).sort()).to.deep.equal([0, 1, 2].map((page) => `/mail/v4/messages?Page=${page}&PageSize=150&LabelID=6&Sort=Time&Desc=1&From=a`))
      const document = JSON.parse(stdout) as {Messages: Array<{ID: string}>; Total: number}
      expect(document.Total).to.equal(320)
      expect(document.Messages.map((message) => message.ID)).to.deep.equal(Array.from({length: 320}, (_, index) => `m${index}`))
    })

    it('--all: a page that says Stale is asked for again, and the list is whole', async () => {
      Object.assign(scenario, {staleOnce: new Set([1]), total: 5})
      const {result, sent, stdout} = await run(['mail', 'list', '--all', '--page-size', '2', '--output', 'json'])
      expect([result.status, result.stderr]).to.deep.equal([0, ''])
      expect(sent.map((request) => new URL(request.url, 'http://x').searchParams.get('Page')).sort()).to.deep.equal(['0', '1', '1', '2'])
      expect((JSON.parse(stdout) as {Messages: unknown[]}).Messages).to.have.length(5)
    })

    it('--all in text: one list, then how many (on stderr when piped)', async () => {
      scenario.total = 5
      const {result, sent, stdout} = await run(['mail', 'list', '--all', '--page-size', '2'])
      expect([result.status, result.stderr]).to.deep.equal([0, '5 messages, every page\n'])
      expect(sent).to.have.length(3)
      expect(stdout.trimEnd().split('\n')).to.have.length(5)
    })

    it('--all, a page short of what Total promised: asked on until a page comes back empty, then exit 5, nothing printed, the missing named', async () => {
      Object.assign(scenario, {shortPages: {1: 3}, total: 320})
      const {result, stdout} = await run(['mail', 'list', '--all', '--output', 'json'])
      expect([result.status, stdout]).to.deep.equal([5, ''])
      expect(result.stderr).to.equal('Error: mail list --all: only 317 of Total 320 items arrived (Page 3 came back without items); nothing printed, run it again\n')
    })

    it('--all, a Total that moved between pages: exit 5, nothing printed', async () => {
      Object.assign(scenario, {total: 320, totals: {2: 319}})
      const {result, stdout} = await run(['mail', 'list', '--all'])
      expect([result.status, stdout]).to.deep.equal([5, ''])
      expect(result.stderr).to.equal('Error: mail list --all: the list changed while it was read (Page 0 said Total 320, Page 2 said 319); nothing printed, run it again\n')
    })
  })
})
