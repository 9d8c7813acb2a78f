import {expect} from 'chai'

import {clientProof} from '../../../src/lib/session/srp/client.ts'
import {srpGroup} from '../../../src/lib/session/srp/group.ts'
import {decodeSignedModulus} from '../../../src/lib/session/srp/modulus.ts'
import {hashPassword} from '../../../src/lib/session/srp/password.ts'
import {FULL_SCOPES, TWO_FACTOR_SCOPES} from '../../../src/sandbox/handlers/auth.ts'
import {decodeBase32, totp} from '../../../src/lib/crypto/totp.ts'
import type {StoredSession} from '../../../src/lib/session/store.ts'
import {vectors} from '../../lib/session/srp/vectors.ts'
import {type CallOptions, type Harness, startHarness} from '../harness.ts'

/** One SRP login by hand, so a test can get every step wrong on purpose. */
async function srpLogin(harness: Harness, username: string, password: string, prefix = '/core/v4/auth') {
  const info = await harness.call('POST', `${prefix}/info`, {body: {Username: username}})
  const modulus = decodeSignedModulus(String(info.json!.Modulus))
  const hashed = hashPassword(password, Buffer.from(String(info.json!.Salt), 'base64'), modulus)
  const proof = clientProof(srpGroup(modulus), hashed, Buffer.from(String(info.json!.ServerEphemeral), 'base64'))
  const body = {
    ClientEphemeral: proof.clientEphemeral.toString('base64'),
    ClientProof: proof.clientProof.toString('base64'),
    SRPSession: info.json!.SRPSession,
    Username: username,
  }
  return {answer: await harness.call('POST', prefix, {body}), body, info, proof}
}

function refreshBody(session: Pick<StoredSession, 'RefreshToken' | 'UID'>) {
  return {GrantType: 'refresh_token', RedirectURI: 'https://protonmail.ch', RefreshToken: session.RefreshToken, ResponseType: 'token', UID: session.UID}
}

describe('sandbox authentication', () => {
  let now = Date.now()
  let harness: Harness
  before(async () => {
    harness = await startHarness({clock: () => now, tokenTtlSeconds: 60})
  })
  after(() => harness.close())

  it('10,000 unauthenticated sessions evict none that logged in', async function () {
    this.timeout(120_000)
    const session = await harness.login()
    for (let batch = 0; batch < 100; batch++) {
      const opened = await Promise.all(Array.from({length: 101}, () => harness.call('POST', '/auth/v4/sessions')))
      for (const answer of opened) expect(answer.status).to.equal(200)
    }

    expect((await harness.call('GET', '/core/v4/users', {session})).status).to.equal(200)
    const refreshed = await harness.call('POST', '/auth/v4/refresh', {body: refreshBody(session), headers: {'x-pm-uid': session.UID}})
    expect(refreshed.status, refreshed.text).to.equal(200)
  })

  describe('headers', () => {
    let session: StoredSession
    before(async () => {
      session = await harness.login()
    })

    it('answers 400 with Code 5001 without x-pm-appversion, on every route', async () => {
      for (const [method, path] of [
        ['GET', '/core/v4/users'],
        ['POST', '/core/v4/auth/info'],
        ['POST', '/auth/v4/refresh'],
      ]) {
        const answer = await harness.call(method, path, {appVersion: null, session})
        expect(answer.status, path).to.equal(400)
        expect(answer.json, path).to.include({Code: 5001})
      }
    })

    it('answers 401 JSON without a bearer token, without x-pm-uid, or with a token of another session', async () => {
      const cases: CallOptions[] = [
        {},
        {headers: {authorization: `Bearer ${session.AccessToken}`}},
        {headers: {authorization: session.AccessToken, 'x-pm-uid': session.UID}},
        {session: {...session, AccessToken: 'forged'}},
        {session: {...session, UID: 'another'}},
      ]
      for (const options of cases) {
        const answer = await harness.call('GET', '/core/v4/users', options)
        expect(answer.status, JSON.stringify(options)).to.equal(401)
        expect(answer.json).to.include({Code: 401})
      }
    })

    it('refuses an unauthenticated session on the account routes with 403', async () => {
      const anonymous = (await harness.call('POST', '/auth/v4/sessions')).json as unknown as StoredSession
      expect(anonymous.Scopes).to.deep.equal([])
      const answer = await harness.call('GET', '/core/v4/users', {session: anonymous})
      expect(answer.status).to.equal(403)
      expect(answer.json).to.include({Code: 2011})
    })
  })

  describe('SRP login', () => {
    it('serves a signed modulus from the reference set, auth version 4, a 10-byte salt', async () => {
      const {json} = await harness.call('POST', '/core/v4/auth/info', {body: {Username: 'demo'}})
      expect(vectors.signedModuli).to.include(json!.Modulus)
      expect(json).to.include({Code: 1000, Version: 4})
      expect(Buffer.from(String(json!.Salt), 'base64')).to.have.length(10)
      expect(Buffer.from(String(json!.ServerEphemeral), 'base64')).to.have.length(256)
      expect(json!.SRPSession).to.be.a('string')
    })

    it('logs in with the right password: full scopes and a server proof that checks out', async () => {
      const {answer, proof} = await srpLogin(harness, 'demo', 'demo')
      expect(answer.status).to.equal(200)
      expect(answer.json).to.include({Code: 1000, ServerProof: proof.expectedServerProof.toString('base64')})
      expect(answer.json!.Scopes).to.deep.equal(FULL_SCOPES)
      expect(answer.json!['2FA']).to.include({Enabled: 0})
      const session = answer.json as unknown as StoredSession
      expect((await harness.call('GET', '/core/v4/users', {session})).status).to.equal(200)
    })

    it('accepts the account’s email address as its name', async () => {
      expect((await srpLogin(harness, 'DEMO@proton.test', 'demo')).answer.status).to.equal(200)
    })

    it('refuses a wrong password, and an unknown user alike, with 422 and Code 8002', async () => {
      for (const [user, password] of [
        ['demo', 'wrong'],
        ['nobody', 'demo'],
      ]) {
        const {answer} = await srpLogin(harness, user, password)
        expect(answer.status).to.equal(422)
        expect(answer.json).to.include({Code: 8002})
        expect(answer.json).to.not.have.property('AccessToken')
      }
    })

    it('uses an SRPSession once', async () => {
      const {body} = await srpLogin(harness, 'demo', 'demo')
      const again = await harness.call('POST', '/core/v4/auth', {body})
      expect(again.status).to.equal(422)
      expect(again.json!.Error).to.match(/SRPSession/)
    })

    it('refuses malformed login fields with 422 and Code 2000', async () => {
      for (const body of [{}, {ClientEphemeral: '***', ClientProof: 'AA==', SRPSession: 'x', Username: 'demo'}, {Username: 7}]) {
        const answer = await harness.call('POST', '/core/v4/auth', {body})
        expect(answer.status).to.equal(422)
        expect(answer.json).to.include({Code: 2000})
      }
    })

    it('upgrades the unauthenticated session the login was made with', async () => {
      const anonymous = (await harness.call('POST', '/auth/v4/sessions')).json as unknown as StoredSession
      const info = await harness.call('POST', '/core/v4/auth/info', {body: {Username: 'demo'}, session: anonymous})
      const modulus = decodeSignedModulus(String(info.json!.Modulus))
      const proof = clientProof(srpGroup(modulus), hashPassword('demo', Buffer.from(String(info.json!.Salt), 'base64'), modulus), Buffer.from(String(info.json!.ServerEphemeral), 'base64'))
      const body = {ClientEphemeral: proof.clientEphemeral.toString('base64'), ClientProof: proof.clientProof.toString('base64'), SRPSession: info.json!.SRPSession, Username: 'demo'}
      const answer = await harness.call('POST', '/core/v4/auth', {body, session: anonymous})
      expect(answer.json!.UID).to.equal(anonymous.UID)
      expect(answer.json!.AccessToken).to.not.equal(anonymous.AccessToken)
    })
  })

  describe('the Go client’s login (go-proton-api: /auth/v4/info, /auth/v4, /auth/v4/2fa, DELETE /auth/v4) and its session list', () => {
    it('logs in, lists the session, and logs out', async () => {
      const {answer} = await srpLogin(harness, 'demo', 'demo', '/auth/v4')
      expect(answer.status, answer.text).to.equal(200)
      const session = answer.json as unknown as StoredSession
      expect((await harness.call('GET', '/core/v4/users', {session})).status).to.equal(200)
      const listed = await harness.call('GET', '/auth/v4/sessions', {session})
      expect(listed.status).to.equal(200)
      expect((listed.json!.Sessions as Array<{UID: string; CreateTime: number}>).find(({UID}) => UID === session.UID)).to.include({CreateTime: Math.floor(now / 1000)})
      expect((await harness.call('DELETE', '/auth/v4', {session})).status).to.equal(200)
      expect((await harness.call('GET', '/core/v4/users', {session})).status).to.equal(401)
    })
  })

  describe('tokens', () => {
    it('expires an access token after the TTL; a refresh brings a working pair', async () => {
      const session = await harness.login()
      now += 61_000
      const expired = await harness.call('GET', '/core/v4/users', {session})
      expect(expired.status).to.equal(401)
      expect(expired.json!.Error).to.match(/expired/)
      const refreshed = await harness.call('POST', '/auth/v4/refresh', {body: refreshBody(session), headers: {'x-pm-uid': session.UID}})
      expect(refreshed.status).to.equal(200)
      expect((await harness.call('GET', '/core/v4/users', {session: refreshed.json as unknown as StoredSession})).status).to.equal(200)
    })

    it('rotates both tokens: the old refresh token gets 422 / 10013, the old access token 401; both are counted', async () => {
      const session = await harness.login()
      await harness.call('DELETE', '/__sandbox/stats')
      const first = await harness.call('POST', '/auth/v4/refresh', {body: refreshBody(session), headers: {'x-pm-uid': session.UID}})
      expect(first.json).to.include({Code: 1000, TokenType: 'Bearer', UID: session.UID})
      expect(first.json!.RefreshToken).to.not.equal(session.RefreshToken)
      const again = await harness.call('POST', '/auth/v4/refresh', {body: refreshBody(session), headers: {'x-pm-uid': session.UID}})
      expect(again.status).to.equal(422)
      expect(again.json).to.include({Code: 10013})
      expect((await harness.call('GET', '/core/v4/users', {session})).status).to.equal(401)
      const stats = (await harness.call('GET', '/__sandbox/stats')).json!
      expect(stats).to.include({Refreshes: 1, RefreshesRefused: 1})
    })

    it('refreshes in both official shapes: UID in the body (go-proton-api), or x-pm-uid alone (python-proton-core)', async () => {
      const session = await harness.login()
      const go = await harness.call('POST', '/auth/v4/refresh', {body: {...refreshBody(session), State: 'a'.repeat(32)}, headers: {}})
      expect(go.status, go.text).to.equal(200)
      const tokens = go.json as unknown as StoredSession
      const {UID: _uid, ...withoutUid} = refreshBody(tokens)
      const python = await harness.call('POST', '/auth/v4/refresh', {body: withoutUid, headers: {'x-pm-uid': session.UID}})
      expect(python.status, python.text).to.equal(200)
    })

    it('refuses a refresh without a UID anywhere, with another UID, or with a wrong grant, with 422', async () => {
      const session = await harness.login()
      const {UID: _uid, ...withoutUid} = refreshBody(session)
      const cases: CallOptions[] = [
        {body: withoutUid, headers: {}},
        {body: refreshBody(session), headers: {'x-pm-uid': 'other'}},
        {body: {...refreshBody(session), GrantType: 'password'}, headers: {'x-pm-uid': session.UID}},
        {body: {...refreshBody(session), ResponseType: 'code'}, headers: {'x-pm-uid': session.UID}},
        {body: {...refreshBody(session), RedirectURI: undefined}, headers: {'x-pm-uid': session.UID}},
      ]
      for (const options of cases) expect((await harness.call('POST', '/auth/v4/refresh', options)).status).to.equal(422)
      // None of those used the token up.
      const good = await harness.call('POST', '/auth/v4/refresh', {body: refreshBody(session), headers: {'x-pm-uid': session.UID}})
      expect(good.status).to.equal(200)
    })

    it('lets exactly one of many concurrent refreshes with the same token win', async () => {
      const session = await harness.login()
      await harness.call('DELETE', '/__sandbox/stats')
      const answers = await Promise.all(Array.from({length: 16}, () => harness.call('POST', '/auth/v4/refresh', {body: refreshBody(session), headers: {'x-pm-uid': session.UID}})))
      expect(answers.filter((answer) => answer.status === 200)).to.have.length(1)
      expect(answers.filter((answer) => answer.json?.Code === 10013)).to.have.length(15)
      expect((await harness.call('GET', '/__sandbox/stats')).json).to.include({Refreshes: 1, RefreshesRefused: 15})
    })

    it('ends the session on DELETE /core/v4/auth', async () => {
      const session = await harness.login()
      expect((await harness.call('DELETE', '/core/v4/auth', {session})).json).to.deep.equal({Code: 1000})
      expect((await harness.call('GET', '/core/v4/users', {session})).status).to.equal(401)
      const refresh = await harness.call('POST', '/auth/v4/refresh', {body: refreshBody(session), headers: {'x-pm-uid': session.UID}})
      expect(refresh.json).to.include({Code: 10013})
    })

    it('expires access tokens on POST /__sandbox/expire-tokens, one session or all', async () => {
      const one = await harness.login()
      const two = await harness.login()
      expect((await harness.call('POST', '/__sandbox/expire-tokens', {body: {UID: one.UID}})).json).to.include({Expired: 1})
      expect((await harness.call('GET', '/core/v4/users', {session: one})).status).to.equal(401)
      expect((await harness.call('GET', '/core/v4/users', {session: two})).status).to.equal(200)
      await harness.call('POST', '/__sandbox/expire-tokens')
      expect((await harness.call('GET', '/core/v4/users', {session: two})).status).to.equal(401)
    })
  })

  describe('TOTP second factor', () => {
    const secret = 'JBSWY3DPEHPK3PXP'
    let totpHarness: Harness
    before(async () => {
      totpHarness = await startHarness({totpKey: decodeBase32(secret)})
    })
    after(() => totpHarness.close())

    it('limits the session to the second factor until a right code comes', async () => {
      const {answer} = await srpLogin(totpHarness, 'demo', 'demo')
      expect(answer.json!['2FA']).to.include({Enabled: 1, TOTP: 1})
      expect(answer.json!.Scopes).to.deep.equal(TWO_FACTOR_SCOPES)
      const session = answer.json as unknown as StoredSession
      expect((await totpHarness.call('GET', '/core/v4/users', {session})).status).to.equal(403)
      const wrong = await totpHarness.call('POST', '/core/v4/auth/2fa', {body: {TwoFactorCode: '000000'}, session})
      expect(wrong.status).to.equal(422)
      expect(wrong.json).to.include({Code: 8002})
      const code = totp(decodeBase32(secret), Date.now() / 1000)
      const right = await totpHarness.call('POST', '/core/v4/auth/2fa', {body: {TwoFactorCode: code}, session})
      expect(right.json).to.deep.equal({Code: 1000, Scopes: FULL_SCOPES})
      expect((await totpHarness.call('GET', '/core/v4/users', {session})).status).to.equal(200)
      const twice = await totpHarness.call('POST', '/core/v4/auth/2fa', {body: {TwoFactorCode: code}, session})
      expect(twice.json).to.include({Code: 2011})
    })

    it('is what --write-session’s own login goes through', async () => {
      const session = await totpHarness.login()
      expect(session.Scopes).to.deep.equal(FULL_SCOPES)
    })
  })
})
