/**
 * The fork client's loop against the in-process sandbox, with short
 * timings: the time limit withdraws the fork (exit 5, one line), a 429
 * slows the polling down, the link and code are what the official clients
 * make, and the pull is refused when the app version is not of the
 * ChildClientID approved.
 */
import {expect} from 'chai'

import {CliFailure} from '../../../src/lib/core/errors.ts'
import {forkIdentity, loginWithFork, ofClient, signInRequest, type SignInRequest} from '../../../src/lib/session/fork.ts'
import {sealForkPayload} from '../../../src/sandbox/handlers/forks.ts'
import {type Harness, startHarness} from '../../sandbox/harness.ts'

describe('loginWithFork', function () {
  this.timeout(30_000)
  let harness: Harness
  before(async () => {
    harness = await startHarness()
  })
  after(async () => harness.close())

  const identity = forkIdentity('drive', undefined, '1.2.3-beta.1')
  const transport = {appVersion: identity.appVersion, retries: 0, userAgent: 'test'}
  const timing = (limitMs: number) => ({limitMs, now: Date.now, pollMs: 100})
  const log = async () => {
    const answer = await harness.call('GET', '/__sandbox/stats')
    return (answer.json!.Requests as Array<{Method: string; Path: string; Status: number}>).map((entry) => `${entry.Method} ${entry.Path.replace(/forks\/[^/]+$/, 'forks/S')} ${entry.Status}`)
  }

  it('names itself in the external form: ChildClientID external-APP, x-pm-appversion external-APP-proton_cli@X.Y.Z-stable', () => {
    expect(identity).to.deep.equal({app: 'drive', appVersion: 'external-drive-proton_cli@1.2.3-stable', childClientId: 'external-drive'})
    expect(forkIdentity('mail', 'external-mail-x@1.0.0-beta', '1.0.0').appVersion).to.equal('external-mail-x@1.0.0-beta')
    expect(ofClient(identity)).to.equal(true)
    expect(ofClient(forkIdentity('drive', 'external-drive@1.0.0', '1.0.0'))).to.equal(true)
    for (const other of ['Other', 'external-drivex-a@1.0.0', 'external-mail-a@1.0.0', 'web-drive@5.0.0']) expect(ofClient(forkIdentity('drive', other, '1.0.0')), other).to.equal(false)
  })

  it('links to account.proton.me for the production API, to the account app beside another, to the origin of a loopback one', () => {
    const key = Buffer.alloc(32, 0xfb)
    const production = signInRequest(new URL('https://mail.proton.me/api'), identity, 'ABCD1234', key)
    expect(production.code).to.equal(`0:ABCD1234:${key.toString('base64')}:external-drive`)
    expect(production.link).to.equal(`https://account.proton.me/desktop/login?app=drive&pv=3#payload=${encodeURIComponent(production.code)}`)
    expect(signInRequest(new URL('https://mail.proton.black/api'), identity, 'X', key).link).to.match(/^https:\/\/account\.proton\.black\/desktop\/login\?app=drive&pv=3#payload=0%3AX%3A/)
    expect(signInRequest(new URL('http://127.0.0.1:8080/api'), identity, 'X', key).link).to.match(/^http:\/\/127\.0\.0\.1:8080\/desktop\/login\?/)
  })

  it('gives up at the time limit with one line (exit 5) and withdraws the fork', async () => {
    await harness.call('DELETE', '/__sandbox/stats')
    let shown: SignInRequest | undefined
    const ticks: number[] = []
    const failure = await loginWithFork({
      apiUrl: new URL(harness.sandbox.url),
      identity,
      show: (request) => void (shown = request),
      tick: (left) => ticks.push(left),
      timing: timing(700),
      transport,
    }).then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(failure).to.be.instanceOf(CliFailure)
    expect((failure as CliFailure).exitStatus).to.equal(5)
    expect((failure as CliFailure).message).to.equal('no approval within 1 second; start again for a new code; the sign-in request was withdrawn')
    expect(shown!.userCode).to.match(/^[0-9A-Z]{8}$/)
    expect(ticks.length).to.be.greaterThan(0)
    const calls = await log()
    expect(calls[0]).to.equal('GET /auth/v4/sessions/forks 200')
    expect(calls.at(-1)).to.equal('DELETE /auth/v4/sessions/forks/S 200')
    expect(calls.filter((call) => call === 'GET /auth/v4/sessions/forks/S 422').length).to.be.greaterThan(0)
  })

  it('slows down on 429 (Retry-After) and goes on', async () => {
    await harness.call('DELETE', '/__sandbox/stats')
    await harness.call('POST', '/__sandbox/faults', {body: {Count: 1, Kind: 'rate-limit', Method: 'GET', Path: '/auth/v4/sessions/forks/', RetryAfter: 1}})
    const result = await loginWithFork({
      apiUrl: new URL(harness.sandbox.url),
      identity,
      show: async (request) => {
        await harness.call('POST', '/__sandbox/forks/approve', {body: {Code: request.code}})
      },
      timing: timing(10_000),
      transport,
    })
    expect(result.keyPassword).to.be.a('string').and.have.length(31)
    const calls = await log()
    expect(calls.slice(1, 3)).to.deep.equal(['GET /auth/v4/sessions/forks/S 429', 'GET /auth/v4/sessions/forks/S 200'])
  })

  it('is refused by the sandbox when its app version is not of the ChildClientID approved (and withdraws)', async () => {
    const other = forkIdentity('mail', undefined, '1.0.0')
    const failure = await loginWithFork({
      apiUrl: new URL(harness.sandbox.url),
      identity,
      show: async (request) => {
        const [, userCode, key] = request.code.split(':')
        const session = await harness.login()
        const payload = sealForkPayload('kp', Buffer.from(key, 'base64'))
        await harness.call('POST', '/auth/v4/sessions/forks', {body: {ChildClientID: other.childClientId, Independent: 1, Payload: payload, UserCode: userCode}, session})
      },
      timing: timing(10_000),
      transport,
    }).then(
      () => undefined,
      (error: unknown) => error as CliFailure,
    )
    expect(failure?.message).to.match(
      /^GET \/auth\/v4\/sessions\/forks\/\{Selector\}: HTTP 400 .*The fork was approved for external-mail, not for external-drive-proton_cli@1\.2\.3-stable; the sign-in request was withdrawn$/,
    )
  })
})
