/**
 * The sandbox's session forks: created without a session, 422 until a
 * full session approves its code, the child handed out once and only to
 * an app version of its ChildClientID, withdrawn by DELETE, expired after
 * FORK_TTL_MS; the control route approves the code a client shows.
 */
import {expect} from 'chai'

import {FORK_TTL_MS} from '../../../src/sandbox/handlers/forks.ts'
import {type Harness, startHarness} from '../harness.ts'

describe('sandbox session forks', function () {
  this.timeout(30_000)
  let harness: Harness
  let now = Date.now()
  before(async () => {
    harness = await startHarness({clock: () => now})
  })
  after(async () => harness.close())

  const create = async () => (await harness.call('GET', '/auth/v4/sessions/forks')).json as {Selector: string; UserCode: string}
  const push = async (body: Record<string, unknown>) => harness.call('POST', '/auth/v4/sessions/forks', {body, session: await harness.login()})
  const pull = (selector: string, appVersion = 'external-drive-x@1.0.0-stable') => harness.call('GET', `/auth/v4/sessions/forks/${selector}`, {appVersion})

  it('creates a fork (8-character user code), 422 until approved, then the child session once', async () => {
    const fork = await create()
    expect(fork.UserCode).to.match(/^[0-9A-HJKMNP-TV-Z]{8}$/)
    expect((await pull(fork.Selector)).status).to.equal(422)
    const pushed = await push({ChildClientID: 'external-drive', Independent: 1, Payload: 'AAAA', UserCode: fork.UserCode.toLowerCase()})
    expect([pushed.status, pushed.json!.Selector]).to.deep.equal([200, fork.Selector])
    const child = await pull(fork.Selector)
    expect(child.status).to.equal(200)
    expect(child.json).to.include({Code: 1000, Payload: 'AAAA'})
    const users = await harness.call('GET', '/core/v4/users', {session: {AccessToken: String(child.json!.AccessToken), UID: String(child.json!.UID)}})
    expect(users.status).to.equal(200)
    expect((await pull(fork.Selector)).status).to.equal(422)
  })

  it('approves only with a full session, a known code once, a client ID, 0 or 1 for Independent, a base64 Payload', async () => {
    const fork = await create()
    const anonymous = await harness.call('POST', '/auth/v4/sessions/forks', {body: {ChildClientID: 'external-drive', Independent: 1, UserCode: fork.UserCode}})
    expect(anonymous.status).to.equal(401)
    for (const body of [
      {ChildClientID: 'external-drive', Independent: 1, UserCode: 'NOSUCHCO'},
      {ChildClientID: 'External Drive', Independent: 1, UserCode: fork.UserCode},
      {ChildClientID: 'external-drive', Independent: 2, UserCode: fork.UserCode},
      {ChildClientID: 'external-drive', Independent: 1, Payload: 'not base64!', UserCode: fork.UserCode},
    ]) {
      expect((await push(body)).status, JSON.stringify(body)).to.equal(422)
    }

    expect((await push({ChildClientID: 'external-drive', Independent: 1, UserCode: fork.UserCode})).status).to.equal(200)
    expect((await push({ChildClientID: 'external-drive', Independent: 1, UserCode: fork.UserCode})).status).to.equal(422)
  })

  it('hands the child only to an app version of its ChildClientID (400), which may then try again', async () => {
    const fork = await create()
    await push({ChildClientID: 'external-drive', Independent: 1, UserCode: fork.UserCode})
    const wrong = await pull(fork.Selector, 'external-mail-x@1.0.0-stable')
    expect(wrong.status).to.equal(400)
    expect(wrong.json!.Error).to.equal('The fork was approved for external-drive, not for external-mail-x@1.0.0-stable')
    expect((await pull(fork.Selector)).status).to.equal(200)
  })

  it('withdraws a fork on DELETE (its code no longer approvable), and forgets one after FORK_TTL_MS', async () => {
    const fork = await create()
    expect((await harness.call('DELETE', `/auth/v4/sessions/forks/${fork.Selector}`)).status).to.equal(200)
    expect((await harness.call('DELETE', `/auth/v4/sessions/forks/${fork.Selector}`)).status).to.equal(422)
    expect((await push({ChildClientID: 'external-drive', Independent: 1, UserCode: fork.UserCode})).status).to.equal(422)
    const old = await create()
    now += FORK_TTL_MS + 1
    expect((await pull(old.Selector)).status).to.equal(422)
    expect((await push({ChildClientID: 'external-drive', Independent: 1, UserCode: old.UserCode})).status).to.equal(422)
  })

  it('POST /__sandbox/forks/approve {Code}: approves the code a client shows; refuses what is not one', async () => {
    now = Date.now()
    const fork = await create()
    const code = `0:${fork.UserCode}:${Buffer.alloc(32, 7).toString('base64')}:external-drive`
    expect((await harness.call('POST', '/__sandbox/forks/approve', {body: {Code: code}})).status).to.equal(200)
    const child = await pull(fork.Selector)
    expect(child.json!.Payload).to.be.a('string')
    for (const bad of [undefined, 'x', `1:${fork.UserCode}:${Buffer.alloc(32).toString('base64')}:external-drive`, `0:${fork.UserCode}:AAAA:external-drive`]) {
      expect((await harness.call('POST', '/__sandbox/forks/approve', {body: {Code: bad}})).status).to.equal(422)
    }
  })
})
