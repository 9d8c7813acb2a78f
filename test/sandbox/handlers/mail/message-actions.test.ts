/**
 * The sandbox's message actions and counts, in the shapes the official
 * clients send and read (go-proton-api message.go, message_types.go
 * LabelMessagesReq, MessageActionReq, LabelMessagesRes, MessageGroupCount;
 * WebClients api/messages.ts labelMessages, unlabelMessages,
 * markMessageAsRead, markMessageAsUnread, deleteMessages): answered per
 * item, and the mailbox changed as the service changes it. Also the web
 * client's search filters of GET /mail/v4/messages.
 */
import {expect} from 'chai'

import type {StoredSession} from '../../../../src/lib/session/store.ts'
import {type Harness, startHarness} from '../../harness.ts'

type Json = Record<string, unknown>

describe('sandbox: message actions, counts and filters', () => {
  let harness: Harness
  let session: StoredSession
  const call = (method: string, path: string, body?: unknown) => harness.call(method, path, {body, session})
  const inbox = async (query = '') => (await call('GET', `/mail/v4/messages?LabelID=0${query}`)).json!.Messages as Json[]
  const ids = async (query: string) => ((await call('GET', `/mail/v4/messages?${query}`)).json!.Messages as Json[]).map((message) => message.ID)
  const labelIdsOf = async (id: unknown) => ((await call('GET', '/mail/v4/messages?LabelID=5')).json!.Messages as Json[]).find((message) => message.ID === id)?.LabelIDs as string[]

  beforeEach(async () => {
    harness = await startHarness()
    session = await harness.login()
  })
  afterEach(() => harness.close())

  it('PUT /mail/v4/messages/label {LabelID "3", IDs}: per item, Code 1001; the message leaves the inbox for the trash, All Mail stays', async () => {
    const [first, second] = await inbox()
    const answer = await call('PUT', '/mail/v4/messages/label', {LabelID: '3', IDs: [first.ID, 'no-such-message', second.ID]})
    expect(answer.status).to.equal(200)
    expect(answer.json).to.deep.equal({
      Code: 1001,
      Responses: [
        {ID: first.ID, Response: {Code: 1000}},
        {ID: 'no-such-message', Response: {Code: 2501, Error: 'Message does not exist'}},
        {ID: second.ID, Response: {Code: 1000}},
      ],
    })
    expect(await ids('LabelID=3')).to.have.members([first.ID, second.ID])
    expect(await ids('LabelID=0')).not.to.include(first.ID)
    expect(await labelIdsOf(second.ID)).to.include.members(['5', '3', '10'])
  })

  it('moving to a folder of the account takes the message out of the one it was in; labels stay', async () => {
    const folders = (await call('GET', '/core/v4/labels?Type=3')).json!.Labels as Json[]
    const [work] = (await call('GET', '/core/v4/labels?Type=1')).json!.Labels as Json[]
    const nested = folders.find((folder) => folder.Path === 'Invoices/2024')!
    const invoices = folders.find((folder) => folder.Path === 'Invoices')!
    const [message] = await inbox()
    await call('PUT', '/mail/v4/messages/label', {LabelID: work.ID, IDs: [message.ID]})
    await call('PUT', '/mail/v4/messages/label', {LabelID: invoices.ID, IDs: [message.ID]})
    await call('PUT', '/mail/v4/messages/label', {LabelID: nested.ID, IDs: [message.ID]})
    expect(await labelIdsOf(message.ID)).to.have.members(['5', String(work.ID), String(nested.ID)])
    await call('PUT', '/mail/v4/messages/label', {LabelID: '0', IDs: [message.ID]})
    expect(await labelIdsOf(message.ID)).to.have.members(['5', String(work.ID), '0'])
  })

  it('star (label 10) and unstar (unlabel 10); a label added and taken off', async () => {
    const [message] = await inbox()
    const [work] = (await call('GET', '/core/v4/labels?Type=1')).json!.Labels as Json[]
    expect((await call('PUT', '/mail/v4/messages/label', {LabelID: '10', IDs: [message.ID]})).json!.Code).to.equal(1001)
    expect(await ids('LabelID=10')).to.include(message.ID)
    await call('PUT', '/mail/v4/messages/unlabel', {LabelID: '10', IDs: [message.ID]})
    expect(await ids('LabelID=10')).not.to.include(message.ID)
    await call('PUT', '/mail/v4/messages/label', {LabelID: work.ID, IDs: [message.ID]})
    expect(await ids(`LabelID=${encodeURIComponent(String(work.ID))}`)).to.include(message.ID)
    await call('PUT', '/mail/v4/messages/unlabel', {LabelID: work.ID, IDs: [message.ID]})
    expect(await ids(`LabelID=${encodeURIComponent(String(work.ID))}`)).not.to.include(message.ID)
    expect(await labelIdsOf(message.ID)).to.include.members(['0', '5'])
  })

  it('read and unread {IDs}: per item, Unread set', async () => {
    const unread = await inbox('&Unread=1')
    expect(unread).to.have.length(3)
    const answer = await call('PUT', '/mail/v4/messages/read', {IDs: unread.map((message) => message.ID)})
    expect(answer.json!.Responses).to.deep.equal(unread.map((message) => ({ID: message.ID, Response: {Code: 1000}})))
    expect(await inbox('&Unread=1')).to.have.length(0)
    await call('PUT', '/mail/v4/messages/unread', {IDs: [unread[0].ID, 'gone']})
    expect((await inbox('&Unread=1')).map((message) => message.ID)).to.deep.equal([unread[0].ID])
  })

  it('delete {IDs}: gone for good, per item; a second delete answers 2501 for it', async () => {
    const [message] = await inbox()
    expect((await call('PUT', '/mail/v4/messages/delete', {IDs: [message.ID]})).json).to.deep.equal({Code: 1001, Responses: [{ID: message.ID, Response: {Code: 1000}}]})
    expect(await ids('LabelID=5')).not.to.include(message.ID)
    expect((await call('PUT', '/mail/v4/messages/delete', {IDs: [message.ID]})).json!.Responses).to.deep.equal([{ID: message.ID, Response: {Code: 2501, Error: 'Message does not exist'}}])
  })

  it('refuses a request as a whole: more than 150 IDs, no IDs, an unknown label, All Mail, a contact group', async () => {
    const tooMany = await call('PUT', '/mail/v4/messages/read', {IDs: Array.from({length: 151}, (_, index) => `m${index}`)})
    expect([tooMany.status, tooMany.json]).to.deep.equal([422, {Code: 2000, Error: 'IDs must hold at most 150 message IDs'}])
    expect((await call('PUT', '/mail/v4/messages/read', {IDs: Array.from({length: 150}, (_, index) => `m${index}`)})).status).to.equal(200)
    expect((await call('PUT', '/mail/v4/messages/delete', {IDs: []})).status).to.equal(422)
    expect((await call('PUT', '/mail/v4/messages/unread', {IDs: 'm1'})).status).to.equal(422)
    const unknown = await call('PUT', '/mail/v4/messages/label', {LabelID: 'no-such-label', IDs: ['m1']})
    expect([unknown.status, unknown.json]).to.deep.equal([404, {Code: 2501, Error: 'Label does not exist'}])
    const allMail = await call('PUT', '/mail/v4/messages/label', {LabelID: '5', IDs: ['m1']})
    expect([allMail.status, allMail.json!.Code]).to.deep.equal([422, 2011])
    const [group] = (await call('GET', '/core/v4/labels?Type=2')).json!.Labels as Json[]
    expect((await call('PUT', '/mail/v4/messages/unlabel', {LabelID: group.ID, IDs: ['m1']})).status).to.equal(422)
  })

  it('GET /mail/v4/messages/count: Total and Unread of every mailbox, label and folder', async () => {
    const {json} = await call('GET', '/mail/v4/messages/count')
    const counts = json!.Counts as Array<{LabelID: string; Total: number; Unread: number}>
    const of = (id: string) => counts.find((entry) => entry.LabelID === id)
    expect(json!.Code).to.equal(1000)
    expect(of('0')).to.deep.equal({LabelID: '0', Total: 7, Unread: 3})
    expect(of('5')).to.deep.equal({LabelID: '5', Total: 7, Unread: 3})
    expect(of('10')).to.deep.equal({LabelID: '10', Total: 1, Unread: 1})
    expect(of('3')).to.deep.equal({LabelID: '3', Total: 0, Unread: 0})
    const [work] = (await call('GET', '/core/v4/labels?Type=1')).json!.Labels as Json[]
    expect(of(String(work.ID))).to.deep.include({Total: 1})
  })

  it('the web client’s search filters: Begin, End, Keyword, From, Recipients, Subject, Starred, Attachments', async () => {
    const count = async (query: string) => (await call('GET', `/mail/v4/messages?LabelID=0&${query}`)).json!.Total
    expect(await count('Begin=1735686000')).to.equal(2)
    expect(await count('End=1735675200')).to.equal(3)
    expect(await count('Begin=1735675200&End=1735686000')).to.equal(4)
    expect(await count('From=ALEX')).to.equal(1)
    expect(await count('From=proton.test')).to.equal(2)
    expect(await count('Recipients=demo%40proton.test')).to.equal(7)
    expect(await count('Recipients=nobody')).to.equal(0)
    expect(await count('Keyword=invoice')).to.equal(1)
    expect(await count('Keyword=airline')).to.equal(1)
    expect(await count('Subject=WEEKLY')).to.equal(1)
    expect(await count('Starred=1')).to.equal(1)
    expect(await count('Starred=0')).to.equal(6)
    expect(await count('Attachments=1')).to.equal(1)
    expect(await count('Attachments=1&Starred=1&Unread=1')).to.equal(1)
    const bad = await call('GET', '/mail/v4/messages?Begin=yesterday')
    expect([bad.status, bad.json!.Error]).to.deep.equal([422, 'Begin must be a time in Unix seconds'])
  })
})
