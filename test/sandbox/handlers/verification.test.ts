/**
 * The sandbox's human verification as a person completes it (Strict
 * faults): codes sent by POST /core/v4/users/code and read back by the
 * controls, the captcha page (no secret needed, the token escaped), and
 * what passes a strict challenge.
 */
import {expect} from 'chai'

import {type Harness, startHarness} from '../harness.ts'

describe('sandbox human verification (Strict)', function () {
  this.timeout(30_000)
  let harness: Harness
  before(async () => {
    harness = await startHarness()
  })
  after(async () => harness.close())
  afterEach(async () => harness.call('DELETE', '/__sandbox/faults'))

  const challenge = async (methods: string[]) => {
    const session = await harness.login()
    await harness.call('POST', '/__sandbox/faults', {body: {Count: 0, Kind: 'human-verification', Method: 'GET', Methods: methods, Path: '/core/v4/users', Strict: true}})
    const first = await harness.call('GET', '/core/v4/users', {session})
    const token = (first.json!.Details as {HumanVerificationToken: string}).HumanVerificationToken
    const retry = (headers: Record<string, string>) => harness.call('GET', '/core/v4/users', {headers, session})
    return {first, retry, token}
  }

  it('email: passes with <address>:<code> of a code sent to that address, typed email; nothing else', async () => {
    const {retry} = await challenge(['captcha', 'email'])
    const sent = await harness.call('POST', '/core/v4/users/code', {body: {Destination: {Address: 'me@example.test'}, Type: 'email', Username: 'demo'}})
    expect(sent.status).to.equal(200)
    const codes = (await harness.call('GET', '/__sandbox/verification-codes')).json!.Codes as Array<{Code: string; Destination: string; Type: string}>
    const {Code: code} = codes.at(-1)!
    expect(code).to.match(/^\d{6}$/)
    const wrong = code === '000000' ? '111111' : '000000'
    for (const headers of [
      {'x-pm-human-verification-token': `me@example.test:${wrong}`, 'x-pm-human-verification-token-type': 'email'},
      {'x-pm-human-verification-token': `other@example.test:${code}`, 'x-pm-human-verification-token-type': 'email'},
      {'x-pm-human-verification-token': `me@example.test:${code}`, 'x-pm-human-verification-token-type': 'sms'},
    ]) {
      expect((await retry(headers)).json!.Code, JSON.stringify(headers)).to.equal(12_087)
    }

    expect((await retry({'x-pm-human-verification-token': `me@example.test:${code}`, 'x-pm-human-verification-token-type': 'email'})).status).to.equal(200)
  })

  it('captcha: the issued token passes only once its page was solved, typed captcha or the methods joined', async () => {
    const {first, retry, token} = await challenge(['captcha'])
    const page = (first.json!.Details as {WebUrl: string}).WebUrl
    const headers = {'x-pm-human-verification-token': token, 'x-pm-human-verification-token-type': 'captcha'}
    expect((await retry(headers)).json!.Code).to.equal(12_087)
    // The page needs no secret: a person's browser opens it.
    const html = await (await fetch(page)).text()
    expect(html).to.include(`name="token" value="${token}"`)
    const solved = await fetch(new URL('/__sandbox/verify', page), {body: new URLSearchParams({token}), method: 'POST'})
    expect(solved.status).to.equal(200)
    expect((await retry({...headers, 'x-pm-human-verification-token': 'another'})).json!.Code).to.equal(12_087)
    expect((await retry(headers)).status).to.equal(200)
  })

  it('the page escapes the token it is given; the other controls still need the secret', async () => {
    const page = await harness.call('GET', `/__sandbox/verify?token=${encodeURIComponent('"><script>x</script>')}`, {headers: {'x-sandbox-secret': 'wrong'}})
    expect(page.status).to.equal(200)
    expect(page.text).to.include('value="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"').and.not.include('<script>')
    expect((await harness.call('GET', '/__sandbox/verification-codes', {headers: {'x-sandbox-secret': 'wrong'}})).status).to.equal(403)
  })

  it('POST /core/v4/users/code refuses a type or destination it does not know (422)', async () => {
    for (const body of [
      {Destination: {Address: 'a@b'}, Type: 'fax'},
      {Destination: {}, Type: 'email'},
      {Destination: {Address: 'a@b'}, Type: 'sms'},
    ]) {
      expect((await harness.call('POST', '/core/v4/users/code', {body})).status, JSON.stringify(body)).to.equal(422)
    }
  })
})
