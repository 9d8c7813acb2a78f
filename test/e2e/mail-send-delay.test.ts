/**
 * Undo send (issue 43), the built binary against the sandbox: the account's MailSettings.DelaySendSeconds is sent as
 * DelaySeconds, as the web client sends it (useSendMessage.ts), --delay overrides it, and the confirmation says when
 * the message goes (the answer's DeliveryTime).
 */
import {expect} from 'chai'

import {baseEnv, runBinary, type RunResult} from '../helpers/run-binary.ts'
import {sandboxFetch, sandboxForSuite} from '../helpers/sandbox-process.ts'

describe('mail send: the undo-send delay (built binary, sandbox)', function () {
  this.timeout(60_000)
  const suite = sandboxForSuite({args: ['--port', '0']})
  const env = () => baseEnv(suite.home.home, {TZ: 'UTC'})
  const proton = (args: string[], input?: string): Promise<RunResult> => runBinary(['--profile', 'sender', ...args], {env: env(), input})
  const delays = async () => ((await (await sandboxFetch(suite.sandbox, 'sent')).json()) as {Sends: Array<{MessageID: string; DelaySeconds: number}>}).Sends
  const send = (...args: string[]) => proton(['mail', 'send', '--to', 'friend@example.test', '--subject', 'Later', ...args], 'Body.\n')

  before(async () => {
    const login = await runBinary(['auth', 'login', 'demo', '--password-stdin', '--api-url', suite.sandbox.url, '--profile', 'sender'], {env: env(), input: 'demo\n'})
    expect(login.status, login.stderr).to.equal(0)
  })

  it('without --delay: the account’s DelaySendSeconds (10 in the sandbox) sent as DelaySeconds; the confirmation says when it goes', async () => {
    const settings = JSON.parse((await proton(['api', 'GET', '/mail/v4/settings'])).stdout.toString('utf8')) as {MailSettings: {DelaySendSeconds: number}}
    const before = Date.now()
    const result = await send()
    expect(result.status, result.stderr).to.equal(0)
    const id = result.stdout.toString('utf8').trim()
    expect((await delays()).find(({MessageID}) => MessageID === id)?.DelaySeconds).to.equal(settings.MailSettings.DelaySendSeconds)
    const match = /^Sent message \S+ to 1 recipient\. It goes out at (\S+Z), in (\d+) s \(the delay to undo sending\)\.$/m.exec(result.stderr)
    expect(match, result.stderr).to.not.equal(null)
    const at = Date.parse(match![1])
    expect(at).to.be.at.least(Math.floor(before / 1000) * 1000 + settings.MailSettings.DelaySendSeconds * 1000)
  })

  it('--delay 0 sends DelaySeconds 0 and says nothing of later; --delay 5 sends 5; --delay 31 or -1 is refused before anything is created', async () => {
    const now = await send('--delay', '0')
    expect(now.status, now.stderr).to.equal(0)
    expect((await delays()).find(({MessageID}) => MessageID === now.stdout.toString('utf8').trim())?.DelaySeconds).to.equal(0)
    expect(now.stderr).to.match(/^Sent message \S+ to 1 recipient\.$/m)
    const five = await send('--delay', '5')
    expect(five.status, five.stderr).to.equal(0)
    expect((await delays()).find(({MessageID}) => MessageID === five.stdout.toString('utf8').trim())?.DelaySeconds).to.equal(5)
    expect(five.stderr).to.match(/, in [45] s \(the delay to undo sending\)\.$/m)
    const count = (await delays()).length
    for (const bad of ['31', '-1']) {
      const refused = await send('--delay', bad)
      expect(refused.status, bad).to.equal(1)
      expect(refused.stdout.toString('utf8'), bad).to.equal('')
    }

    expect(await delays()).to.have.length(count)
  })
})
