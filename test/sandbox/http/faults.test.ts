import {expect} from 'chai'

import type {StoredSession} from '../../../src/lib/session/store.ts'
import {type Harness, startHarness} from '../harness.ts'

describe('sandbox faults', () => {
  let harness: Harness
  let session: StoredSession
  const users = () => harness.call('GET', '/core/v4/users', {session})
  const fault = async (rule: Record<string, unknown>) => {
    const answer = await harness.call('POST', '/__sandbox/faults', {body: rule})
    expect(answer.status, answer.text).to.equal(200)
    return answer.json!.Fault as Record<string, unknown>
  }

  before(async () => {
    harness = await startHarness()
    session = await harness.login()
  })
  afterEach(() => harness.call('DELETE', '/__sandbox/faults'))
  after(() => harness.close())

  it('html-502: an intermediary’s HTML page, then normal answers', async () => {
    await fault({Kind: 'html-502', Path: '/core/v4/users'})
    const page = await users()
    expect(page.status).to.equal(502)
    expect(page.headers.get('content-type')).to.equal('text/html')
    expect(page.text).to.match(/<h1>502 Bad Gateway<\/h1>/)
    expect(page.json).to.equal(undefined)
    expect((await users()).status).to.equal(200)
  })

  it('rate-limit: 429 with Retry-After for the next Count calls', async () => {
    await fault({Count: 2, Kind: 'rate-limit', RetryAfter: 3})
    for (let call = 0; call < 2; call++) {
      const answer = await users()
      expect(answer.status).to.equal(429)
      expect(answer.headers.get('retry-after')).to.equal('3')
      expect(answer.json).to.include({Code: 2028})
    }

    expect((await users()).status).to.equal(200)
  })

  it('unavailable: 503 with a JSON envelope, Retry-After only when given', async () => {
    await fault({Kind: 'unavailable'})
    const answer = await users()
    expect(answer.status).to.equal(503)
    expect(answer.json).to.include({Code: 503})
    expect(answer.headers.has('retry-after')).to.equal(false)
    await fault({Kind: 'unavailable', RetryAfter: 0})
    expect((await users()).headers.get('retry-after')).to.equal('0')
  })

  describe('human-verification', () => {
    const hv = (token: string, type?: string) => ({'x-pm-human-verification-token': token, ...(type ? {'x-pm-human-verification-token-type': type} : {})})

    it('9001 with the methods, a token and a WebUrl; passed by that token with the type of an offered method', async () => {
      await fault({Count: 0, Kind: 'human-verification', Path: '/core/v4/users'})
      const challenge = await users()
      expect(challenge.status).to.equal(422)
      expect(challenge.json).to.include({Code: 9001})
      const details = challenge.json!.Details as {HumanVerificationMethods: string[]; HumanVerificationToken: string; WebUrl: string}
      expect(details.HumanVerificationMethods).to.deep.equal(['captcha', 'email'])
      expect(details.WebUrl).to.match(/^http:\/\/127\.0\.0\.1:\d+\/__sandbox\/verify\?token=sandbox-hv-\d+$/)
      const passed = await harness.call('GET', '/core/v4/users', {headers: hv(details.HumanVerificationToken, 'email'), session})
      expect(passed.status).to.equal(200)
    })

    it('answers another token, no type, or a type it did not offer with 12087 (verify again) and the challenge', async () => {
      await fault({Count: 0, Kind: 'human-verification', Methods: ['captcha'], Path: '/core/v4/users', WebUrl: false})
      const {json} = await users()
      const details = json!.Details as Record<string, unknown>
      expect(details).to.deep.equal({HumanVerificationMethods: ['captcha'], HumanVerificationToken: details.HumanVerificationToken})
      for (const headers of [hv('not-it', 'captcha'), hv(String(details.HumanVerificationToken)), hv(String(details.HumanVerificationToken), 'email')]) {
        const answer = await harness.call('GET', '/core/v4/users', {headers, session})
        expect(answer.status).to.equal(422)
        expect(answer.json).to.include({Code: 12087})
        expect(answer.json!.Details).to.deep.equal(details)
      }
    })

    it('refuses Methods that are not a list of method names', async () => {
      for (const Methods of [[], 'captcha', ['Captcha!'], [1]]) {
        const answer = await harness.call('POST', '/__sandbox/faults', {body: {Kind: 'human-verification', Methods}})
        expect(answer.status, JSON.stringify(Methods)).to.equal(422)
      }
    })
  })

  it('rate-limit with RetryAfter null: 429 without Retry-After', async () => {
    await fault({Kind: 'rate-limit', RetryAfter: null})
    const answer = await users()
    expect(answer.status).to.equal(429)
    expect(answer.headers.has('retry-after')).to.equal(false)
  })

  it('app-version: 400 with Code 5003, as the service answers an app version it no longer supports', async () => {
    await fault({Kind: 'app-version'})
    const answer = await users()
    expect(answer.status).to.equal(400)
    expect(answer.json).to.deep.equal({Code: 5003, Error: 'This version of the app is no longer supported, please update to continue using the app'})
  })

  it('status: any status with the JSON body given', async () => {
    await fault({Body: {Code: 10013, Error: 'refused'}, Kind: 'status', Path: '/auth/v4/refresh', Status: 422})
    const answer = await harness.call('POST', '/auth/v4/refresh', {body: {}})
    expect(answer.status).to.equal(422)
    expect(answer.json).to.deep.equal({Code: 10013, Error: 'refused'})
  })

  it('latency: the request is held, then answered normally; it adds to another fault', async () => {
    const delay = await fault({DelayMs: 30, Kind: 'latency'})
    await fault({Kind: 'unavailable'})
    expect((await users()).status).to.equal(503)
    expect((await users()).status).to.equal(200)
    const [rule] = (await harness.call('GET', '/__sandbox/faults')).json!.Faults as Record<string, unknown>[]
    expect(rule).to.include({Applied: 1, ID: delay.ID, Kind: 'latency'})
  })

  it('truncate: a complete HTTP answer whose JSON body stops halfway', async () => {
    const whole = (await users()).text
    await fault({Kind: 'truncate'})
    const cut = await users()
    expect(cut.status).to.equal(200)
    expect(cut.headers.get('content-type')).to.match(/^application\/json/)
    expect(cut.json).to.equal(undefined)
    expect(whole.startsWith(cut.text)).to.equal(true)
  })

  it('drop: the connection closes with no answer, and the log says so', async () => {
    await fault({Kind: 'drop', Path: '/drive/'})
    await harness.call('DELETE', '/__sandbox/stats')
    let failure: unknown
    try {
      await harness.call('GET', '/drive/volumes', {session})
    } catch (error) {
      failure = error
    }

    expect(failure).to.be.instanceOf(Error)
    const log = (await harness.call('GET', '/__sandbox/stats')).json!.Requests as Record<string, unknown>[]
    expect(log.map((entry) => [entry.Path, entry.Status])).to.deep.equal([['/drive/volumes', 0]])
  })

  it('matches by path prefix and method', async () => {
    await fault({Kind: 'unavailable', Method: 'post', Path: '/mail/v4/labels'})
    expect((await harness.call('GET', '/mail/v4/labels', {session})).status).to.equal(200)
    expect((await users()).status).to.equal(200)
    expect((await harness.call('POST', '/mail/v4/labels', {body: {}, session})).status).to.equal(503)
  })

  it('After lets calls through first; Count 0 faults every call until cleared', async () => {
    await fault({After: 1, Count: 0, Kind: 'unavailable'})
    const statuses = []
    for (let call = 0; call < 4; call++) statuses.push((await users()).status)
    expect(statuses).to.deep.equal([200, 503, 503, 503])
    await harness.call('DELETE', '/__sandbox/faults')
    expect((await users()).status).to.equal(200)
  })

  it('refuses a malformed rule with 422', async () => {
    for (const rule of [{Kind: 'explode'}, {Kind: 'latency'}, {Count: -1, Kind: 'drop'}, {Kind: 'drop', Path: 'users'}, {Kind: 'status', Status: 99}, {Kind: 'drop', Method: 7}]) {
      const answer = await harness.call('POST', '/__sandbox/faults', {body: rule})
      expect(answer.status, JSON.stringify(rule)).to.equal(422)
    }
  })

  it('logs each API request (method, path, query, status, UID, app version) and never a token; DELETE resets', async () => {
    await harness.call('DELETE', '/__sandbox/stats')
    await harness.call('GET', '/mail/v4/messages?Page=0&PageSize=2', {session})
    await harness.call('GET', '/nowhere', {session})
    const stats = (await harness.call('GET', '/__sandbox/stats')).json!
    const requests = stats.Requests as Record<string, unknown>[]
    expect(requests.map(({AppVersion, Method, Path, Query, Status, UID}) => ({AppVersion, Method, Path, Query, Status, UID}))).to.deep.equal([
      {AppVersion: 'Other', Method: 'GET', Path: '/mail/v4/messages', Query: 'Page=0&PageSize=2', Status: 200, UID: session.UID},
      {AppVersion: 'Other', Method: 'GET', Path: '/nowhere', Query: '', Status: 404, UID: session.UID},
    ])
    const text = JSON.stringify(stats)
    expect(text).to.not.include(session.AccessToken)
    expect(text).to.not.include(session.RefreshToken)
    await harness.call('DELETE', '/__sandbox/stats')
    expect((await harness.call('GET', '/__sandbox/stats')).json).to.deep.equal({Code: 1000, Refreshes: 0, RefreshesRefused: 0, Requests: []})
  })

  it('answers an unknown control route with 404 JSON', async () => {
    const answer = await harness.call('GET', '/__sandbox/nothing')
    expect(answer.status).to.equal(404)
    expect(answer.json).to.include({Code: 2501})
  })
})
