/**
 * mail send through the built binary against a scripted server, for what the sandbox's account cannot show: an
 * address that may not send (disabled, or Send 0) given to --from, and attachments over the user's own MaxUpload
 * (each, and all together). Each is refused in one line, exit 1, after the account is read and before anything is
 * created: the server gets no request but the three GETs the keys come from (account/keys.ts) and the mail settings,
 * asked for beside them.
 */
import {expect} from 'chai'
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {randomBytes} from 'node:crypto'

import {sealPassphrase} from '../../src/lib/crypto/local-key.ts'
import {baseEnv, runBinary} from '../helpers/run-binary.ts'
import {json, jsonAnswers, serverForSuite} from '../helpers/scripted-server.ts'
import {TOKENS} from '../helpers/session-files.ts'

const ADDRESSES = [
  {Email: 'me@proton.test', ID: 'a1', Order: 1, Receive: 1, Send: 1, Status: 1},
  {Email: 'old@proton.test', ID: 'a2', Order: 2, Receive: 1, Send: 1, Status: 0},
  {Email: 'external@example.test', ID: 'a3', Order: 3, Receive: 1, Send: 0, Status: 1},
]

describe('mail send: refusals before anything is created (built binary, scripted server)', function () {
  this.timeout(30_000)
  const clientKey = randomBytes(32)
  const answers = jsonAnswers((request) => {
    if (request.url.startsWith('/auth/v4/sessions/local/key')) return [200, {ClientKey: clientKey.toString('base64'), Code: 1000}]
    if (request.url.startsWith('/core/v4/users')) return [200, {Code: 1000, User: {Keys: [], MaxUpload: 1000}}]
    if (request.url.startsWith('/core/v4/addresses')) return [200, {Addresses: ADDRESSES, Code: 1000}]
    return [500, {Code: 2000, Error: 'not expected'}]
  })
  const suite = serverForSuite({
    handler: answers,
    session: {fields: {KeyPassphrase: sealPassphrase('key passphrase', clientKey, TOKENS.UID)}},
  })
  // Only what a send reads first: the account's records and, beside them, the mail settings (askMailSettings).
  const onlyKeyRequests = () =>
    suite.server.requests.every((request) => request.method === 'GET' && /^\/(core\/v4\/(users|addresses)|auth\/v4\/sessions\/local\/key|mail\/v4\/settings)/.test(request.url))
  const work = mkdtempSync(join(tmpdir(), 'proton-cli-send-requests-'))
  after(() => rmSync(work, {force: true, recursive: true}))
  const send = (args: string[]) => runBinary(['mail', 'send', '--to', 'friend@example.test', '--subject', 's', '--body', 'b', ...args], {env: baseEnv(suite.home.home)})

  it('--from a disabled address, or one that may not send: refused, naming it (exit 1)', async () => {
    for (const from of ['old@proton.test', 'EXTERNAL@example.test']) {
      const result = await send(['--from', from])
      expect(result.status, result.stderr).to.equal(1)
      expect(result.stderr).to.equal(`Error: --from ${from === 'old@proton.test' ? from : 'external@example.test'}: this address cannot send (disabled, or not allowed to send)\n`)
    }

    expect(onlyKeyRequests()).to.equal(true)
  })

  it('the mail settings are asked for beside the account’s records, not after them (one round trip less)', async () => {
    let settingsFirst = false
    suite.server.handle((request, response) => {
      if (request.url.startsWith('/mail/v4/settings')) return json(200, {Code: 1000, MailSettings: {}})(request, response)
      if (!request.url.startsWith('/core/v4/users')) return answers(request, response)
      // The user's record is held until the settings are asked for (5 s at most, which the previous order waited out).
      const held = Date.now()
      const answer = () => {
        settingsFirst = suite.server.requests.some((seen) => seen.url.startsWith('/mail/v4/settings'))
        if (settingsFirst || Date.now() - held > 5000) answers(request, response)
        else setTimeout(answer, 20)
      }
      answer()
    })
    try {
      const result = await send(['--from', 'old@proton.test'])
      expect(result.status, result.stderr).to.equal(1)
      expect(settingsFirst).to.equal(true)
    } finally {
      suite.server.handle(answers)
    }
  })

  it('an attachment over the user’s MaxUpload, or several over it together: refused before anything is sent (exit 1)', async () => {
    writeFileSync(join(work, 'big.bin'), Buffer.alloc(1001))
    writeFileSync(join(work, 'half.bin'), Buffer.alloc(600))
    const one = await send(['--attach', join(work, 'big.bin')])
    expect(one.status).to.equal(1)
    expect(one.stderr).to.match(/^Error: --attach .*big\.bin: 1001 bytes, over the service's limit of 1000 bytes\n$/)
    const two = await send(['--attach', join(work, 'half.bin'), '--attach', join(work, 'half.bin')])
    expect(two.status).to.equal(1)
    expect(two.stderr).to.equal("Error: --attach: 1200 bytes in all, over the service's limit of 1000 bytes\n")
    expect(onlyKeyRequests()).to.equal(true)
  })
})
