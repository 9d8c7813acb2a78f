/**
 * mail send through the built binary against the sandbox, what it sent
 * checked by GnuPG, not by this tool: the Packages of each send (GET
 * /__sandbox/sent) are taken apart and GnuPG, in a private GNUPGHOME holding
 * the recipient address's secret key and the sender's public key (both
 * exported from the committed fixture), decrypts the internal recipient's
 * key packet joined to the data packet, and the clear package's data packet
 * with its BodyKey (--override-session-key), and verifies the signatures:
 * the body's, inside, and the attachment's, detached. Tampered signatures
 * and ciphertexts fail there. Then the refusals, --dry-run, bad input, and
 * a send whose answer is lost or refused.
 */
import {expect} from 'chai'
import {spawnSync} from 'node:child_process'
import {chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {keyPassphrase} from '../../src/lib/keys/passphrase.ts'
import {KEY_FIXTURE} from '../../src/lib/sandbox/key-fixture.ts'
import type {Package} from '../../src/lib/send/packages.ts'
import {baseEnv, runBinary, type RunResult} from '../helpers/run-binary.ts'
import {sandboxFetch, sandboxForSuite} from '../helpers/sandbox-process.ts'

const GPG = existsSync('/usr/bin/gpg') ? '/usr/bin/gpg' : 'gpg'
const BODY = 'Hello from proton-cli.\n\nGrüße, and a second line.\n'
const ATTACHMENT = Buffer.from('name,amount\nlunch,12.50\n')

interface Sent {
  Sends: Array<{MessageID: string; Packages: Package[]}>
  Mail: Array<{MessageID: string; Recipient: string; To: string[]; CC: string[]; Body: string; Attachments: Array<{Name: string; Data: string}>}>
}

describe('mail send (built binary, sandbox; what it sent decrypted and verified by GnuPG)', function () {
  this.timeout(60_000)
  // No --write-session: the suite logs in itself, so the sandbox's own login would be spent for nothing.
  const suite = sandboxForSuite({args: ['--port', '0']})
  const env = () => baseEnv(suite.home.home, {TZ: 'UTC'})
  const proton = (args: string[], input?: string): Promise<RunResult> => runBinary(['--profile', 'sender', ...args], {env: env(), input})
  let work = ''
  let gnupgHome = ''
  const gpg = (args: string[], input?: Buffer | string) => spawnSync(GPG, ['--homedir', gnupgHome, '--batch', '--no-tty', '--status-fd', '2', ...args], {input, timeout: 30_000})
  const sent = async (): Promise<Sent> => (await (await sandboxFetch(suite.sandbox, 'sent')).json()) as Sent
  const posts = async (): Promise<string[]> => {
    const {Requests} = (await (await sandboxFetch(suite.sandbox, 'stats')).json()) as {Requests: Array<{Method: string; Path: string}>}
    return Requests.filter((request) => request.Method !== 'GET').map((request) => `${request.Method} ${request.Path}`)
  }

  let senderFingerprint = ''
  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'proton-cli-send-'))
    gnupgHome = join(work, 'gnupg')
    mkdirSync(gnupgHome, {mode: 0o700})
    chmodSync(gnupgHome, 0o700)
    // The fixture's keys, handed to GnuPG: the alias address's secret key (unlocked through its Token, as the service
    // keeps it) and the primary address's public key, which signs what the tool sends.
    const openpgp = await import('openpgp')
    const userKey = await openpgp.decryptKey({
      passphrase: keyPassphrase(KEY_FIXTURE.password, KEY_FIXTURE.keySalt),
      privateKey: await openpgp.readPrivateKey({armoredKey: KEY_FIXTURE.userKey}),
    })
    const alias = KEY_FIXTURE.addressKeys[1]
    const token = await openpgp.decrypt({decryptionKeys: userKey, message: await openpgp.readMessage({armoredMessage: alias.Token})})
    const aliasKey = await openpgp.decryptKey({passphrase: String(token.data), privateKey: await openpgp.readPrivateKey({armoredKey: alias.PrivateKey})})
    const sender = (await openpgp.readPrivateKey({armoredKey: KEY_FIXTURE.addressKeys[0].PrivateKey})).toPublic()
    senderFingerprint = sender.getFingerprint().toUpperCase()
    writeFileSync(join(work, 'keys.asc'), `${aliasKey.armor()}\n${sender.armor()}`)
    expect(gpg(['--import', join(work, 'keys.asc')]).status).to.equal(0)
    writeFileSync(join(work, 'lunch.csv'), ATTACHMENT)
    const login = await runBinary(['auth', 'login', 'demo', '--password-stdin', '--api-url', suite.sandbox.url, '--profile', 'sender'], {env: env(), input: 'demo\n'})
    expect(login.status, login.stderr).to.equal(0)
  })

  after(() => {
    if (work === '') return
    spawnSync('gpgconf', ['--homedir', gnupgHome, '--kill', 'gpg-agent'], {timeout: 10_000})
    rmSync(work, {force: true, recursive: true})
  })

  /** GnuPG decrypts `message` (binary packets), with a session key when given; its output and status lines. */
  const decrypt = (message: Buffer, sessionKey?: {Key: string}) => {
    const file = join(work, 'message.gpg')
    writeFileSync(file, message)
    const override = sessionKey ? ['--override-session-key', `9:${Buffer.from(sessionKey.Key, 'base64').toString('hex')}`] : []
    const result = gpg(['--trust-model', 'always', ...override, '--decrypt', file])
    return {ok: result.status === 0, plain: result.stdout, status: result.stderr.toString('utf8')}
  }

  /** An attachment's data packet, as the recipient's client downloads it. */
  const attachmentData = async (id: string) => {
    const file = join(work, 'attachment.pgp')
    const result = await proton(['api', 'GET', `/mail/v4/attachments/${id}`, '--output-file', file])
    expect(result.status, result.stderr).to.equal(0)
    return readFileSync(file)
  }

  describe('internal, external clear and Bcc in one message, with an attachment', () => {
    let pack: Package
    let messageId = ''
    let attachmentId = ''
    before(async () => {
      const result = await proton(
        ['mail', 'send', '--to', 'demo.alias@proton.test', '--to', 'friend@example.test', '--bcc', 'demo@proton.test', '--subject', 'Lunch', '--attach', join(work, 'lunch.csv')],
        BODY,
      )
      expect(result.status, result.stderr).to.equal(0)
      messageId = result.stdout.toString('utf8').trim()
      expect(result.stderr).to.match(/Sent message .+ to 3 recipients\./)
      const send = (await sent()).Sends.find((entry) => entry.MessageID === messageId)
      expect(send?.Packages).to.have.length(1)
      pack = send?.Packages[0] as Package
      attachmentId = Object.keys(pack.AttachmentKeys ?? {})[0]
    })

    it('one text/plain package: internal recipients Type 1 with key packets, the external one Type 4, the package 1|4 with BodyKey', () => {
      expect(pack.MIMEType).to.equal('text/plain')
      expect(pack.Type).to.equal(5)
      expect(pack.Addresses['demo.alias@proton.test']).to.include({Signature: 1, Type: 1})
      expect(pack.Addresses['demo@proton.test']).to.include({Signature: 1, Type: 1})
      expect(pack.Addresses['friend@example.test']).to.deep.equal({Signature: 0, Type: 4})
      expect(pack.BodyKey?.Algorithm).to.equal('aes256')
      expect(Object.keys(pack.Addresses['demo.alias@proton.test'].AttachmentKeyPackets ?? {})).to.deep.equal([attachmentId])
    })

    it('internal: GnuPG decrypts the recipient key packet + the data packet and verifies the sender’s signature', () => {
      const recipient = pack.Addresses['demo.alias@proton.test']
      const {ok, plain, status} = decrypt(Buffer.concat([Buffer.from(recipient.BodyKeyPacket ?? '', 'base64'), Buffer.from(pack.Body, 'base64')]))
      expect(ok, status).to.equal(true)
      expect(plain.toString('utf8')).to.equal(BODY)
      expect(status).to.match(/\[GNUPG:\] GOODSIG /)
      expect(status).to.include(`[GNUPG:] VALIDSIG ${senderFingerprint}`)
    })

    it('external clear: GnuPG opens the data packet with the package’s BodyKey and verifies the signature', () => {
      const {ok, plain, status} = decrypt(Buffer.from(pack.Body, 'base64'), pack.BodyKey)
      expect(ok, status).to.equal(true)
      expect(plain.toString('utf8')).to.equal(BODY)
      expect(status).to.include(`[GNUPG:] VALIDSIG ${senderFingerprint}`)
    })

    it('the attachment: GnuPG decrypts it with the internal key packet and with the clear AttachmentKeys, and verifies its detached signature', async () => {
      const data = await attachmentData(attachmentId)
      const internal = decrypt(Buffer.concat([Buffer.from(pack.Addresses['demo.alias@proton.test'].AttachmentKeyPackets?.[attachmentId] ?? '', 'base64'), data]))
      expect(internal.ok, internal.status).to.equal(true)
      expect(internal.plain.equals(ATTACHMENT)).to.equal(true)
      const clear = decrypt(data, pack.AttachmentKeys?.[attachmentId])
      expect(clear.ok, clear.status).to.equal(true)
      expect(clear.plain.equals(ATTACHMENT)).to.equal(true)
      const draft = JSON.parse((await proton(['api', 'GET', `/mail/v4/messages/${messageId}`])).stdout.toString('utf8')) as {Message: {Attachments: Array<{ID: string; Signature: string}>}}
      const signature = draft.Message.Attachments.find((attachment) => attachment.ID === attachmentId)?.Signature ?? ''
      // Binary, as the tool uploaded it: GnuPG 2.2 reads no armor without its checksum line, which OpenPGP.js 6 leaves out.
      const openpgp = await import('openpgp')
      writeFileSync(join(work, 'att.sig'), (await openpgp.readSignature({armoredSignature: signature})).write() as Uint8Array)
      writeFileSync(join(work, 'att.bin'), ATTACHMENT)
      const verified = gpg(['--trust-model', 'always', '--verify', join(work, 'att.sig'), join(work, 'att.bin')])
      expect(verified.status, verified.stderr.toString()).to.equal(0)
      expect(verified.stderr.toString()).to.include(`[GNUPG:] VALIDSIG ${senderFingerprint}`)
    })

    it('tampered: a changed byte of the attachment’s signature, or of the body’s ciphertext, fails in GnuPG', async () => {
      const draft = JSON.parse((await proton(['api', 'GET', `/mail/v4/messages/${messageId}`])).stdout.toString('utf8')) as {Message: {Attachments: Array<{Signature: string}>}}
      const openpgp = await import('openpgp')
      const signature = await openpgp.readSignature({armoredSignature: draft.Message.Attachments[0].Signature})
      const bytes = Buffer.from(signature.write() as Uint8Array)
      bytes[bytes.length - 5] ^= 0x01
      writeFileSync(join(work, 'bad.sig'), bytes)
      const verified = gpg(['--trust-model', 'always', '--verify', join(work, 'bad.sig'), join(work, 'att.bin')])
      expect(verified.status).to.not.equal(0)
      expect(verified.stderr.toString()).to.match(/\[GNUPG:\] BADSIG /)
      const body = Buffer.from(pack.Body, 'base64')
      body[body.length - 30] ^= 0x01
      const tampered = decrypt(body, pack.BodyKey)
      expect(tampered.ok).to.equal(false)
      expect(tampered.status).to.not.match(/GOODSIG/)
    })

    it('the internal recipients find it in their inbox: mail read shows the body, signature verified; no Bcc is shown to anyone', async () => {
      const list = JSON.parse((await proton(['mail', 'list', '--output', 'json'])).stdout.toString('utf8')) as {Messages: Array<{ID: string; Subject: string; BCCList: unknown[]; ToList: Array<{Address: string}>}>}
      const copies = list.Messages.filter((message) => message.Subject === 'Lunch')
      expect(copies).to.have.length(2)
      for (const copy of copies) {
        expect(copy.BCCList).to.deep.equal([])
        expect(copy.ToList.map((entry) => entry.Address)).to.deep.equal(['demo.alias@proton.test', 'friend@example.test'])
        const read = await proton(['mail', 'read', '--', copy.ID])
        expect(read.status, read.stderr).to.equal(0)
        const out = read.stdout.toString('utf8')
        expect(out).to.match(/Signature: +verified/)
        expect(out).to.include('lunch.csv')
        expect(out.endsWith(`\n\n${BODY}`)).to.equal(true)
      }

      const Mail = (await sent()).Mail.filter((mail) => mail.MessageID === messageId)
      expect(Mail).to.have.length(1)
      expect(Mail[0]).to.include({Body: BODY, Recipient: 'friend@example.test'})
      expect(Mail[0].To).to.deep.equal(['demo.alias@proton.test', 'friend@example.test'])
      expect(Mail[0].CC).to.deep.equal([])
      expect(Buffer.from(Mail[0].Attachments[0].Data, 'base64').equals(ATTACHMENT)).to.equal(true)
    })
  })

  it('--from the alias: signed by the alias key; --output json prints the service’s answer', async () => {
    const result = await proton(['mail', 'send', '--from', 'demo.alias@proton.test', '--to', 'someone@example.test', '--subject', 'From alias', '--body', 'hi', '--output', 'json'])
    expect(result.status, result.stderr).to.equal(0)
    const answer = JSON.parse(result.stdout.toString('utf8')) as {Code: number; Sent: {Sender: {Address: string}; Flags: number}}
    expect(answer.Code).to.equal(1000)
    expect(answer.Sent.Sender.Address).to.equal('demo.alias@proton.test')
    const {Sends} = await sent()
    const pack = Sends.at(-1)?.Packages[0] as Package
    const {ok, plain, status} = decrypt(Buffer.from(pack.Body, 'base64'), pack.BodyKey)
    expect(ok, status).to.equal(true)
    expect(plain.toString('utf8')).to.equal('hi')
    expect(status).to.match(/GOODSIG/)
    expect(status).to.not.include(`VALIDSIG ${senderFingerprint}`)
  })

  it('an external recipient with keys is refused, naming each one, before anything is created (exit 1)', async () => {
    const before = (await posts()).length
    const result = await proton(['mail', 'send', '--to', 'billing@shop.test', '--cc', 'friend@example.test', '--bcc', 'pgp@example.test', '--subject', 'x', '--body', 'y'])
    expect(result.status).to.equal(1)
    expect(result.stderr).to.match(/^Error: cannot send to billing@shop\.test \(has encryption keys[^)]*\); nothing was created or sent\n$/)
    expect(result.stdout.length).to.equal(0)
    expect((await posts()).length).to.equal(before)
  })

  it('--dry-run: the sender, each recipient with its kind, subject and sizes; nothing created', async () => {
    const before = (await posts()).length
    const result = await proton(['mail', 'send', '--to', 'demo.alias@proton.test,friend@example.test', '--subject', 'Plan', '--body', 'abc', '--attach', join(work, 'lunch.csv'), '--dry-run'])
    expect(result.status, result.stderr).to.equal(0)
    expect(result.stdout.toString('utf8')).to.equal(
      [
        'From: demo@proton.test',
        'To: demo.alias@proton.test (internal: end-to-end encrypted)',
        'To: friend@example.test (external, no keys: sent in clear)',
        'Subject: Plan',
        'Body: 3 bytes (text/plain)',
        `Attachment: lunch.csv (${ATTACHMENT.length} bytes)`,
        '',
      ].join('\n'),
    )
    expect(result.stderr).to.equal('Nothing was sent (--dry-run).\n')
    expect((await posts()).length).to.equal(before)
  })

  it('bad input is refused before anything is sent (exit 1, one line)', async () => {
    const big = join(work, 'big.bin')
    writeFileSync(big, '')
    truncateSync(big, 25 * 1024 * 1024 + 1)
    const before = (await posts()).length
    const cases: Array<[string[], RegExp]> = [
      [['--to', 'not-an-address', '--subject', 's', '--body', 'b'], /^Error: --to: "not-an-address" is not an email address\n$/],
      [['--subject', 's', '--body', 'b'], /^Error: no recipient: give --to, --cc or --bcc\n$/],
      [['--to', 'a@example.test', '--subject', 's', '--body', 'b', '--attach', join(work, 'missing.txt')], /^Error: --attach .*missing\.txt: cannot read it \(ENOENT\)\n$/],
      [['--to', 'a@example.test', '--subject', 's', '--body', 'b', '--attach', big], /^Error: --attach .*big\.bin: 26214401 bytes, over the service's limit of 26214400 bytes\n$/],
      [['--to', 'a@example.test', '--subject', 's', '--body', 'b', '--from', 'nobody@proton.test'], /^Error: --from nobody@proton\.test: not an address of this account\n$/],
      [['--to', 'a@example.test', '--subject', 's', '--body', 'b', '--body-file', big], /^Error: --body and --body-file: give one of them\n$/],
    ]
    for (const [args, message] of cases) {
      const result = await proton(['mail', 'send', ...args])
      expect(result.status, args.join(' ')).to.equal(1)
      expect(result.stderr).to.match(message)
    }

    expect((await posts()).length).to.equal(before)
  })

  describe('never twice', () => {
    const fault = async (rule: Record<string, unknown>) => {
      await sandboxFetch(suite.sandbox, 'faults', {method: 'DELETE'})
      const response = await sandboxFetch(suite.sandbox, 'faults', {body: JSON.stringify({Count: 1, Method: 'POST', Path: '/mail/v4/messages/', ...rule}), headers: {'content-type': 'application/json'}, method: 'POST'})
      expect(response.status).to.equal(200)
    }
    const sends = async () => (await posts()).filter((line) => /^POST \/mail\/v4\/messages\/./.test(line)).length

    it('an answer cut short after the send: not sent again; the service says it was sent (exit 0, the ID)', async () => {
      await fault({Kind: 'truncate'})
      const before = await sends()
      const result = await proton(['mail', 'send', '--to', 'friend@example.test', '--subject', 'Cut', '--body', 'b'])
      expect(result.status, result.stderr).to.equal(0)
      const id = result.stdout.toString('utf8').trim()
      expect(result.stderr).to.include(`the service says the message was sent: ${id}. It was not sent again.`)
      expect((await sends()) - before).to.equal(1)
      expect((await sent()).Sends.at(-1)?.MessageID).to.equal(id)
    })

    it('a connection dropped before the send was processed: not retried; the service says not sent; the draft deleted (exit 5)', async () => {
      await fault({Kind: 'drop'})
      const before = await sends()
      const count = (await sent()).Sends.length
      const result = await proton(['mail', 'send', '--to', 'friend@example.test', '--subject', 'Dropped', '--body', 'b'])
      expect(result.status).to.equal(5)
      expect(result.stderr).to.match(/The send's answer was lost \(.*\); the service says the message was not sent\.\nNothing was sent; the draft .+ was deleted\.\n$/)
      expect((await sends()) - before).to.equal(1)
      expect((await sent()).Sends.length).to.equal(count)
      const drafts = JSON.parse((await proton(['mail', 'list', '--output', 'json'])).stdout.toString('utf8')) as {Messages: Array<{Subject: string}>}
      expect(drafts.Messages.map((message) => message.Subject)).to.not.include('Dropped')
    })

    /** Runs mail send, and sends `signal` once the sandbox has seen a request to `path` (held there by a latency fault). */
    const interrupted = async (path: RegExp, signal: NodeJS.Signals, args: string[]) => {
      let pid = 0
      const seen = (await posts()).length
      const running = runBinary(['--profile', 'sender', 'mail', 'send', ...args], {env: env(), onSpawn: (child) => (pid = child)})
      for (let attempt = 0; attempt < 100 && !(await posts()).slice(seen).some((line) => path.test(line)); attempt++) await new Promise((resolve) => setTimeout(resolve, 100))
      process.kill(pid, signal)
      return running
    }

    it('interrupted while the send is in flight (SIGINT): says the message may have been sent, with its ID; ends by the signal', async () => {
      await fault({DelayMs: 5000, Kind: 'latency'})
      const result = await interrupted(/^POST \/mail\/v4\/messages\/./, 'SIGINT', ['--to', 'friend@example.test', '--subject', 'Held', '--body', 'b'])
      expect(result.signal).to.equal('SIGINT')
      expect(result.stdout.length).to.equal(0)
      expect(result.stderr).to.match(/^Error: interrupted while sending: message .+ may have been sent; look in Sent before sending again\n$/)
      await sandboxFetch(suite.sandbox, 'faults', {method: 'DELETE'})
    })

    it('interrupted during an upload (SIGTERM): nothing was sent, the draft stays in Drafts', async () => {
      await fault({DelayMs: 5000, Kind: 'latency', Path: '/mail/v4/attachments'})
      const result = await interrupted(/^POST \/mail\/v4\/attachments$/, 'SIGTERM', ['--to', 'friend@example.test', '--subject', 'Upload', '--body', 'b', '--attach', join(work, 'lunch.csv')])
      expect(result.signal).to.equal('SIGTERM')
      expect(result.stderr).to.match(/^interrupted by SIGTERM before sending: nothing was sent; the draft .+ stays in Drafts\.\nError: interrupted by SIGTERM\n$/)
      await sandboxFetch(suite.sandbox, 'faults', {method: 'DELETE'})
    })

    it('a send the service refuses deletes its draft (exit 1)', async () => {
      await fault({Body: {Code: 2000, Error: 'Refused'}, Kind: 'status', Status: 422})
      const result = await proton(['mail', 'send', '--to', 'friend@example.test', '--subject', 'Refused', '--body', 'b'])
      expect(result.status).to.equal(1)
      expect(result.stderr).to.match(/Refused\nThe send failed; the service says the message was not sent\.\nNothing was sent; the draft .+ was deleted\.\n$/)
      await sandboxFetch(suite.sandbox, 'faults', {method: 'DELETE'})
    })
  })
})
