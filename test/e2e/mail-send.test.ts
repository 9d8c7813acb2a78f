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

import {randomBytes} from 'node:crypto'

import {keyPassphrase} from '../../src/lib/crypto/passphrase.ts'
import {KEY_FIXTURE} from '../../src/sandbox/fixtures/key-fixture.ts'
import type {Package} from '../../src/lib/send/packages.ts'
import {baseEnv, runBinary, type RunResult} from '../helpers/run-binary.ts'
import {runMeasured} from '../helpers/run-measured.ts'
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
  /** The account's user key, unlocked: it signs the contacts' cards the tests add. */
  let userKey: import('openpgp').PrivateKey
  /** The alias address's public key (the service's key for demo.alias@proton.test). */
  let aliasPublic = ''
  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'proton-cli-send-'))
    gnupgHome = join(work, 'gnupg')
    mkdirSync(gnupgHome, {mode: 0o700})
    chmodSync(gnupgHome, 0o700)
    // The fixture's keys, handed to GnuPG: the alias address's secret key (unlocked through its Token, as the service
    // keeps it) and the primary address's public key, which signs what the tool sends.
    const openpgp = await import('openpgp')
    userKey = await openpgp.decryptKey({
      passphrase: keyPassphrase(KEY_FIXTURE.password, KEY_FIXTURE.keySalt),
      privateKey: await openpgp.readPrivateKey({armoredKey: KEY_FIXTURE.userKey}),
    })
    const alias = KEY_FIXTURE.addressKeys[1]
    const token = await openpgp.decrypt({decryptionKeys: userKey, message: await openpgp.readMessage({armoredMessage: alias.Token})})
    const aliasKey = await openpgp.decryptKey({passphrase: String(token.data), privateKey: await openpgp.readPrivateKey({armoredKey: alias.PrivateKey})})
    aliasPublic = aliasKey.toPublic().armor()
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

    // The upload carries no clear size (WebClients uploadAttachment, go-proton-api CreateAttachmentReq): the service
    // lists the data packet's length, and the tool shows it as the web client does (AttachmentItem.tsx).
    it('sizes: "mail attachments" lists the Size the service gives, the stored data packet’s length, the file’s plus its OpenPGP framing', async () => {
      const data = await attachmentData(attachmentId)
      expect(data.length).to.be.above(ATTACHMENT.length)
      const json = await proton(['mail', 'attachments', messageId, '--output', 'json'])
      expect(json.status, json.stderr.toString()).to.equal(0)
      const listed = (JSON.parse(json.stdout.toString('utf8')) as {Attachments: Array<{ID: string; Size: number}>}).Attachments
      expect(listed.map(({ID, Size}) => ({ID, Size}))).to.deep.equal([{ID: attachmentId, Size: data.length}])
      const text = await proton(['mail', 'attachments', messageId])
      expect(text.status, text.stderr.toString()).to.equal(0)
      expect(text.stdout.toString('utf8').split('\t').at(-1)).to.equal(`${data.length} B\n`)
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
      const list = JSON.parse((await proton(['mail', 'list', '--output', 'json'])).stdout.toString('utf8')) as {
        Messages: Array<{ID: string; Subject: string; BCCList: unknown[]; ToList: Array<{Address: string}>}>
      }
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

  describe('external recipients with keys (a key GnuPG made, served as a WKD key: Unverified, Source 1)', () => {
    const serveKeys = async (keys: Array<{Flags: number; PublicKey: string}>) => {
      await sandboxFetch(suite.sandbox, 'faults', {method: 'DELETE'})
      const body = {
        Body: {Address: {Keys: [], SignedKeyList: null}, Code: 1000, Unverified: {Keys: keys.map((key) => ({...key, Source: 1}))}, Warnings: []},
        Count: 0,
        Kind: 'status',
        Path: '/core/v4/keys/all',
        Status: 200,
      }
      const response = await sandboxFetch(suite.sandbox, 'faults', {body: JSON.stringify(body), headers: {'content-type': 'application/json'}, method: 'POST'})
      expect(response.status).to.equal(200)
    }

    const wkdKey = () => gpg(['--armor', '--export', 'wkd@example.test']).stdout.toString()
    before(async () => {
      for (const args of [
        ['--quick-gen-key', 'wkd@example.test', 'ed25519', 'sign,cert', 'never'],
        ['--quick-add-key', '', 'cv25519', 'encr', 'never'],
      ]) {
        if (args[0] === '--quick-add-key')
          args[1] =
            gpg(['--list-keys', '--with-colons', 'wkd@example.test'])
              .stdout.toString()
              .match(/^fpr:+([\dA-F]+):/m)?.[1] ?? ''
        const made = gpg(['--pinentry-mode', 'loopback', '--passphrase', '', ...args])
        expect(made.status, made.stderr.toString()).to.equal(0)
      }

      await serveKeys([{Flags: 3, PublicKey: wkdKey()}])
    })

    after(async () => {
      await sandboxFetch(suite.sandbox, 'faults', {method: 'DELETE'})
      await proton(['api', 'PUT', '/mail/v4/settings/pgpscheme', '--body', '{"PGPScheme":16}'])
    })

    /** GnuPG decrypts `keyPacket` + `data` with the WKD recipient's key and checks the sender's signature. */
    const openFor = (keyPacket: string | undefined, data: Buffer) => {
      const {ok, plain, status} = decrypt(Buffer.concat([Buffer.from(keyPacket ?? '', 'base64'), data]))
      expect(ok, status).to.equal(true)
      return {plain, status}
    }

    it('PGP/MIME (PGPScheme 16): a multipart/mixed package, Type 16, Signature 1, no BodyKey; GnuPG decrypts it with the recipient key and verifies the sender; postal-mime reads the body and the attachment', async () => {
      const dry = await proton(['mail', 'send', '--to', 'wkd@example.test', '--subject', 'x', '--body', 'y', '--dry-run'])
      expect(dry.stdout.toString('utf8')).to.include('To: wkd@example.test (external with keys: encrypted and signed (PGP/MIME))\n')
      const result = await proton(['mail', 'send', '--to', 'wkd@example.test', '--cc', 'demo.alias@proton.test', '--subject', 'PGP', '--attach', join(work, 'lunch.csv')], BODY)
      expect(result.status, result.stderr).to.equal(0)
      const packages = (await sent()).Sends.find((entry) => entry.MessageID === result.stdout.toString('utf8').trim())?.Packages ?? []
      expect(packages.map((pack) => [pack.MIMEType, pack.Type])).to.deep.equal([
        ['text/plain', 1],
        ['multipart/mixed', 16],
      ])
      const mime = packages[1]
      expect(mime).to.not.have.any.keys('BodyKey', 'AttachmentKeys')
      expect(mime.Addresses['wkd@example.test']).to.include({Signature: 1, Type: 16})
      const {plain, status} = openFor(mime.Addresses['wkd@example.test'].BodyKeyPacket, Buffer.from(mime.Body, 'base64'))
      expect(status).to.include(`[GNUPG:] VALIDSIG ${senderFingerprint}`)
      expect(status).to.include(`[GNUPG:] DECRYPTION_OKAY`)
      expect(plain.toString('utf8')).to.match(/\n--[-\w]+--\n\n$/)
      const {default: PostalMime} = await import('postal-mime')
      const parsed = await PostalMime.parse(plain)
      expect(parsed.text).to.equal(BODY)
      expect(Buffer.from(parsed.attachments[0].content as ArrayBuffer).equals(ATTACHMENT)).to.equal(true)
      // Tampered ciphertext: GnuPG refuses it.
      const tampered = Buffer.from(mime.Body, 'base64')
      tampered[tampered.length - 30] ^= 0x01
      expect(decrypt(Buffer.concat([Buffer.from(mime.Addresses['wkd@example.test'].BodyKeyPacket ?? '', 'base64'), tampered])).ok).to.equal(false)
    })

    it('PGP/Inline (PGPScheme 8): Type 8 in the text/plain package with its key packets; GnuPG decrypts the body and the attachment with the recipient key', async () => {
      expect((await proton(['api', 'PUT', '/mail/v4/settings/pgpscheme', '--body', '{"PGPScheme":8}'])).status).to.equal(0)
      const result = await proton(['mail', 'send', '--to', 'wkd@example.test', '--subject', 'Inline', '--attach', join(work, 'lunch.csv')], BODY)
      expect(result.status, result.stderr).to.equal(0)
      const packages = (await sent()).Sends.find((entry) => entry.MessageID === result.stdout.toString('utf8').trim())?.Packages ?? []
      expect(packages.map((pack) => [pack.MIMEType, pack.Type])).to.deep.equal([['text/plain', 8]])
      const entry = packages[0].Addresses['wkd@example.test']
      expect(entry).to.include({Signature: 1, Type: 8})
      const body = openFor(entry.BodyKeyPacket, Buffer.from(packages[0].Body, 'base64'))
      expect(body.plain.toString('utf8')).to.equal(BODY)
      expect(body.status).to.include(`[GNUPG:] VALIDSIG ${senderFingerprint}`)
      const [attachmentId] = Object.keys(entry.AttachmentKeyPackets ?? {})
      expect(openFor(entry.AttachmentKeyPackets?.[attachmentId], await attachmentData(attachmentId)).plain.equals(ATTACHMENT)).to.equal(true)
      const html = await proton(['mail', 'send', '--html', '--to', 'wkd@example.test', '--subject', 'x', '--body', '<p>y</p>'])
      expect(html.stderr).to.equal('Error: cannot send to wkd@example.test (its mail is encrypted PGP/Inline, which takes a plain-text body: send it without --html); nothing was created or sent\n')
      expect((await proton(['api', 'PUT', '/mail/v4/settings/pgpscheme', '--body', '{"PGPScheme":16}'])).status).to.equal(0)
    })

    it('an obsolete published key (Flags without NOT_OBSOLETE) is passed over for a valid one; all unusable: refused, nothing created', async () => {
      const other = (await (await import('openpgp')).generateKey({format: 'armored', type: 'curve25519', userIDs: [{email: 'wkd@example.test'}]})).publicKey
      await serveKeys([
        {Flags: 1, PublicKey: other},
        {Flags: 3, PublicKey: wkdKey()},
      ])
      const result = await proton(['mail', 'send', '--to', 'wkd@example.test', '--subject', 'Sorted'], BODY)
      expect(result.status, result.stderr).to.equal(0)
      const mime = (await sent()).Sends.find((entry) => entry.MessageID === result.stdout.toString('utf8').trim())?.Packages[0] as Package
      expect(openFor(mime.Addresses['wkd@example.test'].BodyKeyPacket, Buffer.from(mime.Body, 'base64')).status).to.include('DECRYPTION_OKAY')
      await serveKeys([
        {Flags: 1, PublicKey: other},
        {Flags: 2, PublicKey: wkdKey()},
      ])
      const before = (await posts()).length
      const refused = await proton(['mail', 'send', '--to', 'wkd@example.test', '--subject', 'x', '--body', 'y'])
      expect(refused.status).to.equal(1)
      expect(refused.stderr).to.equal('Error: cannot send to wkd@example.test (its published keys are all compromised or obsolete); nothing was created or sent\n')
      expect((await posts()).length).to.equal(before)
      await serveKeys([{Flags: 3, PublicKey: wkdKey()}])
    })
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

  describe('attachments streamed', () => {
    const MiB = 1024 * 1024
    /** A file of `size` random bytes (nothing in it compresses). */
    const noise = (name: string, size: number) => {
      const path = join(work, name)
      writeFileSync(path, randomBytes(size))
      return path
    }
    /** The message's attachment, its key packet the one the internal recipient (demo.alias, whose key GnuPG holds) got. */
    const attachmentOf = async (id: string) => {
      const pack = (await sent()).Sends.find((entry) => entry.MessageID === id)?.Packages[0] as Package
      const [[ID, keyPacket]] = Object.entries(pack.Addresses['demo.alias@proton.test'].AttachmentKeyPackets ?? {})
      return {ID, KeyPackets: keyPacket}
    }

    it('peak RSS sending a 20 MiB attachment is not 12 MiB above an 8 MiB one’s; GnuPG decrypts the 20 MiB upload to the file', async () => {
      const small = noise('small.bin', 8 * MiB)
      const big = noise('big.bin', 20 * MiB)
      const send = (path: string) => runMeasured(['--profile', 'sender', 'mail', 'send', '--to', 'demo.alias@proton.test', '--subject', 'Streamed', '--body', 'b', '--attach', path], env(), 60_000)
      // Each sent twice, alternately, the lower peak kept: garbage the collector has not taken yet only ever adds to a
      // peak, and how much differs from run to run (the keys now come from their seal: no S2K's allocations either).
      const runs = []
      for (const path of [small, big, small, big]) {
        const run = await send(path)
        expect(run.status, run.stderr).to.equal(0)
        runs.push(run)
      }

      const [smallRun, bigRun] = [
        [runs[0], runs[2]],
        [runs[1], runs[3]],
      ].map((pair) => (pair[0].peakMiB <= pair[1].peakMiB ? pair[0] : pair[1]))
      // Read whole (file, ciphertext and form: three copies), the 12 MiB more would cost some 36 MiB more; streamed, it
      // costs nothing that grows with the file (measured with runMeasured's fixed young generation: 81-84 MiB for
      // either, within 1 MiB of each other). The smaller file is 8 MiB, not less: a 2 MiB one never fills the
      // pipeline's buffers.
      expect(bigRun.peakMiB - smallRun.peakMiB).to.be.below(12)
      const attachment = await attachmentOf(bigRun.stdout.toString('utf8').trim())
      const data = await attachmentData(attachment.ID)
      writeFileSync(join(work, 'big.gpg'), Buffer.concat([Buffer.from(attachment.KeyPackets, 'base64'), data]))
      const decrypted = gpg(['--trust-model', 'always', '--output', join(work, 'big.out'), '--decrypt', join(work, 'big.gpg')])
      expect(decrypted.status, decrypted.stderr.toString()).to.equal(0)
      expect(readFileSync(join(work, 'big.out')).equals(readFileSync(big))).to.equal(true)
    })

    it('an upload answered 503 is sent again, the file read again from its start: GnuPG decrypts what the retry sent', async () => {
      await sandboxFetch(suite.sandbox, 'faults', {method: 'DELETE'})
      await sandboxFetch(suite.sandbox, 'faults', {
        body: JSON.stringify({Count: 1, Kind: 'unavailable', Method: 'POST', Path: '/mail/v4/attachments', RetryAfter: 0}),
        headers: {'content-type': 'application/json'},
        method: 'POST',
      })
      const uploads = async () => (await posts()).filter((line) => line === 'POST /mail/v4/attachments').length
      const before = await uploads()
      const result = await proton(['mail', 'send', '--to', 'demo.alias@proton.test', '--subject', 'Retried upload', '--body', 'b', '--attach', join(work, 'lunch.csv'), '--verbose'])
      expect(result.status, result.stderr).to.equal(0)
      expect(result.stderr).to.match(/POST \/mail\/v4\/attachments: HTTP 503; retry 1 of 3/)
      expect(result.stderr).to.include('> (body: streamed)')
      expect((await uploads()) - before).to.equal(2)
      const attachment = await attachmentOf(result.stdout.toString('utf8').trim().split('\n').at(-1) ?? '')
      const {ok, plain, status} = decrypt(Buffer.concat([Buffer.from(attachment.KeyPackets, 'base64'), await attachmentData(attachment.ID)]))
      expect(ok, status).to.equal(true)
      expect(plain.equals(ATTACHMENT)).to.equal(true)
      await sandboxFetch(suite.sandbox, 'faults', {method: 'DELETE'})
    })
  })

  describe('keys pinned in contacts (signed cards made here by OpenPGP.js with the user key, as the web client makes them)', () => {
    /** A contact whose signed card pins `armoredKey` for `email` (KEY as a data: URI, X-PM-…), added (or replaced) through the API. */
    const addContact = async (email: string, armoredKey: string, extra: string[] = [], {overwrite = false, tampered = false} = {}) => {
      const openpgp = await import('openpgp')
      // No key: a contact that pins only settings (X-PM-SIGN, X-PM-SCHEME).
      const keyLine = armoredKey === '' ? [] : [`ITEM1.KEY;PREF=1:data:application/pgp-keys;base64,${Buffer.from((await openpgp.readKey({armoredKey})).write()).toString('base64')}`]
      const vcard = ['BEGIN:VCARD', 'VERSION:4.0', `FN;PREF=1:${email}`, `UID:proton-web-pinned-${email}`, `ITEM1.EMAIL;PREF=1:${email}`, ...keyLine, ...extra, 'END:VCARD', ''].join('\r\n')
      const signature = await openpgp.sign({detached: true, format: 'armored', message: await openpgp.createMessage({text: vcard}), signingKeys: userKey})
      // Tampered: the card changed after it was signed (its X-PM-ENCRYPT turned off).
      const data = tampered ? vcard.replace('X-PM-ENCRYPT:true', 'X-PM-ENCRYPT:false') : vcard
      writeFileSync(join(work, 'contact.json'), JSON.stringify({Contacts: [{Cards: [{Data: data, Signature: signature, Type: 2}]}], Labels: 0, Overwrite: overwrite ? 1 : 0}))
      const added = await proton(['api', 'POST', '/contacts/v4/contacts', '--body', `@${join(work, 'contact.json')}`])
      expect(added.status, added.stderr).to.equal(0)
    }

    before(async () => {
      await addContact('pinned@example.test', KEY_FIXTURE.senderPublicKey, ['ITEM1.X-PM-ENCRYPT:true', 'ITEM1.X-PM-SIGN:true'])
      await addContact('tampered@example.test', KEY_FIXTURE.senderPublicKey, ['ITEM1.X-PM-ENCRYPT:true'], {tampered: true})
      // sandbox@proton.test is internal, its key on the service senderPublicKey: pinned here as it is.
      await addContact('sandbox@proton.test', KEY_FIXTURE.senderPublicKey, ['ITEM1.X-PM-ENCRYPT:true'])
      // One of the account's own addresses, pinned to another key: the web client takes an own address's keys as they are.
      await addContact('demo.alias@proton.test', KEY_FIXTURE.senderPublicKey, ['ITEM1.X-PM-ENCRYPT:true'])
    })

    it('an external recipient with a pinned key and no published one: PGP/MIME encrypted to the pinned key (GnuPG reads the key packet); a tampered contact is refused', async () => {
      const dry = await proton(['mail', 'send', '--to', 'pinned@example.test', '--subject', 'x', '--body', 'y', '--dry-run'])
      expect(dry.stdout.toString('utf8')).to.include('To: pinned@example.test (external with keys: encrypted and signed (PGP/MIME) (from your contact))\n')
      const result = await proton(['mail', 'send', '--to', 'pinned@example.test', '--cc', 'friend@example.test', '--subject', 'x', '--body', 'y'])
      expect(result.status, result.stderr).to.equal(0)
      const packages = (await sent()).Sends.find((entry) => entry.MessageID === result.stdout.toString('utf8').trim())?.Packages ?? []
      expect(packages.map((pack) => [pack.MIMEType, pack.Type])).to.deep.equal([
        ['text/plain', 4],
        ['multipart/mixed', 16],
      ])
      writeFileSync(join(work, 'key-packet.gpg'), Buffer.from(packages[1].Addresses['pinned@example.test'].BodyKeyPacket ?? '', 'base64'))
      const openpgp = await import('openpgp')
      const subkeyId = (await (await openpgp.readKey({armoredKey: KEY_FIXTURE.senderPublicKey})).getEncryptionKey()).getKeyID().toHex().toUpperCase()
      expect(
        gpg(['--list-packets', join(work, 'key-packet.gpg')])
          .stdout.toString('utf8')
          .toUpperCase(),
      ).to.include(`KEYID ${subkeyId}`)
      const before = (await posts()).length
      const tampered = await proton(['mail', 'send', '--to', 'tampered@example.test', '--subject', 'x', '--body', 'y'])
      expect(tampered.status).to.equal(1)
      expect(tampered.stderr).to.match(/^Error: cannot send to tampered@example\.test \(the signature of its contact's card does not hold[^)]*\); nothing was created or sent\n$/)
      expect((await posts()).length).to.equal(before)
    })

    it('a pinned key that is not the key the address publishes (WKD): refused with one line, nothing created', async () => {
      await addContact('conflict@example.test', KEY_FIXTURE.senderPublicKey, ['ITEM1.X-PM-ENCRYPT:true'])
      const fault = {Body: {Address: {Keys: []}, Code: 1000, Unverified: {Keys: [{Flags: 3, PublicKey: aliasPublic, Source: 1}]}}, Count: 0, Kind: 'status', Path: '/core/v4/keys/all', Status: 200}
      expect((await sandboxFetch(suite.sandbox, 'faults', {body: JSON.stringify(fault), headers: {'content-type': 'application/json'}, method: 'POST'})).status).to.equal(200)
      try {
        const before = (await posts()).length
        const result = await proton(['mail', 'send', '--to', 'conflict@example.test', '--subject', 'x', '--body', 'y'])
        expect(result.status).to.equal(1)
        expect(result.stderr).to.equal(
          'Error: cannot send to conflict@example.test (the key pinned in its contact is not the key it publishes: check which is right, then update the contact); nothing was created or sent\n',
        )
        expect((await posts()).length).to.equal(before)
      } finally {
        await sandboxFetch(suite.sandbox, 'faults', {method: 'DELETE'})
      }
    })

    it('internal: a pinned key that is one of its keys is the one encrypted to (GnuPG reads the key packet); pinned to another key, refused; own addresses take no pins', async () => {
      const dry = await proton(['mail', 'send', '--to', 'sandbox@proton.test,demo.alias@proton.test', '--subject', 'Pinned', '--body', 'pinned body', '--dry-run'])
      expect(dry.stdout.toString('utf8')).to.include('To: sandbox@proton.test (internal: end-to-end encrypted (from your contact))\nTo: demo.alias@proton.test (internal: end-to-end encrypted)\n')
      const result = await proton(['mail', 'send', '--to', 'sandbox@proton.test,demo.alias@proton.test', '--subject', 'Pinned', '--body', 'pinned body'])
      expect(result.status, result.stderr).to.equal(0)
      const pack = (await sent()).Sends.find((entry) => entry.MessageID === result.stdout.toString('utf8').trim())?.Packages[0] as Package
      writeFileSync(join(work, 'key-packet.gpg'), Buffer.from(pack.Addresses['sandbox@proton.test'].BodyKeyPacket ?? '', 'base64'))
      const listed = gpg(['--list-packets', join(work, 'key-packet.gpg')])
      const openpgp = await import('openpgp')
      const pinnedKey = await openpgp.readKey({armoredKey: KEY_FIXTURE.senderPublicKey})
      const subkeyId = (await pinnedKey.getEncryptionKey()).getKeyID().toHex().toUpperCase()
      expect(listed.stdout.toString('utf8').toUpperCase()).to.include(`KEYID ${subkeyId}`)
      const {ok, plain, status} = decrypt(Buffer.concat([Buffer.from(pack.Addresses['demo.alias@proton.test'].BodyKeyPacket ?? '', 'base64'), Buffer.from(pack.Body, 'base64')]))
      expect(ok, status).to.equal(true)
      expect(plain.toString('utf8')).to.equal('pinned body')
      await addContact('sandbox@proton.test', aliasPublic, [], {overwrite: true})
      const before = (await posts()).length
      const refused = await proton(['mail', 'send', '--to', 'sandbox@proton.test', '--subject', 'x', '--body', 'y'])
      expect(refused.status).to.equal(1)
      expect(refused.stderr).to.equal(
        'Error: cannot send to sandbox@proton.test (the key pinned in its contact is not one of its keys on the service (trusted keys are not valid for sending)); nothing was created or sent\n',
      )
      expect((await posts()).length).to.equal(before)
    })
    describe('signed clear mail (X-PM-SIGN of a contact, MailSettings.Sign): the signature inside checked by GnuPG, the MIME tree by postal-mime', () => {
      const setting = async (name: 'pgpscheme' | 'sign', body: Record<string, number>) => {
        writeFileSync(join(work, 'setting.json'), JSON.stringify(body))
        const result = await proton(['api', 'PUT', `/mail/v4/settings/${name}`, '--body', `@${join(work, 'setting.json')}`])
        expect(result.status, result.stderr).to.equal(0)
      }

      const sendOne = async (args: string[]) => {
        const result = await proton(['mail', 'send', '--subject', 'Signed', ...args], BODY)
        expect(result.status, result.stderr).to.equal(0)
        const id = result.stdout.toString('utf8').trim()
        return {Mail: (await sent()).Mail.filter((mail) => mail.MessageID === id), packages: (await sent()).Sends.find((entry) => entry.MessageID === id)?.Packages ?? []}
      }

      /** GnuPG opens a clear package with its BodyKey: the plaintext, the sender's signature required to hold. */
      const openSigned = (pack: Package) => {
        const {ok, plain, status} = decrypt(Buffer.from(pack.Body, 'base64'), pack.BodyKey)
        expect(ok, status).to.equal(true)
        expect(status).to.match(/\[GNUPG:\] GOODSIG /)
        expect(status).to.include(`[GNUPG:] VALIDSIG ${senderFingerprint}`)
        return plain
      }

      before(async () => {
        await addContact('signer@example.test', '', ['ITEM1.X-PM-SIGN:true'])
        await addContact('inline@example.test', '', ['ITEM1.X-PM-SIGN:true', 'ITEM1.X-PM-SCHEME:pgp-inline'])
      })

      after(async () => {
        await setting('sign', {Sign: 0})
        await setting('pgpscheme', {PGPScheme: 16})
      })

      it('X-PM-SIGN true, PGP/MIME: a multipart/mixed package, Type 32 (ClearMIME), Signature 1, its BodyKey; GnuPG verifies the signature; postal-mime reads the body and the attachment; the text package keeps the others', async () => {
        const dry = await proton(['mail', 'send', '--to', 'signer@example.test', '--subject', 'x', '--body', 'y', '--dry-run'])
        expect(dry.stdout.toString('utf8')).to.include('To: signer@example.test (external, no keys: sent in clear, signed (PGP/MIME))\n')
        const {Mail, packages} = await sendOne(['--to', 'signer@example.test', '--cc', 'friend@example.test', '--attach', join(work, 'lunch.csv')])
        expect(packages.map((pack) => pack.MIMEType)).to.deep.equal(['text/plain', 'multipart/mixed'])
        const [text, mime] = packages
        expect(text.Addresses).to.deep.equal({'friend@example.test': {Signature: 0, Type: 4}})
        expect(mime).to.include({Type: 32})
        expect(mime.Addresses).to.deep.equal({'signer@example.test': {Signature: 1, Type: 32}})
        expect(mime).to.not.have.property('AttachmentKeys')
        const tree = openSigned(mime)
        // The trailing line break the web client adds after the closing boundary (WebClients constructMime); GnuPG
        // writes a text literal's CRLF as LF.
        expect(tree.toString('utf8')).to.match(/\n--[-\w]+--\n\n$/)
        const {default: PostalMime} = await import('postal-mime')
        const parsed = await PostalMime.parse(tree)
        expect(parsed.text).to.equal(BODY)
        expect(parsed.attachments.map((attachment) => [attachment.filename, attachment.mimeType])).to.deep.equal([['lunch.csv', 'text/csv']])
        expect(Buffer.from(parsed.attachments[0].content as ArrayBuffer).equals(ATTACHMENT)).to.equal(true)
        expect(Mail.find((mail) => mail.Recipient === 'signer@example.test')).to.include({MIMEType: 'multipart/mixed', Signed: true})
        const tampered = Buffer.from(mime.Body, 'base64')
        tampered[tampered.length - 30] ^= 0x01
        expect(decrypt(tampered, mime.BodyKey).status).to.not.match(/GOODSIG/)
      })

      it('X-PM-SCHEME pgp-inline: the text/plain package, Type 4 with Signature 1 (GnuPG verifies it); with --html refused before anything is created', async () => {
        const {packages} = await sendOne(['--to', 'inline@example.test'])
        expect(packages).to.have.length(1)
        expect(packages[0]).to.include({MIMEType: 'text/plain', Type: 4})
        expect(packages[0].Addresses).to.deep.equal({'inline@example.test': {Signature: 1, Type: 4}})
        expect(openSigned(packages[0]).toString('utf8')).to.equal(BODY)
        const before = (await posts()).length
        const html = await proton(['mail', 'send', '--html', '--to', 'inline@example.test', '--subject', 'x', '--body', '<p>y</p>'])
        expect(html.status).to.equal(1)
        expect(html.stderr).to.equal('Error: cannot send to inline@example.test (its mail is signed PGP/Inline, which takes a plain-text body: send it without --html); nothing was created or sent\n')
        expect((await posts()).length).to.equal(before)
      })

      it('X-PM-MIMETYPE text/plain with --html: that recipient in a text/plain package of its own, the HTML made text (GnuPG reads it); the others keep the HTML; a plain-text message is one package', async () => {
        await addContact('plaintext@example.test', '', ['ITEM1.X-PM-MIMETYPE:text/plain'])
        const html = '<p>Lunch at <b>noon</b>, <a href="https://example.test/menu">the menu</a>.</p>'
        const result = await proton(['mail', 'send', '--html', '--subject', 'Plain', '--to', 'plaintext@example.test', '--cc', 'friend@example.test', '--cc', 'demo.alias@proton.test', '--body', html])
        expect(result.status, result.stderr).to.equal(0)
        const packages = (await sent()).Sends.find((entry) => entry.MessageID === result.stdout.toString('utf8').trim())?.Packages ?? []
        expect(packages.map((pack) => pack.MIMEType)).to.deep.equal(['text/html', 'text/plain'])
        const [htmlPack, textPack] = packages
        expect(Object.keys(htmlPack.Addresses).sort()).to.deep.equal(['demo.alias@proton.test', 'friend@example.test'])
        expect(textPack.Addresses).to.deep.equal({'plaintext@example.test': {Signature: 0, Type: 4}})
        const text = openSigned(textPack).toString('utf8')
        expect(text).to.equal('Lunch at noon, the menu [https://example.test/menu].')
        expect(openSigned(htmlPack).toString('utf8')).to.equal(html)
        const plain = await sendOne(['--to', 'plaintext@example.test', '--cc', 'friend@example.test'])
        expect(plain.packages.map((pack) => [pack.MIMEType, Object.keys(pack.Addresses).sort()])).to.deep.equal([['text/plain', ['friend@example.test', 'plaintext@example.test']]])
      })

      it('MailSettings.Sign 1 signs mail to every external address without keys (PGPScheme 16: ClearMIME; 8: PGP/Inline); internal ones unchanged', async () => {
        await setting('sign', {Sign: 1})
        const mime = await sendOne(['--to', 'plain@example.test', '--cc', 'demo.alias@proton.test'])
        expect(mime.packages.map((pack) => [pack.MIMEType, pack.Type])).to.deep.equal([
          ['text/plain', 1],
          ['multipart/mixed', 32],
        ])
        expect((await (await import('postal-mime')).default.parse(openSigned(mime.packages[1]))).text).to.equal(BODY)
        await setting('pgpscheme', {PGPScheme: 8})
        const inline = await sendOne(['--to', 'plain@example.test'])
        expect(inline.packages[0].Addresses).to.deep.equal({'plain@example.test': {Signature: 1, Type: 4}})
        expect(openSigned(inline.packages[0]).toString('utf8')).to.equal(BODY)
      })
    })
  })

  describe("the account's own addresses: their keys are the account's, never the service's word (issue 40)", () => {
    const keysAnswer = async (body: Record<string, unknown>) => {
      await sandboxFetch(suite.sandbox, 'faults', {method: 'DELETE'})
      const response = await sandboxFetch(suite.sandbox, 'faults', {
        body: JSON.stringify({Body: {Code: 1000, ...body}, Kind: 'status', Path: '/core/v4/keys/all', Status: 200}),
        headers: {'content-type': 'application/json'},
        method: 'POST',
      })
      expect(response.status).to.equal(200)
    }
    after(() => sandboxFetch(suite.sandbox, 'faults', {method: 'DELETE'}))

    it("/core/v4/keys/all answering with a key the server made, or with no key: sent to the alias's own key (GnuPG decrypts it), never to the server's, never in clear", async () => {
      const openpgp = await import('openpgp')
      const {publicKey} = await openpgp.generateKey({format: 'armored', type: 'curve25519', userIDs: [{email: 'demo.alias@proton.test'}]})
      const serverKeyId = (await (await openpgp.readKey({armoredKey: publicKey})).getEncryptionKey()).getKeyID().toHex().toUpperCase()
      const answers: Array<[string, Record<string, unknown>]> = [
        ['a server-made key', {Address: {Keys: [{Flags: 3, PublicKey: publicKey}]}}],
        ['no key at all', {Address: {Keys: []}, Unverified: null}],
      ]
      for (const [what, answer] of answers) {
        await keysAnswer(answer)
        const dry = await proton(['mail', 'send', '--to', 'demo.alias@proton.test', '--subject', 'Self', '--body', 'to myself', '--dry-run'])
        expect(dry.stdout.toString('utf8'), what).to.include('To: demo.alias@proton.test (internal: end-to-end encrypted)\n')
        const result = await proton(['mail', 'send', '--to', 'demo.alias@proton.test', '--subject', 'Self', '--body', 'to myself'])
        expect(result.status, result.stderr).to.equal(0)
        const pack = (await sent()).Sends.find((entry) => entry.MessageID === result.stdout.toString('utf8').trim())?.Packages[0] as Package
        expect(pack.Type, what).to.equal(1)
        expect(pack.BodyKey, what).to.equal(undefined)
        const recipient = pack.Addresses['demo.alias@proton.test']
        expect(recipient.Type, what).to.equal(1)
        writeFileSync(join(work, 'key-packet.gpg'), Buffer.from(recipient.BodyKeyPacket ?? '', 'base64'))
        expect(
          gpg(['--list-packets', join(work, 'key-packet.gpg')])
            .stdout.toString('utf8')
            .toUpperCase(),
          what,
        ).to.not.include(`KEYID ${serverKeyId}`)
        const {ok, plain, status} = decrypt(Buffer.concat([Buffer.from(recipient.BodyKeyPacket ?? '', 'base64'), Buffer.from(pack.Body, 'base64')]))
        expect(ok, status).to.equal(true)
        expect(plain.toString('utf8')).to.equal('to myself')
      }

      // The server's key list is not even asked for an own address.
      const {Requests} = (await (await sandboxFetch(suite.sandbox, 'stats')).json()) as {Requests: Array<{Method: string; Path: string; Query?: string}>}
      expect(
        Requests.filter((request) => request.Path === '/core/v4/keys/all')
          .map((request) => request.Query ?? '')
          .join('\n'),
      ).to.not.match(/demo\.alias/)
    })
  })

  describe('never twice', () => {
    const fault = async (rule: Record<string, unknown>) => {
      await sandboxFetch(suite.sandbox, 'faults', {method: 'DELETE'})
      const response = await sandboxFetch(suite.sandbox, 'faults', {
        body: JSON.stringify({Count: 1, Method: 'POST', Path: '/mail/v4/messages/', ...rule}),
        headers: {'content-type': 'application/json'},
        method: 'POST',
      })
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

    it('a send answered 429 (Retry-After), 503, or a reset is sent once, never again; the service says not sent; the draft deleted', async () => {
      const cases: Array<[Record<string, unknown>, number, RegExp]> = [
        [{Kind: 'rate-limit', RetryAfter: 1}, 5, /^Error: .*\nThe send failed; the service says the message was not sent\.\nNothing was sent; the draft .+ was deleted\.\n$/],
        [{Kind: 'unavailable'}, 5, /^Error: .*\nThe send failed; the service says the message was not sent\.\nNothing was sent; the draft .+ was deleted\.\n$/],
        [{Kind: 'drop'}, 5, /^The send's answer was lost \(.*\); the service says the message was not sent\.\nNothing was sent; the draft .+ was deleted\.\n$/],
      ]
      for (const [rule, exit, told] of cases) {
        await fault(rule)
        const before = await sends()
        const count = (await sent()).Sends.length
        const result = await proton(['mail', 'send', '--to', 'friend@example.test', '--subject', `Once ${String(rule.Kind)}`, '--body', 'b', '--verbose'])
        const said = result.stderr
          .split('\n')
          .filter((line) => !/^[<>(]/.test(line) && !line.startsWith('  '))
          .join('\n')
        expect(result.status, result.stderr).to.equal(exit)
        expect(said, String(rule.Kind)).to.match(told)
        expect(result.stderr).to.not.match(/POST \/mail\/v4\/messages\/\S+: .*retry/)
        expect((await sends()) - before, String(rule.Kind)).to.equal(1)
        expect((await sent()).Sends.length).to.equal(count)
        const drafts = JSON.parse((await proton(['api', 'GET', '/mail/v4/messages', '-F', 'LabelID=8'])).stdout.toString('utf8')) as {Messages: Array<{Subject: string}>}
        expect(drafts.Messages.map((message) => message.Subject)).to.not.include(`Once ${String(rule.Kind)}`)
      }

      await sandboxFetch(suite.sandbox, 'faults', {method: 'DELETE'})
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
