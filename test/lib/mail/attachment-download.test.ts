/**
 * An attachment fetched and decrypted as it streams (mail/attachment-download.ts) from a loopback service: the
 * sandbox's attachment (KeyPackets and data packet made by OpenPGP.js in scripts/generate-sandbox-keys.js, signed
 * by the invoice's sender), its verdicts; a tampered packet, a plaintext over the bound, an answer over --max-size,
 * an error answer, each refused naming the message and the attachment, with nothing left on disk. The address key
 * is unlocked inside each test.
 */
import {expect} from 'chai'
import {mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import type {PrivateKey} from 'openpgp'

import {AtomicFile} from '../../../src/lib/files/atomic-file.ts'
import {type AttachmentSource, downloadAttachment} from '../../../src/lib/mail/attachment-download.ts'
import {unlockAddressKeys, unlockUserKeys} from '../../../src/lib/crypto/keyring.ts'
import {keyPassphrase} from '../../../src/lib/crypto/passphrase.ts'
import {CliFailure} from '../../../src/lib/core/errors.ts'
import {KEY_FIXTURE} from '../../../src/sandbox/fixtures/key-fixture.ts'
import {plainCommandSuite, testRun, type TestRunOptions} from '../../helpers/invocation.ts'
import {type Handler, json} from '../../helpers/scripted-server.ts'

const PASSPHRASE = keyPassphrase(KEY_FIXTURE.password, KEY_FIXTURE.keySalt)
const PLAINTEXT = 'Invoice 2025-03\nMail Plus, one month: 4.99 EUR\n'
const DATA = Buffer.from(KEY_FIXTURE.attachment.Data, 'base64')
const KEY_PACKETS = Buffer.from(KEY_FIXTURE.attachment.KeyPackets, 'base64')

describe('attachment-download: an attachment streamed through OpenPGP.js into a temporary file', function () {
  this.timeout(20_000)
  const suite = plainCommandSuite()
  let dir = ''
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'attachment-download-'))
  })
  afterEach(() => rmSync(dir, {force: true, recursive: true}))

  const addressKeys = async (): Promise<PrivateKey[]> => {
    const user = await unlockUserKeys([{ID: 'u', PrivateKey: KEY_FIXTURE.userKey}], PASSPHRASE)
    return (await unlockAddressKeys([{ID: 'a', ...KEY_FIXTURE.addressKeys[0]}], user.keys, PASSPHRASE)).keys
  }

  /** The attachment A1 downloaded (signature null: none listed) with the service answering `handler`; what came back or the failure, and the folder's files. */
  const download = async (
    handler: Handler,
    {maxBytes = 1 << 20, senderKeys = [KEY_FIXTURE.attachmentSigner.PublicKey as string], signature = KEY_FIXTURE.attachment.Signature as string | null, options = {} as TestRunOptions} = {},
  ) => {
    suite.server.handle(handler)
    const {invocation} = testRun(suite.home, options)
    const source: AttachmentSource = {
      fail: (cause) => new CliFailure(`message M1: ${cause}`, 1),
      invocation,
      keys: await addressKeys(),
      maxBytes,
      messageId: 'M1',
      senderKeys,
      session: await invocation.session(),
    }
    const outcome = await downloadAttachment(source, {
      aid: 'A1',
      create: () => AtomicFile.create(join(dir, 'invoice.txt')),
      keyPackets: KEY_PACKETS,
      signature: signature ?? undefined,
      what: 'attachment A1 (invoice.txt)',
    }).then(
      async ({file, verification}) => {
        await file.commit()
        return {text: readFileSync(join(dir, 'invoice.txt'), 'utf8'), verification}
      },
      (error: unknown) => ({message: (error as Error).message, status: (error as CliFailure).exitStatus}),
    )
    return {files: readdirSync(dir), outcome}
  }

  const answer =
    (bytes: Buffer): Handler =>
    (_request, response) => {
      response.writeHead(200, {'content-length': bytes.length, 'content-type': 'application/octet-stream'})
      response.end(bytes)
    }

  it('decrypts the data packet into the file, its signature verified against the sender’s key; asked for at the attachment’s path', async () => {
    expect(await download(answer(DATA))).to.deep.equal({files: ['invoice.txt'], outcome: {text: PLAINTEXT, verification: 'verified'}})
    expect(suite.server.requests.map(({method, url}) => `${method} ${url}`)).to.deep.equal(['GET /mail/v4/attachments/A1'])
  })

  it('the verdicts: another key’s signature failed; none unsigned; no sender key unverified', async () => {
    expect((await download(answer(DATA), {signature: KEY_FIXTURE.addressKeys[0].Signature})).outcome).to.deep.equal({text: PLAINTEXT, verification: 'failed'})
    expect((await download(answer(DATA), {signature: null})).outcome).to.deep.equal({text: PLAINTEXT, verification: 'unsigned'})
    expect((await download(answer(DATA), {senderKeys: []})).outcome).to.deep.equal({text: PLAINTEXT, verification: 'unverified'})
  })

  it('a tampered data packet, or a sender key that cannot be read: cannot decrypt it, nothing written', async () => {
    const tampered = Buffer.from(DATA)
    tampered[tampered.length - 5] ^= 0x01
    const cut = await download(answer(tampered))
    expect(cut.files).to.deep.equal([])
    expect(cut.outcome).to.have.property('status', 1)
    expect((cut.outcome as {message: string}).message).to.match(/^message M1: attachment A1 \(invoice\.txt\): cannot decrypt it: \S.*; nothing written$/)
    const unreadable = await download(answer(DATA), {senderKeys: ['not a key']})
    expect(unreadable.files).to.deep.equal([])
    expect((unreadable.outcome as {message: string}).message).to.match(/^message M1: attachment A1 \(invoice\.txt\): cannot decrypt it: .+; nothing written$/)
  })

  it('a plaintext over the bound: stopped, exit 5, nothing written; exactly the bound is taken', async () => {
    expect(await download(answer(DATA), {maxBytes: PLAINTEXT.length - 1})).to.deep.equal({
      files: [],
      outcome: {message: `message M1: attachment A1 (invoice.txt): its plaintext is over --max-size (${PLAINTEXT.length - 1} bytes): stopped reading it; nothing written`, status: 5},
    })
    expect((await download(answer(DATA), {maxBytes: PLAINTEXT.length})).outcome).to.deep.equal({text: PLAINTEXT, verification: 'verified'})
  })

  it('an answer over --max-size: the transport’s failure names the message and the attachment; nothing written', async () => {
    const over = await download(answer(DATA), {options: {flags: {'max-size': '16B'}}})
    expect(over.files).to.deep.equal([])
    expect(over.outcome).to.have.property('status', 5)
    // The transport's line says "nothing printed" already: nothing is added to it.
    expect((over.outcome as {message: string}).message).to.match(
      /^message M1: attachment A1 \(invoice\.txt\): the answer from http:\/\/127\.0\.0\.1:\d+ is over --max-size \(16 bytes\): its Content-Length is \d+ bytes, not read; nothing printed or saved$/,
    )
  })

  it('an error answer: its Error and exit status, naming the attachment; another status without a body: its HTTP status, naming the message', async () => {
    expect(await download(json(404, {Code: 2501, Error: 'Attachment does not exist'}))).to.deep.equal({
      files: [],
      outcome: {message: 'attachment A1 (invoice.txt): HTTP 404 Not Found, Code 2501 NOT_FOUND_ERROR: Attachment does not exist', status: 3},
    })
    // A human verification asked for (Code 9001): its bytes go to the verification check, which refuses it without a terminal (exit 2).
    const challenge = await download(json(422, {Code: 9001, Details: {HumanVerificationMethods: ['captcha'], HumanVerificationToken: 'hv-token'}, Error: 'Human verification required'}))
    expect(challenge.files).to.deep.equal([])
    expect(challenge.outcome).to.have.property('status', 2)
    // A status neither 200 nor an error (a 204 with no body): the message and the status named.
    const empty = await download((_request, response) => response.writeHead(204).end())
    expect(empty).to.deep.equal({files: [], outcome: {message: 'message M1: attachment A1 (invoice.txt): HTTP 204', status: 1}})
  })

  it('on a terminal, a progress line: the bytes of the announced total, a rate, the attachment; erased once done; without a length, no total', async () => {
    const onTerminal = async (handler: Handler) => {
      suite.server.handle(handler)
      const run = testRun(suite.home)
      ;(run.invocation.io.stderr as {isTTY?: boolean}).isTTY = true
      const {invocation} = run
      const source: AttachmentSource = {
        fail: (cause) => new CliFailure(cause, 1),
        invocation,
        keys: await addressKeys(),
        maxBytes: 1 << 20,
        messageId: 'M1',
        senderKeys: [],
        session: await invocation.session(),
      }
      const {file} = await downloadAttachment(source, {aid: 'A1', create: () => AtomicFile.create(join(dir, 'invoice.txt')), keyPackets: KEY_PACKETS, what: 'attachment A1 (invoice.txt)'})
      await file.abandon()
      return run.stderr()
    }

    const shown = await onTerminal(answer(DATA))
    expect(shown).to.match(new RegExp(`^\\r\\u001B\\[K${DATA.length} B of ${DATA.length} B(, \\d+(\\.\\d)? [KM]?i?B/s)?: attachment A1 \\(invoice\\.txt\\)\\r\\u001B\\[K$`))
    // The rate is the bytes over the time since the answer began (not since 1970).
    expect(shown).to.not.include(', 0 B/s')
    const chunked = await onTerminal((_request, response) => {
      response.writeHead(200, {'content-type': 'application/octet-stream'})
      response.end(DATA)
    })
    expect(chunked).to.match(new RegExp(`^\\r\\u001B\\[K${DATA.length} B(, [^:]+)?: attachment`))
  })

  it('an answer cut short, KeyPackets that open nothing: refused naming the attachment, the temporary file removed', async () => {
    const cut = await download((_request, response) => {
      response.writeHead(200, {'content-length': DATA.length * 10, 'content-type': 'application/octet-stream'})
      response.write(DATA.subarray(0, 40), () => response.destroy())
    })
    expect(cut.files).to.deep.equal([])
    expect((cut.outcome as {message: string}).message).to.match(/^message M1: attachment A1 \(invoice\.txt\): .+; nothing written$/)
    expect((cut.outcome as {message: string}).message).to.not.match(/nothing written.*nothing written/)
    const wrongKeyPackets = Buffer.from(KEY_PACKETS)
    wrongKeyPackets[wrongKeyPackets.length - 3] ^= 0x01
    suite.server.handle(answer(DATA))
    const {invocation} = testRun(suite.home)
    const source: AttachmentSource = {
      fail: (cause) => new CliFailure(`message M1: ${cause}`, 1),
      invocation,
      keys: await addressKeys(),
      maxBytes: 1 << 20,
      messageId: 'M1',
      senderKeys: [],
      session: await invocation.session(),
    }
    const refused = await downloadAttachment(source, {aid: 'A1', create: () => AtomicFile.create(join(dir, 'x.txt')), keyPackets: wrongKeyPackets, what: 'attachment A1 (x)'}).then(
      () => '',
      (error: Error) => error.message,
    )
    expect(refused).to.match(/^message M1: attachment A1 \(x\): cannot decrypt it: .+; nothing written$/)
    expect(readdirSync(dir)).to.deep.equal([])
  })
})
