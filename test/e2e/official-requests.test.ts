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
 * The expectations are built from vendor/official-requests.json (repository,
 * commit, path, line range, excerpt and the request shape the excerpt
 * shows), each shape checked against its excerpt and the two clients' shapes
 * against each other. mail send (draft, attachment, send), calendar create
 * (calendar, keys, then an event's sync), calendar events list (the four
 * Types) and contacts (create, delete) need keys: they run against the
 * sandbox behind a recording proxy, and their requests' methods, paths and
 * body fields (a listing's query) are checked against the cited shapes (WebClients api/messages.ts, attachments.ts, calendars.ts,
 * contacts.ts, calendar/crypto/keys/setupCalendarHelper.ts; go-proton-api
 * message_send.go, attachment.go, contact.go). Every request recorded here
 * also passes the request check of --strict against the shipped
 * description (test/helpers/strict-requests.ts). The pass commands' writes are
 * checked against the official Pass CLI (protonpass/pass-cli: the route's
 * macro and its body's serde struct), not against the description, which
 * has no Pass routes.
 */
import {expect} from 'chai'
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {baseEnv, runBinary} from '../helpers/run-binary.ts'
import {sandboxForSuite} from '../helpers/sandbox-process.ts'
import {type ExpectedRequest, expectRequests, jsonAnswers, type Recorded, type ScriptedServer, sentDuring, serverForSuite, startRecordingProxy} from '../helpers/scripted-server.ts'
import {expectStrictlyDescribed} from '../helpers/strict-requests.ts'

const APP_VERSION = 'web-mail@5.0.99.0'

interface Citation {
  repository: string
  path: string
  excerpt: string
  constants?: Record<string, string>
  request: {method: string; path: string; query?: string[]; body?: string[]; bodyWhenSet?: string[]; bodyType?: string; items?: string[]; multipart?: string[]; multipartWhenSet?: string[]}
}
const {citations} = JSON.parse(readFileSync(new URL('../../vendor/official-requests.json', import.meta.url), 'utf8')) as {citations: Record<string, Citation>}

/** The request the named citations show: each shape read off its excerpt, all of them agreeing on method and path. */
function cited(...names: string[]): Citation['request'] {
  const shapes = names.map((name) => {
    const {constants = {}, excerpt, repository, request} = citations[name]
    expect(request, name).to.not.equal(undefined)
    // WebClients names a product prefix by a constant (`${CALENDAR_V1}`): read with the constant's value.
    const text = Object.entries(constants).reduce((read, [constant, value]) => read.replaceAll(`\${${constant}}`, value), excerpt)
    // The path's literal pieces, between its {parameters}: go-proton-api spells the whole path after the method
    // (.Post("/mail/v4/messages/" + draftID)); WebClients the path under the API base ('v4/labels' for /core/v4/labels,
    // 'mail/v4/messages') and the method in lower case.
    const [first, ...rest] = request.path.split(/\{[^}]+\}/).filter((piece) => piece !== '')
    if (repository === 'ProtonMail/go-proton-api') expect(text, name).to.include(`${request.method[0]}${request.method.slice(1).toLowerCase()}("${first.replace(/\/$/, '')}`)
    // pass-cli (Rust, muon) spells the method as a macro over the whole path: POST!("/pass/v1/share/{share_id}/item").
    else if (repository === 'protonpass/pass-cli') expect(text, name).to.include(`${request.method}!("${first.replace(/\/$/, '')}`)
    else
      expect(text, name)
        .to.include(`method: '${request.method.toLowerCase()}'`)
        .and.to.include(first.replace(/^\/(core\/)?/, '').replace(/\/$/, ''))
    for (const piece of rest) expect(text, name).to.include(piece)
    for (const field of [...(request.query ?? []), ...(request.body ?? []), ...(request.multipart ?? [])]) expect(text, `${name}: ${field}`).to.include(field)
    return request
  })
  // The same request: method and path, whatever each names its {parameters}.
  const request = (shape: Citation['request']) => `${shape.method} ${shape.path.replaceAll(/\{[^}]+\}/g, '{}')}`
  for (const shape of shapes) expect(request(shape)).to.equal(request(shapes[0]))
  // The first citation's fields are required; a field any of the others names may be sent too.
  const [own, ...others] = shapes
  const optional = (required: string[] = [], ...lists: Array<string[] | undefined>) => [...new Set(lists.flatMap((list) => list ?? []))].filter((field) => !required.includes(field))
  return {
    ...own,
    bodyWhenSet: optional(own.body, own.bodyWhenSet, ...others.flatMap((shape) => [shape.body, shape.bodyWhenSet])),
    multipartWhenSet: optional(own.multipart, own.multipartWhenSet, ...others.flatMap((shape) => [shape.multipart, shape.multipartWhenSet])),
  }
}

/** A pass-cli route with the fields of its body's serde struct (cited apart: its `bodyType`), each read off the struct's `rename`. */
function passCited(name: string): Citation['request'] {
  const route = cited(name)
  const struct = citations[`pass-cli ${route.bodyType}`]
  if (!struct) return route
  for (const field of [...(struct.request.body ?? []), ...(struct.request.bodyWhenSet ?? []), ...(struct.request.items ?? [])])
    expect(struct.excerpt, `${name}: ${field}`).to.include(`rename = "${field}"`)
  return {...route, body: struct.request.body, bodyWhenSet: struct.request.bodyWhenSet ?? [], items: struct.request.items}
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
    await expectSent(sent, [
      {method: LABELS_GET.method, url: labelsOfType(1)},
      {method: LABELS_GET.method, url: labelsOfType(3)},
    ])
  })

  it('mail labels list --type contact-group: GET /core/v4/labels?Type=2 alone', async () => {
    const {result, sent} = await run(['mail', 'labels', 'list', '--type', 'contact-group'])
    expect(result.status, result.stderr).to.equal(0)
    await expectSent(sent, [{method: LABELS_GET.method, url: labelsOfType(2)}])
  })

  it('mail labels create: POST /core/v4/labels {Name, Color, Type} (CreateLabelReq without an empty ParentID)', async () => {
    const {result, sent} = await run(['mail', 'labels', 'create', '--name', 'Receipts', '--color', '#8080FF'])
    expect(result.status, result.stderr).to.equal(0)
    await expectSent(sent, [{body: labelBody({Color: '#8080FF', Name: 'Receipts', Type: 1}), method: LABELS_CREATE.method, url: LABELS_CREATE.path}])
  })

  it('mail labels create --type folder --parent: the parent looked up among the folders (GET ?Type=3), then POST /core/v4/labels {Name, Color, Type 3, ParentID}', async () => {
    for (const parent of ['f-1', 'Invoices']) {
      const {result, sent} = await run(['mail', 'labels', 'create', '--name', '2024', '--color', '#54473F', '--type', 'folder', '--parent', parent])
      expect(result.status, result.stderr).to.equal(0)
      await expectSent(sent, [
        {method: 'GET', url: '/core/v4/labels?Type=3'},
        {body: labelBody({Color: '#54473F', Name: '2024', ParentID: 'f-1', Type: 3}), method: LABELS_CREATE.method, url: LABELS_CREATE.path},
      ])
    }
  })

  it('mail labels delete: DELETE /core/v4/labels/<id>, the ID as one segment, = padding as it is (go-proton-api DeleteLabel, WebClients deleteLabel)', async () => {
    // Named as mail move --to names them (looked up as mail labels list asks), or by an ID of no listed label, sent as given.
    const {result, sent} = await run(['mail', 'labels', 'delete', 'Work', 'Invoices', 'x-label-id_0123456789-abc==', '--yes'])
    expect(result.status, result.stderr).to.equal(0)
    await expectSent(sent, [
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
    await expectSent(sent, [{method: 'GET', url: '/mail/v4/messages?Page=0&PageSize=50&LabelID=0&Sort=Time&Desc=1'}])
  })

  it('mail list --label Work --page 3 --page-size 20: the labels looked up by type, then the page of that label', async () => {
    const {result, sent} = await run(['mail', 'list', '--label', 'Work', '--page', '3', '--page-size', '20'])
    expect(result.status, result.stderr).to.equal(0)
    await expectSent(sent, [
      {method: LABELS_GET.method, url: labelsOfType(1)},
      {method: LABELS_GET.method, url: labelsOfType(3)},
      {method: 'GET', url: '/mail/v4/messages?Page=2&PageSize=20&LabelID=l-1&Sort=Time&Desc=1'},
    ])
  })

  it('calendar list: GET /calendar/v1 (go-proton-api GetCalendars, WebClients queryCalendars)', async () => {
    const {result, sent} = await run(['calendar', 'list'])
    expect(result.status, result.stderr).to.equal(0)
    const calendars = cited('go-proton-api GetCalendars')
    await expectSent(sent, [{method: calendars.method, url: calendars.path}])
  })

  it('calendar create with a session that holds no keys: exit 2, nothing sent (the keys are set up with the calendar, see calendar-events.test.ts)', async () => {
    const {result, sent} = await run(['calendar', 'create', '--name', 'Team', '--color', '#179FD9', '--description', 'Shared dates'])
    expect(result.status).to.equal(2)
    expect(result.stderr).to.match(/^Error: the session of profile \S+ holds no unlocked keys: run "proton auth login" \(with the password\)/)
    await expectSent(sent, [])
  })

  it('drive volumes: GET /drive/volumes (go-proton-api ListVolumes, WebClients queryUserVolumes)', async () => {
    const {result, sent} = await run(['drive', 'volumes'])
    expect(result.status, result.stderr).to.equal(0)
    const volumes = cited('go-proton-api ListVolumes')
    await expectSent(sent, [{method: volumes.method, url: volumes.path}])
  })

  it('account show: GET /core/v4/users (go-proton-api GetUser)', async () => {
    const {result, sent} = await run(['account', 'show'])
    expect(result.status, result.stderr).to.equal(0)
    const user = cited('go-proton-api GetUser')
    await expectSent(sent, [{method: user.method, url: user.path}])
  })
})

/** A cited path as a pattern: each {parameter} one segment. */
const pathPattern = (path: string) => new RegExp(`^${path.replaceAll(/\{[^}]+\}/g, '[^/?]+')}$`)
/** The names of a body's top-level fields: a JSON object's keys, or a multipart form's field names in order. */
function fieldsOf(request: Recorded): string[] {
  const type = String(request.headers['content-type'] ?? '')
  if (type.startsWith('application/json')) return Object.keys(JSON.parse(request.body.toString('utf8')) as object)
  expect(type, `${request.method} ${request.url}`).to.match(/^multipart\/form-data; boundary=/)
  return [...request.body.toString('latin1').matchAll(/content-disposition: form-data; name="([^"]+)"/gi)].map((match) => match[1])
}

/** The request matches the cited shape: method, path, every field it requires and none it does not name. */
function expectShape(request: Recorded, shape: Citation['request']): void {
  const what = `${request.method} ${request.url}`
  expect(request.method, what).to.equal(shape.method)
  expect(request.url, what).to.match(pathPattern(shape.path))
  const required = shape.body ?? shape.multipart ?? []
  const named = [...required, ...(shape.multipart ? (shape.multipartWhenSet ?? []) : (shape.bodyWhenSet ?? []))]
  const fields = fieldsOf(request)
  expect(fields, what).to.include.members(required)
  expect(named, `${what}: fields the client does not send`).to.include.members(fields)
}

describe('send, calendar create, contacts: what the official clients send (built binary, sandbox behind a recording proxy)', function () {
  this.timeout(60_000)
  const suite = sandboxForSuite()
  let proxy: ScriptedServer
  let work = ''
  const run = (args: string[]) => sentDuring(proxy, () => runBinary(['--profile', 'official', ...args], {env: baseEnv(suite.home.home, {TZ: 'UTC'})}))
  /** What changed the service's state (GET requests only read). */
  const writes = (sent: Recorded[]) => sent.filter((request) => request.method !== 'GET')

  before(async () => {
    proxy = await startRecordingProxy(suite.sandbox.url)
    work = mkdtempSync(join(tmpdir(), 'proton-cli-official-'))
    const login = await runBinary(['auth', 'login', 'demo', '--password-stdin', '--api-url', proxy.url, '--profile', 'official'], {env: baseEnv(suite.home.home), input: 'demo\n'})
    expect(login.status, login.stderr).to.equal(0)
  })
  after(async () => {
    await proxy?.close()
    rmSync(work, {force: true, recursive: true})
  })

  it('mail send with an attachment: the draft (POST /mail/v4/messages), the attachment (POST /mail/v4/attachments), the send (POST /mail/v4/messages/{ID}) (go-proton-api CreateDraft, UploadAttachment, SendDraft; WebClients createDraft, uploadAttachment, sendMessage)', async () => {
    const file = join(work, 'lunch.csv')
    writeFileSync(file, 'name,amount\nlunch,12.50\n')
    const {result, sent} = await run(['mail', 'send', '--to', 'someone@example.test', '--subject', 'Lunch', '--body', 'See attached.', '--attach', file])
    expect(result.status, result.stderr).to.equal(0)
    const [draft, attachment, send, ...more] = writes(sent)
    expect(more.map((request) => `${request.method} ${request.url}`)).to.deep.equal([])
    expectShape(draft, cited('WebClients createDraft', 'go-proton-api CreateDraft'))
    expectShape(attachment, cited('WebClients uploadAttachment', 'go-proton-api UploadAttachment'))
    expectShape(send, cited('WebClients sendMessage', 'go-proton-api SendDraft'))
    await expectStrictlyDescribed(sent)
  })

  it('calendar create, then an event in it: POST /calendar/v1, POST /calendar/v1/{ID}/keys, PUT /calendar/v1/{ID}/events/sync (WebClients createCalendar, setupCalendar, syncMultipleEvents)', async () => {
    const created = await run(['calendar', 'create', '--name', 'Cited', '--color', '#179FD9', '--output', 'json'])
    expect(created.result.status, created.result.stderr).to.equal(0)
    const [calendar, keys, ...more] = writes(created.sent)
    expect(more.map((request) => `${request.method} ${request.url}`)).to.deep.equal([])
    // createCalendar takes the calendar's fields; setupCalendarHelper shows which it sends.
    const {excerpt, request: fields} = citations['WebClients setupCalendarHelper createCalendar']
    for (const field of fields.body!) expect(excerpt).to.include(`${field}: `)
    expectShape(calendar, {...cited('WebClients createCalendar'), body: fields.body})
    expectShape(keys, cited('WebClients setupCalendar'))
    const id = keys.url.split('/')[3]
    const event = await run(['calendar', 'events', 'create', '--calendar', id, '--summary', 'Cited', '--start', '2025-06-01T10:00Z', '--end', '2025-06-01T11:00Z'])
    expect(event.result.status, event.result.stderr).to.equal(0)
    const [sync, ...others] = writes(event.sent)
    expect(others.map((request) => `${request.method} ${request.url}`)).to.deep.equal([])
    expectShape(sync, cited('WebClients syncMultipleEvents'))
    expect(sync.url).to.equal(`/calendar/v1/${id}/events/sync`)
    await expectStrictlyDescribed([...created.sent, ...event.sent])
  })

  it('calendar events list: GET /calendar/v1/{ID}/events once for each Type 0-3, with the query the web client sends (WebClients queryEvents, CalendarEventsQuery and the PaginationParams it extends)', async () => {
    const created = await run(['calendar', 'create', '--name', 'Listed', '--color', '#179FD9', '--output', 'json'])
    expect(created.result.status, created.result.stderr).to.equal(0)
    const id = writes(created.sent)[1].url.split('/')[3]
    const listed = await run(['calendar', 'events', 'list', '--calendar', id, '--start', '2025-06-01', '--end', '2025-06-08', '--timezone', 'Europe/Zurich'])
    expect([listed.result.status, listed.result.stderr.toString()]).to.deep.equal([0, ''])
    const shape = cited('WebClients queryEvents')
    const fields = [...shape.query!, ...cited('WebClients PaginationParams queryCalendars').query!].sort()
    const queries = listed.sent.filter((request) => pathPattern(shape.path).test(request.url.split('?')[0])).map((request) => new URL(request.url, 'http://x').searchParams)
    expect(queries.map((query) => [...query.keys()].sort())).to.deep.equal([fields, fields, fields, fields])
    expect(queries.map((query) => query.get('Type')).sort()).to.deep.equal(['0', '1', '2', '3'])
    // The window in Unix seconds, in the zone asked for (Europe/Zurich is UTC+2 in June), each Type from its first page of 100.
    for (const query of queries)
      expect([query.get('Start'), query.get('End'), query.get('Timezone'), query.get('Page'), query.get('PageSize')]).to.deep.equal([
        String(Date.parse('2025-05-31T22:00:00Z') / 1000),
        String(Date.parse('2025-06-07T22:00:00Z') / 1000),
        'Europe/Zurich',
        '0',
        '100',
      ])
    await expectStrictlyDescribed(listed.sent)
  })

  it('contacts create, then delete: POST /contacts/v4/contacts, PUT /contacts/v4/contacts/delete (WebClients addContacts, deleteContacts; go-proton-api the same under /contacts/v4)', async () => {
    const add = cited('WebClients addContacts')
    const remove = cited('WebClients deleteContacts')
    // go-proton-api (CreateContacts, DeleteContacts) spells the same requests without the /contacts segment.
    expect(cited('go-proton-api CreateContacts')).to.include({method: add.method, path: add.path.replace('/contacts/v4/contacts', '/contacts/v4')})
    expect(cited('go-proton-api DeleteContacts')).to.include({method: remove.method, path: remove.path.replace('/contacts/v4/contacts', '/contacts/v4')})
    const created = await run(['contacts', 'create', '--name', 'Cited Person', '--email', 'cited@example.test'])
    expect(created.result.status, created.result.stderr).to.equal(0)
    const [post, ...more] = writes(created.sent)
    expect(more.map((request) => `${request.method} ${request.url}`)).to.deep.equal([])
    expectShape(post, add)
    const id = created.result.stdout.toString('utf8').trim()
    const deleted = await run(['contacts', 'delete', '--yes', '--', id])
    expect(deleted.result.status, deleted.result.stderr).to.equal(0)
    const [put, ...others] = writes(deleted.sent)
    expect(others.map((request) => `${request.method} ${request.url}`)).to.deep.equal([])
    expectShape(put, remove)
    expect(JSON.parse(put.body.toString('utf8'))).to.deep.equal({IDs: [id]})
    await expectStrictlyDescribed([...created.sent, ...deleted.sent])
  })
})

describe('pass: what the official Pass CLI sends (built binary, sandbox behind a recording proxy)', function () {
  this.timeout(90_000)
  const suite = sandboxForSuite()
  let proxy: ScriptedServer
  const run = (args: string[], input?: string) => sentDuring(proxy, () => runBinary(['--profile', 'official', ...args], {env: baseEnv(suite.home.home, {TZ: 'UTC'}), input}))
  /** The one request that changed something, checked against the cited shape (and each entry of its Items list). */
  const expectOneWrite = (sent: Recorded[], shape: Citation['request']) => {
    const written = sent.filter((request) => request.method !== 'GET')
    expect(written.map((request) => `${request.method} ${request.url}`)).to.have.length(1)
    if (shape.body) expectShape(written[0], shape)
    else {
      expect(written[0].method).to.equal(shape.method)
      expect(written[0].url).to.match(pathPattern(shape.path))
      expect(written[0].body.length, 'a request without a body').to.equal(0)
    }

    if (shape.items) for (const entry of (JSON.parse(written[0].body.toString('utf8')) as {Items: object[]}).Items) expect(Object.keys(entry).toSorted()).to.deep.equal(shape.items.toSorted())
    return written[0]
  }

  before(async () => {
    proxy = await startRecordingProxy(suite.sandbox.url)
    const login = await runBinary(['auth', 'login', 'demo', '--password-stdin', '--api-url', proxy.url, '--profile', 'official'], {env: baseEnv(suite.home.home), input: 'demo\n'})
    expect(login.status, login.stderr).to.equal(0)
  })
  after(async () => {
    await proxy?.close()
  })

  it('items create, edit, trash, restore, delete (pass-cli item/create/common.rs, item/update.rs, item/trash.rs, item/delete.rs)', async () => {
    const created = await run(['pass', 'items', 'create', 'login', '--vault', 'Work', '--name', 'Cited', '--password-stdin'], 'pw\n')
    expect(created.result.status, created.result.stderr).to.equal(0)
    expectOneWrite(created.sent, passCited('pass-cli create item'))
    const id = created.result.stdout.toString('utf8').trim()
    const edited = await run(['pass', 'items', 'edit', id, '--name', 'Cited again'])
    expect(edited.result.status, edited.result.stderr).to.equal(0)
    expect(JSON.parse(expectOneWrite(edited.sent, passCited('pass-cli update item')).body.toString('utf8'))).to.include({KeyRotation: 1, LastRevision: 1})
    for (const [args, name] of [
      [['trash', id], 'pass-cli trash items'],
      [['restore', id], 'pass-cli untrash items'],
      [['delete', id, '--yes'], 'pass-cli delete items'],
    ] as const) {
      const done = await run(['pass', 'items', ...args])
      expect(done.result.status, done.result.stderr).to.equal(0)
      expectOneWrite(done.sent, passCited(name))
    }
  })

  it('vaults create and delete, alias create (pass-cli vault/create.rs, vault/delete.rs, item/alias/create.rs)', async () => {
    const created = await run(['pass', 'vaults', 'create', 'Cited vault'])
    expect(created.result.status, created.result.stderr).to.equal(0)
    expectOneWrite(created.sent, passCited('pass-cli create vault'))
    const alias = await run(['pass', 'alias', 'create', '--vault', 'Cited vault', '--prefix', 'cited', '--suffix', '.k3x9@passmail.test'])
    expect(alias.result.status, alias.result.stderr).to.equal(0)
    const sent = JSON.parse(expectOneWrite(alias.sent, passCited('pass-cli create alias')).body.toString('utf8')) as {Item: object}
    expect(Object.keys(sent.Item).toSorted()).to.deep.equal(citations['pass-cli CreateItemRequest'].request.body!.toSorted())
    const deleted = await run(['pass', 'vaults', 'delete', 'Cited vault', '--yes'])
    expect(deleted.result.status, deleted.result.stderr).to.equal(0)
    expectOneWrite(deleted.sent, passCited('pass-cli delete vault'))
  })
})

describe('the strict request check of these tests (test/helpers/strict-requests.ts)', () => {
  it('the strict check these tests use refuses what the shipped description does not declare', async () => {
    const request = (method: string, url: string, body?: unknown): Recorded => ({
      body: Buffer.from(body === undefined ? '' : JSON.stringify(body)),
      headers: body === undefined ? {} : {'content-type': 'application/json'},
      method,
      url,
    })
    await expectStrictlyDescribed([request('PUT', '/contacts/v4/contacts/delete', {IDs: ['a']})])
    for (const wrong of [request('POST', '/contacts/v4/contacts/undeclared', {}), request('GET', '/calendar/v1?NoSuchParameter=1')]) {
      let failure: unknown
      await expectStrictlyDescribed([wrong]).catch((error: unknown) => {
        failure = error
      })
      expect(String(failure), `${wrong.method} ${wrong.url}`).to.include('under --strict')
    }
  })
})
