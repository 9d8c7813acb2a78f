/**
 * Every request a dedicated command sends, as the built binary sends it,
 * checked whole (method, path, query in order, body bytes, headers) against
 * what the official client named beside it sends for the same thing:
 *
 * - go-proton-api: label.go (GetLabels: one GET /core/v4/labels?Type=N per
 *   type; CreateLabel; DeleteLabel), label_types.go (CreateLabelReq: Name,
 *   Color, Type, ParentID only when set), calendar.go (GetCalendars),
 *   volume.go (ListVolumes), user.go (GetUser), address.go (GetAddresses).
 * - WebClients: packages/shared/lib/api/labels.ts (get, create,
 *   deleteLabel), api/messages.ts (queryMessageMetadata: Page, PageSize,
 *   LabelID, Sort "Time", Desc 1), api/calendars.ts (queryCalendars,
 *   createCalendar) with calendar/crypto/keys/setupCalendarHelper.ts (its
 *   body: Name, Color, Description, Display, AddressID),
 *   api/drive/volume.ts (queryUserVolumes).
 * - The headers every one of them sends: Authorization, x-pm-uid,
 *   x-pm-appversion (the profile's), and Content-Type only with a body.
 *
 * The labels, calendar list, volumes, user and addresses expectations are
 * built from vendor/official-requests.json (repository, commit, path, line
 * range, excerpt and the request shape the excerpt shows), each shape
 * checked against its excerpt and the two clients' shapes against each other.
 */
import {expect} from 'chai'
import {readFileSync} from 'node:fs'

import {baseEnv, runBinary} from '../helpers/run-binary.ts'
import {type ExpectedRequest, expectRequests, jsonAnswers, type Recorded, sentDuring, serverForSuite} from '../helpers/scripted-server.ts'

const APP_VERSION = 'web-mail@5.0.99.0'

interface Citation {
  repository: string
  path: string
  excerpt: string
  request: {method: string; path: string; query?: string[]; body?: string[]; bodyWhenSet?: string[]; bodyType?: string}
}
const {citations} = JSON.parse(readFileSync(new URL('../../vendor/official-requests.json', import.meta.url), 'utf8')) as {citations: Record<string, Citation>}

/** The request the named citations show: each shape read off its excerpt, all of them agreeing on method and path. */
function cited(...names: string[]): Citation['request'] {
  const shapes = names.map((name) => {
    const {excerpt, repository, request} = citations[name]
    expect(request, name).to.not.equal(undefined)
    // go-proton-api spells the whole path and the method (.Get("/core/v4/labels")); WebClients the path under the product ('v4/labels') and the method in lower case.
    const stem = request.path.replace('{labelID}', '').replace(/\/$/, '')
    if (repository === 'ProtonMail/go-proton-api') expect(excerpt, name).to.include(`.${request.method[0]}${request.method.slice(1).toLowerCase()}("${stem}`)
    else expect(excerpt, name).to.include(`method: '${request.method.toLowerCase()}'`).and.to.include(stem.replace(/^\/core\//, ''))
    for (const field of [...(request.query ?? []), ...(request.body ?? [])]) expect(excerpt, `${name}: ${field}`).to.include(field)
    return request
  })
  for (const shape of shapes) expect({method: shape.method, path: shape.path}).to.deep.equal({method: shapes[0].method, path: shapes[0].path})
  return shapes[0]
}

const LABELS_GET = cited('go-proton-api GetLabels', 'WebClients labels get')
const LABELS_CREATE = cited('go-proton-api CreateLabel', 'WebClients labels create')
const LABEL_DELETE = cited('go-proton-api DeleteLabel', 'WebClients deleteLabel')
const labelsOfType = (type: number) => `${LABELS_GET.path}?${LABELS_GET.query![0]}=${type}`
/** The body in CreateLabelReq's field order, ParentID only when set (json:",omitempty"). */
function labelBody(values: Record<string, unknown>): Record<string, unknown> {
  const {excerpt, request} = citations[`go-proton-api ${citations['go-proton-api CreateLabel'].request.bodyType}`]
  const fields = [...request.body!, ...request.bodyWhenSet!]
  for (const field of fields) expect(excerpt).to.match(new RegExp(`^\\t${field} `, 'm'))
  return Object.fromEntries(fields.filter((field) => values[field] !== undefined).map((field) => [field, values[field]]))
}

/** What the pretend service answers, by method and path. */
function answer(request: Recorded): [number, unknown] {
  const path = request.url.split('?')[0]
  switch (`${request.method} ${path}`) {
    case 'GET /core/v4/labels': {
      const folders = request.url.endsWith('Type=3')
      return [200, {Code: 1000, Labels: [folders ? {Color: '#54473F', ID: 'f-1', Name: 'Invoices', Path: 'Invoices', Type: 3} : {Color: '#8080FF', ID: 'l-1', Name: 'Work', Path: 'Work', Type: 1}]}]
    }

    case 'POST /core/v4/labels': {
      return [200, {Code: 1000, Label: {ID: 'l-new'}}]
    }

    case 'GET /mail/v4/messages': {
      return [200, {Code: 1000, Messages: [], Stale: 0, Total: 0}]
    }

    case 'GET /core/v4/addresses': {
      return [200, {Addresses: [{Email: 'me@proton.test', ID: 'a-1', Order: 1, Status: 1}], Code: 1000}]
    }

    case 'POST /calendar/v1': {
      return [200, {Calendar: {ID: 'c-new', Members: [{Flags: 9}], Owner: {Email: 'me@proton.test'}, Type: 0}, Code: 1000}]
    }

    case 'GET /calendar/v1': {
      return [200, {Calendars: [], Code: 1000}]
    }

    case 'GET /drive/volumes': {
      return [200, {Code: 1000, Volumes: []}]
    }

    case 'GET /core/v4/users': {
      return [200, {Code: 1000, User: {ID: 'u-1'}}]
    }

    default: {
      return request.method === 'DELETE' && path.startsWith('/core/v4/labels/') ? [200, {Code: 1000}] : [404, {Code: 2501, Error: `no ${request.method} ${path}`}]
    }
  }
}

describe('dedicated commands send what the official clients send (built binary, loopback server)', function () {
  this.timeout(60_000)
  const suite = serverForSuite({handler: jsonAnswers(answer), session: {fields: {AppVersion: APP_VERSION}}})
  const run = (args: string[]) => sentDuring(suite.server, () => runBinary(args, {env: baseEnv(suite.home.home, {TZ: 'UTC'})}))
  const expectSent = (sent: Recorded[], expected: ExpectedRequest[]) => expectRequests(sent, expected, APP_VERSION)

  it('mail labels list: GET /core/v4/labels?Type=1, then ?Type=3 (go-proton-api GetLabels, WebClients labels.ts get)', async () => {
    const {result, sent} = await run(['mail', 'labels', 'list'])
    expect(result.status, result.stderr).to.equal(0)
    expectSent(sent, [
      {method: LABELS_GET.method, url: labelsOfType(1)},
      {method: LABELS_GET.method, url: labelsOfType(3)},
    ])
  })

  it('mail labels list --type contact-group: GET /core/v4/labels?Type=2 alone', async () => {
    const {result, sent} = await run(['mail', 'labels', 'list', '--type', 'contact-group'])
    expect(result.status, result.stderr).to.equal(0)
    expectSent(sent, [{method: LABELS_GET.method, url: labelsOfType(2)}])
  })

  it('mail labels create: POST /core/v4/labels {Name, Color, Type} (CreateLabelReq without an empty ParentID)', async () => {
    const {result, sent} = await run(['mail', 'labels', 'create', '--name', 'Receipts', '--color', '#8080FF'])
    expect(result.status, result.stderr).to.equal(0)
    expectSent(sent, [{body: labelBody({Color: '#8080FF', Name: 'Receipts', Type: 1}), method: LABELS_CREATE.method, url: LABELS_CREATE.path}])
  })

  it('mail labels create --type folder --parent: the parent looked up among the folders (GET ?Type=3), then POST /core/v4/labels {Name, Color, Type 3, ParentID}', async () => {
    for (const parent of ['f-1', 'Invoices']) {
      const {result, sent} = await run(['mail', 'labels', 'create', '--name', '2024', '--color', '#54473F', '--type', 'folder', '--parent', parent])
      expect(result.status, result.stderr).to.equal(0)
      expectSent(sent, [
        {method: 'GET', url: '/core/v4/labels?Type=3'},
        {body: labelBody({Color: '#54473F', Name: '2024', ParentID: 'f-1', Type: 3}), method: LABELS_CREATE.method, url: LABELS_CREATE.path},
      ])
    }
  })

  it('mail labels delete: DELETE /core/v4/labels/<id>, the ID as one segment, = padding as it is (go-proton-api DeleteLabel, WebClients deleteLabel)', async () => {
    // Named as mail move --to names them (looked up as mail labels list asks), or by an ID of no listed label, sent as given.
    const {result, sent} = await run(['mail', 'labels', 'delete', 'Work', 'Invoices', 'x-label-id_0123456789-abc==', '--yes'])
    expect(result.status, result.stderr).to.equal(0)
    expectSent(sent, [
      {method: 'GET', url: '/core/v4/labels?Type=1'},
      {method: 'GET', url: '/core/v4/labels?Type=3'},
      {method: LABEL_DELETE.method, url: LABEL_DELETE.path.replace('{labelID}', 'l-1')},
      {method: LABEL_DELETE.method, url: LABEL_DELETE.path.replace('{labelID}', 'f-1')},
      {method: LABEL_DELETE.method, url: LABEL_DELETE.path.replace('{labelID}', 'x-label-id_0123456789-abc==')},
    ])
  })

  it('mail list: GET /mail/v4/messages?Page=0&PageSize=50&LabelID=0&Sort=Time&Desc=1 (WebClients queryMessageMetadata)', async () => {
    const {result, sent} = await run(['mail', 'list'])
    expect(result.status, result.stderr).to.equal(0)
    expectSent(sent, [{method: 'GET', url: '/mail/v4/messages?Page=0&PageSize=50&LabelID=0&Sort=Time&Desc=1'}])
  })

  it('mail list --label Work --page 3 --page-size 20: the labels looked up by type, then the page of that label', async () => {
    const {result, sent} = await run(['mail', 'list', '--label', 'Work', '--page', '3', '--page-size', '20'])
    expect(result.status, result.stderr).to.equal(0)
    expectSent(sent, [
      {method: LABELS_GET.method, url: labelsOfType(1)},
      {method: LABELS_GET.method, url: labelsOfType(3)},
      {method: 'GET', url: '/mail/v4/messages?Page=2&PageSize=20&LabelID=l-1&Sort=Time&Desc=1'},
    ])
  })

  it('calendar list: GET /calendar/v1 (go-proton-api GetCalendars, WebClients queryCalendars)', async () => {
    const {result, sent} = await run(['calendar', 'list'])
    expect(result.status, result.stderr).to.equal(0)
    const calendars = cited('go-proton-api GetCalendars')
    expectSent(sent, [{method: calendars.method, url: calendars.path}])
  })

  it('calendar create with a session that holds no keys: exit 2, nothing sent (the keys are set up with the calendar, see calendar-events.test.ts)', async () => {
    const {result, sent} = await run(['calendar', 'create', '--name', 'Team', '--color', '#179FD9', '--description', 'Shared dates'])
    expect(result.status).to.equal(2)
    expect(result.stderr).to.match(/^Error: the session of profile \S+ holds no unlocked keys: run "proton auth login" \(with the password\)/)
    expectSent(sent, [])
  })

  it('drive volumes: GET /drive/volumes (go-proton-api ListVolumes, WebClients queryUserVolumes)', async () => {
    const {result, sent} = await run(['drive', 'volumes'])
    expect(result.status, result.stderr).to.equal(0)
    const volumes = cited('go-proton-api ListVolumes')
    expectSent(sent, [{method: volumes.method, url: volumes.path}])
  })

  it('account show: GET /core/v4/users (go-proton-api GetUser)', async () => {
    const {result, sent} = await run(['account', 'show'])
    expect(result.status, result.stderr).to.equal(0)
    const user = cited('go-proton-api GetUser')
    expectSent(sent, [{method: user.method, url: user.path}])
  })
})
