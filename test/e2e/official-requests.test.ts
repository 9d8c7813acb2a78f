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
 */
import {expect} from 'chai'

import {baseEnv, runBinary} from '../helpers/run-binary.ts'
import {type ExpectedRequest, expectRequests, jsonAnswers, type Recorded, sentDuring, serverForSuite} from '../helpers/scripted-server.ts'

const APP_VERSION = 'web-mail@5.0.99.0'

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
      {method: 'GET', url: '/core/v4/labels?Type=1'},
      {method: 'GET', url: '/core/v4/labels?Type=3'},
    ])
  })

  it('mail labels list --type contact-group: GET /core/v4/labels?Type=2 alone', async () => {
    const {result, sent} = await run(['mail', 'labels', 'list', '--type', 'contact-group'])
    expect(result.status, result.stderr).to.equal(0)
    expectSent(sent, [{method: 'GET', url: '/core/v4/labels?Type=2'}])
  })

  it('mail labels create: POST /core/v4/labels {Name, Color, Type} (CreateLabelReq without an empty ParentID)', async () => {
    const {result, sent} = await run(['mail', 'labels', 'create', '--name', 'Receipts', '--color', '#8080FF'])
    expect(result.status, result.stderr).to.equal(0)
    expectSent(sent, [{body: {Name: 'Receipts', Color: '#8080FF', Type: 1}, method: 'POST', url: '/core/v4/labels'}])
  })

  it('mail labels create --type folder --parent: the parent looked up among the folders (GET ?Type=3), then POST /core/v4/labels {Name, Color, Type 3, ParentID}', async () => {
    for (const parent of ['f-1', 'Invoices']) {
      const {result, sent} = await run(['mail', 'labels', 'create', '--name', '2024', '--color', '#54473F', '--type', 'folder', '--parent', parent])
      expect(result.status, result.stderr).to.equal(0)
      expectSent(sent, [
        {method: 'GET', url: '/core/v4/labels?Type=3'},
        {body: {Name: '2024', Color: '#54473F', Type: 3, ParentID: 'f-1'}, method: 'POST', url: '/core/v4/labels'},
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
      {method: 'DELETE', url: '/core/v4/labels/l-1'},
      {method: 'DELETE', url: '/core/v4/labels/f-1'},
      {method: 'DELETE', url: '/core/v4/labels/x-label-id_0123456789-abc=='},
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
      {method: 'GET', url: '/core/v4/labels?Type=1'},
      {method: 'GET', url: '/core/v4/labels?Type=3'},
      {method: 'GET', url: '/mail/v4/messages?Page=2&PageSize=20&LabelID=l-1&Sort=Time&Desc=1'},
    ])
  })

  it('calendar list: GET /calendar/v1 (go-proton-api GetCalendars, WebClients queryCalendars)', async () => {
    const {result, sent} = await run(['calendar', 'list'])
    expect(result.status, result.stderr).to.equal(0)
    expectSent(sent, [{method: 'GET', url: '/calendar/v1'}])
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
    expectSent(sent, [{method: 'GET', url: '/drive/volumes'}])
  })

  it('account show: GET /core/v4/users (go-proton-api GetUser)', async () => {
    const {result, sent} = await run(['account', 'show'])
    expect(result.status, result.stderr).to.equal(0)
    expectSent(sent, [{method: 'GET', url: '/core/v4/users'}])
  })
})
