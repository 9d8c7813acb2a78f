/**
 * Human verification: the link built as the web client builds it
 * (WebClients EmbeddedVerification.tsx, helpers/url.ts getAppUrlFromApiUrl
 * and stringifySearchParams), the challenge read from 9001 and 12087
 * answers, the completed verification given ahead, and what a command
 * without a terminal does with a challenge.
 */
import {expect} from 'chai'

import {EXIT} from '../../../src/lib/core/exit-status.ts'
import {CliFailure} from '../../../src/lib/core/errors.ts'
import {
  challengeIn,
  challengeOf,
  COMMAND_RETRY,
  type CompletedVerification,
  type HumanVerification,
  presetVerification,
  sendVerified,
  verificationHeaders,
  tokenWord,
  verificationLink,
  verificationPage,
} from '../../../src/lib/session/human-verification.ts'

const api = (url: string) => new URL(url)

/** Runs `action` with stderr collected. */
async function withStderr<T>(action: () => Promise<T>): Promise<{error?: unknown; result?: T; stderr: string}> {
  const write = process.stderr.write.bind(process.stderr)
  let stderr = ''
  process.stderr.write = ((chunk: string | Uint8Array) => {
    stderr += chunk.toString()
    return true
  }) as typeof process.stderr.write
  try {
    return {result: await action(), stderr}
  } catch (error) {
    return {error, stderr}
  } finally {
    process.stderr.write = write
  }
}

describe('human verification', () => {
  describe('the verification page, as the web client derives it from the API URL', () => {
    const cases: Array<[string, string]> = [
      ['https://mail.proton.me/api', 'https://verify.proton.me/'],
      ['https://account.proton.me/api', 'https://verify.proton.me/'],
      ['https://mail-api.proton.black/api', 'https://verify.proton.black/'],
      ['https://proton.me/api', 'https://verify.proton.me/'],
      ['https://mail.example.test:8443/api', 'https://verify.example.test:8443/'],
      // Loopback and IP addresses have no verify host beside them: the session's own origin.
      ['http://127.0.0.1:8080', 'http://127.0.0.1:8080/'],
      ['http://localhost:3000/api', 'http://localhost:3000/'],
      ['http://[::1]:9000/api', 'http://[::1]:9000/'],
    ]
    for (const [apiUrl, page] of cases) {
      it(`${apiUrl} → ${page}`, () => {
        expect(verificationPage(api(apiUrl)).toString()).to.equal(page)
      })
    }

    it('the link carries methods joined by commas and the token, URL-encoded as URLSearchParams does', () => {
      expect(verificationLink(api('https://mail.proton.me/api'), ['captcha', 'email'], 'a+b/c=')).to.equal('https://verify.proton.me/?methods=captcha%2Cemail&token=a%2Bb%2Fc%3D')
      expect(verificationLink(api('http://127.0.0.1:8080'), ['captcha'], 't1')).to.equal('http://127.0.0.1:8080/?methods=captcha&token=t1')
    })
  })

  describe('the challenge', () => {
    const base = api('https://mail.proton.me/api')

    it('uses Details.WebUrl when the service gives one', () => {
      const answer = {Code: 9001, Details: {HumanVerificationMethods: ['captcha'], HumanVerificationToken: 't1', WebUrl: 'https://verify.proton.me/?t=t1'}}
      expect(challengeOf(answer, base)).to.deep.equal({code: 9001, methods: ['captcha'], token: 't1', url: 'https://verify.proton.me/?t=t1'})
    })

    it('builds the link when Details has no WebUrl (or one that is not an http URL)', () => {
      for (const WebUrl of [undefined, 'javascript:alert(1)', 42]) {
        const answer = {Code: 9001, Details: {HumanVerificationMethods: ['captcha', 'sms'], HumanVerificationToken: 'tok', WebUrl}}
        expect(challengeOf(answer, base).url).to.equal('https://verify.proton.me/?methods=captcha%2Csms&token=tok')
      }
    })

    it('finds one in a 9001 or a 12087 answer, not in other errors, successes or big bodies', () => {
      const response = (statusCode: number, body: string) => ({body: Buffer.from(body), headers: {}, httpVersion: '1.1', statusCode, statusMessage: ''})
      expect(challengeIn(response(422, '{"Code":9001,"Details":{"HumanVerificationToken":"a"}}'), base)).to.include({code: 9001, token: 'a'})
      expect(challengeIn(response(422, '{"Code":12087,"Error":"Invalid verification token"}'), base)).to.include({code: 12087, token: ''})
      expect(challengeIn(response(422, '{"Code":2000}'), base)).to.equal(undefined)
      expect(challengeIn(response(200, '{"Code":9001}'), base)).to.equal(undefined)
      expect(challengeIn(response(422, `{"Code":9001,"Pad":"${'x'.repeat(70_000)}"}`), base)).to.equal(undefined)
    })

    it('is answered by the token and the method completed, in the headers the official clients send', () => {
      expect(verificationHeaders({token: 't1', type: 'email'})).to.deep.equal({'x-pm-human-verification-token': 't1', 'x-pm-human-verification-token-type': 'email'})
    })
  })

  describe('a completed verification given ahead (PROTON_HV_TOKEN, PROTON_HV_TYPE)', () => {
    it('is both or neither', () => {
      expect(presetVerification(undefined, undefined)).to.equal(undefined)
      expect(presetVerification('', '')).to.equal(undefined)
      expect(presetVerification('t1', 'captcha')).to.deep.equal({token: 't1', type: 'captcha'})
      expect(() => presetVerification('t1', undefined)).to.throw(/PROTON_HV_TOKEN needs PROTON_HV_TYPE/)
      expect(() => presetVerification(undefined, 'email')).to.throw(/PROTON_HV_TYPE needs PROTON_HV_TOKEN/)
      expect(() => presetVerification('t1', undefined, {token: '--hv-token', type: '--hv-type'})).to.throw(/--hv-token needs --hv-type/)
    })

    it('refuses a token that could break the header, and a type that is no method name', () => {
      expect(() => presetVerification('a b', 'captcha')).to.throw(/printable ASCII/)
      expect(() => presetVerification('a\nb', 'captcha')).to.throw(/printable ASCII/)
      expect(() => presetVerification('t1', 'Captcha!')).to.throw(/method name/)
    })
  })

  it('tokenWord: a token of the alphabet as one shell word; any other as a placeholder, never as shell text', () => {
    expect(tokenWord('ch-1')).to.equal("'ch-1'")
    expect(tokenWord('a+b/c=_d.e:f~g')).to.equal("'a+b/c=_d.e:f~g'")
    for (const token of ["T0K3N'$(touch${IFS}/tmp/x)''", 'a b', 'a;b', '`x`', 'a\u001bb', 'é', '', 'x'.repeat(4097)]) {
      expect(tokenWord(token), token).to.equal('<the token of the verification page>')
    }
  })

  describe('sendVerified without a terminal', () => {
    const base = api('http://127.0.0.1:9')
    const challenge = (code: number, token = 'ch-1'): HumanVerification => ({code, methods: ['captcha', 'email'], token, url: verificationLink(base, ['captcha', 'email'], token)})

    /** A pretend service: the answers in order, recording the headers of each send. */
    function service(answers: Array<HumanVerification | undefined>) {
      const sent: Array<Record<string, string>> = []
      return {
        challengeOf: async (index: number) => answers[index],
        send: async (headers: Record<string, string>) => {
          sent.push(headers)
          return sent.length - 1
        },
        sent,
      }
    }

    it('no challenge: the answer stands; a preset goes with the request and is reported accepted', async () => {
      const fake = service([undefined])
      let accepted: CompletedVerification | undefined
      const preset = {token: 'done-1', type: 'email'}
      const answer = await sendVerified(fake.send, fake.challengeOf, {accepted: (done) => (accepted = done), hint: COMMAND_RETRY, interactive: false, preset})
      expect(answer).to.equal(0)
      expect(fake.sent).to.deep.equal([verificationHeaders(preset)])
      expect(accepted).to.deep.equal(preset)
    })

    it('a challenge: the link on stderr, exit 2 saying how a second run finishes it', async () => {
      const fake = service([challenge(9001)])
      const {error, stderr} = await withStderr(() => sendVerified(fake.send, fake.challengeOf, {hint: COMMAND_RETRY, interactive: false}))
      expect(stderr).to.equal('Human verification required (methods: captcha, email): complete it in a browser at http://127.0.0.1:9/?methods=captcha%2Cemail&token=ch-1\n')
      expect(error).to.be.instanceOf(CliFailure)
      expect((error as CliFailure).exitStatus).to.equal(EXIT.AUTH)
      expect((error as Error).message).to.equal(
        "human verification required; complete it, then run the command again with PROTON_HV_TOKEN='ch-1' and PROTON_HV_TYPE set to the method you completed (captcha, email), or from a terminal",
      )
      expect(fake.sent).to.deep.equal([{}])
    })

    it('a token from the service outside the token alphabet is not shown: a placeholder instead, the link still carries it', async () => {
      const token = "T0K3N'$(touch${IFS}/tmp/x)''"
      const fake = service([challenge(9001, token)])
      const {error, stderr} = await withStderr(() => sendVerified(fake.send, fake.challengeOf, {hint: COMMAND_RETRY, interactive: false}))
      expect(stderr).to.include(new URLSearchParams({token}).toString())
      expect((error as Error).message).to.equal(
        'human verification required; complete it, then run the command again with PROTON_HV_TOKEN=<the token of the verification page> and PROTON_HV_TYPE set to the method you completed (captcha, email), or from a terminal',
      )
    })

    it('a preset answered 12087 (verify again): exit 2 saying to complete it again, the challenge kept when 12087 has no Details', async () => {
      const fake = service([{code: 12087, methods: [], token: '', url: 'http://127.0.0.1:9/'}])
      const {error, stderr} = await withStderr(() => sendVerified(fake.send, fake.challengeOf, {hint: COMMAND_RETRY, interactive: false, preset: {token: 'stale', type: 'captcha'}}))
      expect(stderr).to.match(/^Human verification not accepted \(Code 12087\), verify again/)
      expect((error as CliFailure).exitStatus).to.equal(EXIT.AUTH)
      expect((error as Error).message).to.match(/^the service did not accept the human verification given \(Code 12087\); complete it again, then run the command again with PROTON_HV_TOKEN=/)
      expect(fake.sent).to.deep.equal([{'x-pm-human-verification-token': 'stale', 'x-pm-human-verification-token-type': 'captcha'}])
    })
  })
})
