/**
 * A message opened with the keys of its address (mail/read-message.ts) against a loopback service: the sandbox's
 * bodies and keys (made by OpenPGP.js in scripts/generate-sandbox-keys.js, src/sandbox/fixtures/key-fixture.ts), the
 * first body signed by the sender whose key the service publishes; a tampered body, a foreign address, keys that do
 * not open, keys whose Argon2 S2K asks too much (test/fixtures/argon2), each refused with its line and exit status;
 * the key requests and unlocking done once per run however many messages it reads. Keys are unlocked inside each test.
 */
import {expect} from 'chai'
import {readFileSync} from 'node:fs'

import {newClientKey, sealPassphrase} from '../../../src/lib/crypto/local-key.ts'
import {decryptBody, messageWithKeys, openMessage, openTree} from '../../../src/lib/mail/read-message.ts'
import type {JsonRecord} from '../../../src/lib/core/records.ts'
import {CliFailure} from '../../../src/lib/core/errors.ts'
import {KEY_FIXTURE} from '../../../src/sandbox/fixtures/key-fixture.ts'
import {gnupgHome} from '../../helpers/gnupg-home.ts'
import {exitOf, plainCommandSuite, testRun} from '../../helpers/invocation.ts'
import {jsonAnswers, type Recorded} from '../../helpers/scripted-server.ts'
import {FIXTURE_ADDRESS_KEY as addressKey, FIXTURE_PASSPHRASE as PASSPHRASE, FIXTURE_USER_KEY as userKey, NO_COMPILE_CACHE as ENV} from '../../helpers/fixture-account.ts'
import {TOKENS} from '../../helpers/session-files.ts'

const argon2 = (name: string) => readFileSync(new URL(`../../fixtures/argon2/${name}`, import.meta.url), 'utf8')

describe('read-message: a message’s body opened with its address’s keys, its signature checked', function () {
  this.timeout(20_000)
  const suite = plainCommandSuite()
  const clientKey = newClientKey()
  const welcome = {AddressID: 'a1', Body: KEY_FIXTURE.bodies[0].Body, ID: 'm1', Sender: {Address: 'sandbox@proton.test'}}
  const lunch = {AddressID: 'a1', Body: KEY_FIXTURE.bodies[2].Body, ID: 'm2', Sender: {Address: 'alex@proton.test'}}

  interface Service {
    messages?: Record<string, JsonRecord>
    userKeys?: unknown[]
    addresses?: unknown[]
    /** Bodies sent as they are (JSON text) for these paths. */
    raw?: Record<string, string>
  }

  const serve = async ({messages = {m1: welcome, m2: lunch}, userKeys = [userKey], addresses = [{Email: 'demo@proton.test', ID: 'a1', Keys: [addressKey]}], raw = {}}: Service = {}) => {
    await suite.home.writeSession(suite.server.url, 'default', {KeyPassphrase: sealPassphrase(PASSPHRASE, clientKey, TOKENS.UID)})
    suite.server.handle(
      jsonAnswers(({url}: Recorded) => {
        if (url in raw) return [200, raw[url]]
        if (url === '/auth/v4/sessions/local/key') return [200, {ClientKey: clientKey.toString('base64'), Code: 1000}]
        if (url === '/core/v4/users') return [200, {Code: 1000, User: {ID: 'u', Keys: userKeys}}]
        if (url === '/core/v4/addresses') return [200, {Addresses: addresses, Code: 1000}]
        if (url === '/core/v4/keys/all?Email=sandbox%40proton.test') return [200, {Address: {Keys: [{PublicKey: KEY_FIXTURE.senderPublicKey}]}, Code: 1000}]
        if (url.startsWith('/core/v4/keys/all')) return [200, {Address: {Keys: []}, Code: 1000}]
        const message = messages[url.replace('/mail/v4/messages/', '')]
        return message ? [200, {Code: 1000, Message: message}] : [404, {Code: 2501, Error: 'Message does not exist'}]
      }),
    )
  }

  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => ({message: (error as Error).message, status: (error as CliFailure).exitStatus ?? (error as {status?: number}).status}),
    )
  const paths = () => suite.server.requests.map(({url}) => url).sort()

  it('opens a signed body: decrypted, verified with the sender’s published key; the keys fetched and unlocked once for every message of the run', async () => {
    await serve()
    const run = testRun(suite.home, {env: ENV})
    const opened = await openMessage(run.invocation, 'm1')
    expect(opened.body.toString('utf8')).to.match(/^Welcome to the Proton sandbox\.\r?\n/)
    expect(opened.verification).to.equal('verified')
    expect(opened.senderKeys).to.deep.equal([KEY_FIXTURE.senderPublicKey])
    expect(opened.message).to.deep.equal(welcome)
    // The second message of the same run: only the message and its sender's keys are asked for.
    const second = await openMessage(run.invocation, 'm2')
    expect(second.verification).to.equal('unsigned')
    expect(second.body.toString('utf8')).to.match(/^Hi,\r?\n\r?\nlunch on Friday/)
    expect(paths()).to.deep.equal([
      '/auth/v4/sessions/local/key',
      '/core/v4/addresses',
      '/core/v4/keys/all?Email=alex%40proton.test',
      '/core/v4/keys/all?Email=sandbox%40proton.test',
      '/core/v4/users',
      '/mail/v4/messages/m1',
      '/mail/v4/messages/m2',
    ])
    expect(run.stderr()).to.equal('')
  })

  it('a message already fetched is not asked for again; without sender keys, the signature is unverified and no keys are asked for', async () => {
    await serve()
    const run = testRun(suite.home, {env: ENV})
    const opened = await openMessage(run.invocation, 'm1', {message: welcome, withSenderKeys: false})
    expect(opened.verification).to.equal('unverified')
    expect(opened.senderKeys).to.deep.equal([])
    expect(paths()).to.deep.equal(['/auth/v4/sessions/local/key', '/core/v4/addresses', '/core/v4/users'])
    // No sender address: no keys asked for either.
    expect((await openMessage(testRun(suite.home, {env: ENV}).invocation, 'm1', {message: {...welcome, Sender: {Address: 7}}})).verification).to.equal('unverified')
    expect(paths().filter((path) => path.startsWith('/core/v4/keys'))).to.deep.equal([])
  })

  it('malformed key entries are skipped with a note, the keys past them unlocked', async () => {
    await serve({addresses: [{Email: 'demo@proton.test', ID: 'a1', Keys: [7, addressKey]}], userKeys: [null, userKey]})
    const run = testRun(suite.home, {env: ENV})
    expect((await openMessage(run.invocation, 'm1')).verification).to.equal('verified')
    // A second message of the same address: its keys are not unlocked (nor noted) again.
    expect((await openMessage(run.invocation, 'm2')).verification).to.equal('unsigned')
    expect(run.stderr()).to.equal('Note: skipped 1 malformed entry of User.Keys (not a key object)\nNote: skipped 1 malformed entry of the keys of address demo@proton.test (not a key object)\n')
  })

  it('refused, naming the message: an address not of this account, one whose keys do not open, no Body, a tampered Body; a failed request ends with its status', async () => {
    const tampered = welcome.Body.split('\n')
    const at = Math.floor(tampered.length / 2)
    tampered[at] = (tampered[at][0] === 'A' ? 'B' : 'A') + tampered[at].slice(1)
    await serve({
      addresses: [
        {Email: 'demo@proton.test', ID: 'a1', Keys: [addressKey]},
        'not an address',
        {
          Email: 'broken@proton.test',
          ID: 'a2',
          Keys: [
            {...addressKey, Signature: KEY_FIXTURE.addressKeys[1].Signature},
            {...addressKey, ID: 'ak2', Signature: KEY_FIXTURE.addressKeys[1].Signature},
          ],
        },
      ],
      messages: {
        m1: welcome,
        m3: {...welcome, AddressID: 'elsewhere'},
        m4: {...welcome, AddressID: 'a2'},
        m5: {...welcome, Body: ''},
        m6: {...welcome, Body: tampered.join('\n')},
        m8: {...welcome, Body: 7 as unknown as string},
      },
    })
    const open = (id: string) => refusal(openMessage(testRun(suite.home, {env: ENV}).invocation, id))
    expect(await open('m3')).to.deep.equal({message: "message m3: its address elsewhere is not one of this account's", status: 1})
    expect(await open('m4')).to.satisfy(
      ({message, status}: {message: string; status: number}) =>
        status === 1 && /^message m4: no key of its address broken@proton\.test could be unlocked \(address key ak: .+; address key ak2: .+\)$/.test(message),
    )
    expect(await open('m5')).to.deep.equal({message: 'message m5: the answer carries no Body', status: 1})
    expect(await open('m8')).to.deep.equal({message: 'message m8: the answer carries no Body', status: 1})
    const m6 = await open('m6')
    expect(m6?.status).to.equal(1)
    expect(m6?.message).to.match(/^message m6: cannot decrypt its body: \S/)
    const run = testRun(suite.home, {env: ENV})
    expect(await exitOf(openMessage(run.invocation, 'm7'))).to.equal(3)
    expect(run.stderr()).to.match(/message m7.*Message does not exist/)
    // An ID that cannot go into the path: refused as the message ID, before anything is sent for it.
    const dotted = await open('..')
    expect(dotted?.status).to.equal(1)
    expect(dotted?.message).to.match(/^the message ID /)
  })

  it('user keys the passphrase does not open: refused, saying to log in again; keys refused only for their Argon2 cost: a bound, exit 5', async () => {
    await serve({userKeys: [{...userKey, PrivateKey: KEY_FIXTURE.addressKeys[0].PrivateKey}]})
    expect(await refusal(openMessage(testRun(suite.home, {env: ENV}).invocation, 'm1'))).to.deep.equal({
      message: 'the stored key passphrase no longer unlocks the user keys (the password changed?): run "proton auth login" again',
      status: 2,
    })
    await serve({
      userKeys: [
        {ID: 'costly', PrivateKey: argon2('memory.asc')},
        {ID: 'slow', PrivateKey: argon2('passes.asc')},
      ],
    })
    const costly = await refusal(openMessage(testRun(suite.home, {env: ENV}).invocation, 'm1'))
    expect(costly).to.deep.equal({
      message:
        'no user key could be unlocked (user key costly: its Argon2 S2K asks for 1 GiB of memory and 3 passes, more than the 256 MiB and 8 passes allowed; user key slow: its Argon2 S2K asks for 64 MiB of memory and 9 passes, more than the 256 MiB and 8 passes allowed)',
      status: 5,
    })
    // One address key opens, another is refused for its cost: the message opens.
    await serve({addresses: [{Email: 'demo@proton.test', ID: 'a1', Keys: [{ID: 'costly', PrivateKey: argon2('passes.asc')}, addressKey]}]})
    expect((await openMessage(testRun(suite.home, {env: ENV}).invocation, 'm1')).verification).to.equal('verified')
    // A legacy address key (no Token: the key passphrase itself) asking too much: the message named, exit 5.
    await serve({addresses: [{Email: 'demo@proton.test', ID: 'a1', Keys: [{ID: 'costly', PrivateKey: argon2('passes.asc')}]}]})
    expect(await refusal(openMessage(testRun(suite.home, {env: ENV}).invocation, 'm1'))).to.deep.equal({
      message:
        'message m1: no key of its address demo@proton.test could be unlocked (address key costly: its Argon2 S2K asks for 64 MiB of memory and 9 passes, more than the 256 MiB and 8 passes allowed)',
      status: 5,
    })
  })

  it('answers that are not records (a null message, user or address list, Addresses not a list): refused with their lines, not a TypeError', async () => {
    const answering = async (raw: Record<string, string>) => {
      await serve({raw})
      return refusal(openMessage(testRun(suite.home, {env: ENV}).invocation, 'm1'))
    }

    expect(await answering({'/mail/v4/messages/m1': 'null'})).to.deep.equal({message: "message m1: its address undefined is not one of this account's", status: 1})
    expect(await answering({'/core/v4/users': 'null'})).to.deep.equal({
      message: 'the stored key passphrase no longer unlocks the user keys (the password changed?): run "proton auth login" again',
      status: 2,
    })
    for (const addresses of ['null', '{"Code":1000,"Addresses":"a1"}']) {
      expect(await answering({'/core/v4/addresses': addresses})).to.deep.equal({message: "message m1: its address a1 is not one of this account's", status: 1})
    }
  })

  it('decryptBody: a body over the bound is stopped, exit 5, nothing printed', async () => {
    await serve()
    const withKeys = await messageWithKeys(testRun(suite.home, {env: ENV}).invocation, 'm1')
    expect(withKeys.bound.bytes).to.equal(64 * 1024 * 1024)
    expect((await messageWithKeys(testRun(suite.home, {env: ENV, flags: {'max-size': '1MiB'}}).invocation, 'm1')).bound.bytes).to.equal(1024 * 1024)
    expect(await refusal(decryptBody({...withKeys, bound: {bytes: 16, name: '--max-size (16 B)'}}))).to.deep.equal({
      message: 'message m1: its decrypted body is over --max-size (16 B): stopped decrypting it; nothing printed',
      status: 5,
    })
  })

  it('openTree: a tree without a multipart/signed keeps the outer verdict; a body that is not MIME refused, one over the bound exit 5', async () => {
    const fail = (cause: string) => new CliFailure(`message m: ${cause}`, 1)
    const mime = Buffer.from('Content-Type: text/plain; charset=utf-8\r\n\r\nHello\r\n')
    const opened = {body: mime, message: {Sender: {Address: 'sam@example.test'}}, senderKeys: [], verification: 'verified' as const}
    const tree = await openTree(opened, fail)
    expect(tree.verification).to.equal('verified')
    expect(tree.parsed.signed).to.equal(undefined)
    expect((await openTree({...opened, verification: 'unsigned'}, fail)).verification).to.equal('unsigned')
    expect(await refusal(openTree({...opened, body: Buffer.from('no header block')}, fail))).to.deep.equal({message: 'message m: the decrypted body is not MIME (no header block)', status: 1})
    // A tree without a text part: refused unless asked not to (mail attachments, mail download).
    const attachmentOnly = {...opened, body: Buffer.from('Content-Type: application/octet-stream\r\nContent-Disposition: attachment; filename="a.bin"\r\n\r\nxyz\r\n')}
    expect((await refusal(openTree(attachmentOnly, fail)))?.message).to.match(/^message m: its MIME tree has no text part/)
    expect((await openTree(attachmentOnly, fail, {requireText: false})).parsed.text).to.equal(undefined)
    // A memory-hole subject is taken when its From is the message's sender, in any case; else not.
    const hidden = Buffer.from(
      [
        'Content-Type: multipart/mixed; boundary=o',
        'Subject: outer',
        '',
        '--o',
        'Content-Type: text/plain',
        '',
        'text',
        '--o',
        'Content-Type: text/rfc822-headers',
        '',
        'From: <sam@example.test>',
        'Subject: the hidden one',
        '',
        '--o--',
        '',
      ].join('\r\n'),
    )
    expect((await openTree({...opened, body: hidden, message: {Sender: {Address: 'Sam@Example.test'}}}, fail)).parsed.subject).to.equal('the hidden one')
    for (const Sender of [{Address: 'eve@example.test'}, {Address: 7}, 'sam@example.test', null]) {
      expect((await openTree({...opened, body: hidden, message: {Sender}}, fail)).parsed.subject).to.equal('outer')
    }

    const huge = await refusal(openTree({...opened, body: Buffer.from('Content-Type: text/plain\r\n\r\n' + 'x\n'.repeat(100_001))}, fail))
    expect(huge?.status).to.equal(5)
    expect(huge?.message).to.match(/^message m: its MIME body has \d+ lines, more than the 100000 this tool takes apart$/)
  })
})

describe('read-message: openTree checks a multipart/signed made by GnuPG when the outer message is unsigned', function () {
  this.timeout(30_000)
  const gnupg = gnupgHome('read-message-gpg-')
  const crlf = (lines: string[]) => lines.join('\r\n')
  const ENTITY = crlf(['Content-Type: text/plain; charset=utf-8', '', 'Signed by sam'])
  const tree = (entity: string, signature: string) =>
    Buffer.from(
      crlf([
        'Content-Type: multipart/signed; micalg=pgp-sha256; protocol="application/pgp-signature"; boundary="S"',
        '',
        '--S',
        entity,
        '--S',
        'Content-Type: application/pgp-signature',
        '',
        signature.trim(),
        '--S--',
        '',
      ]),
    )
  const fail = (cause: string) => new CliFailure(`message m: ${cause}`, 1)
  let sam = ''
  let signature = ''

  before(() => {
    gnupg.open()
    gnupg.makeKey('sam@example.test')
    sam = gnupg.gpg(['--armor', '--export', 'sam@example.test']).stdout.toString()
    signature = gnupg.gpg(['--armor', '--local-user', 'sam@example.test', '--detach-sign', '--output', '-'], ENTITY).stdout.toString()
  })

  after(() => gnupg.close())

  it('unsigned outside, signed inside by the sender: verified; the entity changed: failed; no sender key: unverified; an outer verdict stands', async () => {
    const opened = (body: Buffer, verification: 'failed' | 'unsigned', senderKeys = [sam]) => ({body, message: {Sender: {Address: 'sam@example.test'}}, senderKeys, verification})
    expect((await openTree(opened(tree(ENTITY, signature), 'unsigned'), fail)).verification).to.equal('verified')
    expect((await openTree(opened(tree(ENTITY.replace('sam', 'eve'), signature), 'unsigned'), fail)).verification).to.equal('failed')
    expect((await openTree(opened(tree(ENTITY, signature), 'unsigned', []), fail)).verification).to.equal('unverified')
    // The outer message's own signature failed: that verdict stands, whatever the inner one says.
    expect((await openTree(opened(tree(ENTITY, signature), 'failed'), fail)).verification).to.equal('failed')
  })
})
