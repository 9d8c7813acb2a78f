/**
 * Attachments end to end (issue 21): the built binary against `proton
 * sandbox`. mail attachments lists them; mail download fetches GET
 * /mail/v4/attachments/ID, decrypts with the KeyPackets and the address
 * keys, and writes into --dir: the content as sent, names the sender chose
 * kept inside --dir, an existing file never replaced, and a tampered data
 * packet leaving nothing behind; each attachment's signature checked against
 * the sender's published keys (verified, unverified, FAILED). Messages with
 * hostile attachments are added through the sandbox's POST /__sandbox/messages.
 */
import {expect} from 'chai'
import {mkdirSync, readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import * as openpgp from 'openpgp'

import {KEY_FIXTURE} from '../../src/sandbox/fixtures/key-fixture.ts'
import {type FixtureAttachment, readerSuite} from '../helpers/pgp-mime-suite.ts'
import {sandboxFetch} from '../helpers/sandbox-process.ts'

/** The fixture attachment's plaintext (scripts/generate-sandbox-keys.js). */
const INVOICE = 'Invoice 2025-03\nMail Plus, one month: 4.99 EUR\n'

describe('mail attachments and mail download against the sandbox (built binary)', function () {
  this.timeout(60_000)
  const {addFixtureMessage, proton, suite} = readerSuite()
  let invoiceId = ''
  let attachmentId = ''
  let plainId = ''
  let directories = 0
  const freshDir = () => {
    const path = join(suite.home.home, `downloads-${++directories}`, 'inside')
    mkdirSync(path, {recursive: true})
    return path
  }

  /**
   * A message (the fixture's first body) whose attachments are the fixture attachment under these names, Data and
   * Signature as given (default: none), from `sender` (default: one whose keys the sandbox does not know).
   */
  function addMessage(attachments: FixtureAttachment[], sender?: {Address: string; PublicKey?: string}): Promise<string> {
    return addFixtureMessage(attachments, {Subject: 'Attachments', ...(sender ? {Sender: {Name: 'Sender', ...sender}} : {})})
  }

  before(async () => {
    const list = JSON.parse((await proton(['mail', 'list', '--output', 'json'])).stdout.toString('utf8')) as {Messages: Array<{ID: string; Subject: string}>}
    invoiceId = list.Messages.find((message) => message.Subject === 'Your March invoice')?.ID ?? ''
    plainId = list.Messages.find((message) => message.Subject === 'Team lunch on Friday?')?.ID ?? ''
    expect(invoiceId).to.not.equal('')
  })

  it('mail attachments lists ID, name, type and size; --output json the records as the service sent them', async () => {
    const json = await proton(['mail', 'attachments', '--output', 'json', '--', invoiceId])
    expect(json.status, json.stderr).to.equal(0)
    const {Attachments: attachments} = JSON.parse(json.stdout.toString('utf8')) as {Attachments: Array<Record<string, unknown>>}
    expect(attachments).to.have.length(1)
    expect(attachments[0]).to.include({KeyPackets: KEY_FIXTURE.attachment.KeyPackets, MIMEType: 'text/plain', Name: 'invoice-2025-03.txt', Size: 47})
    attachmentId = String(attachments[0].ID)
    const text = (await proton(['mail', 'attachments', '--', invoiceId])).stdout.toString('utf8').split('\n')
    expect(text).to.deep.equal([`${attachmentId}\tinvoice-2025-03.txt\ttext/plain\t47 B`, ''])
    const none = await proton(['mail', 'attachments', '--', plainId])
    expect([none.stdout.toString('utf8'), none.stderr]).to.deep.equal(['', `message ${plainId} has no attachments\n`])
  })

  it('mail download writes the decrypted content into --dir (0600) and prints its path', async () => {
    const dir = freshDir()
    expect((await sandboxFetch(suite.sandbox, 'stats', {method: 'DELETE'})).status).to.equal(200)
    const result = await proton(['mail', 'download', '--dir', dir, '--', invoiceId])
    expect(result.status, result.stderr).to.equal(0)
    const {Requests: requests} = (await (await sandboxFetch(suite.sandbox, 'stats')).json()) as {Requests: Array<{Method: string; Path: string}>}
    const paths = requests.map(({Method, Path}) => `${Method} ${Path}`)
    // One segment as the clients write it: the base64url ID, = padding as it is.
    expect(paths).to.include(`GET /mail/v4/attachments/${encodeURIComponent(attachmentId).replaceAll('%3D', '=')}`)
    // The attachment is signed: the sender's keys are asked for, and the signature holds.
    expect(paths).to.include('GET /core/v4/keys/all')
    expect(result.stdout.toString('utf8')).to.equal(`${join(dir, 'invoice-2025-03.txt')}\n`)
    expect(result.stderr).to.equal(`attachment ${attachmentId} (invoice-2025-03.txt): signature verified (signed by billing@shop.test)\n`)
    expect(readFileSync(join(dir, 'invoice-2025-03.txt'), 'utf8')).to.equal(INVOICE)
    expect(readdirSync(dir)).to.deep.equal(['invoice-2025-03.txt'])
    expect(statSync(join(dir, 'invoice-2025-03.txt')).mode & 0o777).to.equal(0o600)
  })

  it('an existing file is never replaced: the next free name, and a note naming both', async () => {
    const dir = freshDir()
    writeFileSync(join(dir, 'invoice-2025-03.txt'), 'mine')
    writeFileSync(join(dir, 'invoice-2025-03 (1).txt'), 'mine too')
    const result = await proton(['mail', 'download', `--attachment=${attachmentId}`, '--dir', dir, '--', invoiceId])
    expect(result.status, result.stderr).to.equal(0)
    expect(readFileSync(join(dir, 'invoice-2025-03.txt'), 'utf8')).to.equal('mine')
    expect(readFileSync(join(dir, 'invoice-2025-03 (1).txt'), 'utf8')).to.equal('mine too')
    expect(readFileSync(join(dir, 'invoice-2025-03 (2).txt'), 'utf8')).to.equal(INVOICE)
    expect(result.stderr).to.include(`${join(dir, 'invoice-2025-03.txt')} exists and was left as it is; written as ${join(dir, 'invoice-2025-03 (2).txt')}`)
  })

  it('hostile names from the sender stay inside --dir: traversal, absolute paths, NUL, control characters, empty', async () => {
    const names = ['../../escape.txt', '/etc/cron.d/evil', '..', 'a\u0000b.txt', '\u001b[31mred\u001b[0m.txt', '', '.hidden', 'back\\..\\slash.txt']
    const id = await addMessage(names.map((Name) => ({Name})))
    const dir = freshDir()
    const result = await proton(['mail', 'download', '--dir', dir, '--', id])
    expect(result.status, result.stderr).to.equal(0)
    const written = readdirSync(dir).sort()
    expect(written).to.have.length(names.length)
    for (const name of written) {
      expect(name).to.not.match(/[\p{Cc}/\\]/u)
      expect(name.startsWith('.')).to.equal(false)
      expect(readFileSync(join(dir, name), 'utf8')).to.equal(INVOICE)
    }

    // ".." and "" both fall back to "attachment": the second one gets the next free name.
    expect(written).to.deep.equal(['_.._escape.txt', '_[31mred_[0m.txt', '_etc_cron.d_evil', 'a_b.txt', 'attachment', 'attachment (1)', 'back_.._slash.txt', 'hidden'])
    // Nothing beside --dir, nor above it.
    expect(readdirSync(join(dir, '..'))).to.deep.equal(['inside'])
    expect(
      result.stdout
        .toString('utf8')
        .trimEnd()
        .split('\n')
        .every((line) => line.startsWith(`${dir}/`)),
    ).to.equal(true)
    expect(result.stderr).to.include('its name "../../escape.txt" is not a safe file name; written as _.._escape.txt')
    expect(result.stderr).to.not.include('\u001b')
  })

  it('a tampered data packet: exit 1, one line naming the attachment, nothing written, not even a temporary file', async () => {
    const data = Buffer.from(KEY_FIXTURE.attachment.Data, 'base64')
    data[data.length - 5] ^= 0x01
    const id = await addMessage([{Data: data.toString('base64'), Name: 'tampered.txt'}])
    const dir = freshDir()
    const result = await proton(['mail', 'download', '--dir', dir, '--', id])
    expect(result.status).to.equal(1)
    expect(result.stdout.length).to.equal(0)
    expect(result.stderr).to.match(new RegExp(`^Error: message ${id.replaceAll(/[+=]/g, '.')}: attachment \\S+ \\(tampered\\.txt\\): cannot decrypt it: .+; nothing written\\n$`))
    expect(readdirSync(dir)).to.deep.equal([])
  })

  it('one attachment that cannot be saved does not stop the others: each failure named, a closing count, exit 1; stale temporary files of a gone process swept from --dir', async () => {
    const data = Buffer.from(KEY_FIXTURE.attachment.Data, 'base64')
    data[data.length - 5] ^= 0x01
    const id = await addMessage([{Name: 'one.txt'}, {Data: data.toString('base64'), Name: 'tampered.txt'}, {Name: 'three.txt'}])
    const dir = freshDir()
    // Left by a download that was killed (a pid no process can have), and one of a live process (this one).
    const stale = 'secret.pdf.2147483646.0123456789ab.tmp'
    const live = `secret.pdf.${process.pid}.0123456789ab.tmp`
    for (const name of [stale, live]) writeFileSync(join(dir, name), 'plaintext')
    const result = await proton(['mail', 'download', '--dir', dir, '--', id])
    expect(result.status).to.equal(1)
    expect(readdirSync(dir).sort()).to.deep.equal(['one.txt', live, 'three.txt'])
    expect(readFileSync(join(dir, 'three.txt'), 'utf8')).to.equal(INVOICE)
    expect(result.stdout.toString('utf8')).to.equal(`${join(dir, 'one.txt')}\n${join(dir, 'three.txt')}\n`)
    const lines = result.stderr.trimEnd().split('\n')
    expect(lines).to.have.length(5)
    expect(lines[0]).to.equal(`Note: removed 1 temporary file that an earlier run left in ${dir}`)
    expect(lines[1]).to.match(/^attachment \S+ \(one\.txt\): unverified: it carries no signature$/)
    expect(lines[2]).to.match(new RegExp(`^Error: message ${quote(id)}: attachment \\S+ \\(tampered\\.txt\\): cannot decrypt it: .+; nothing written$`))
    expect(lines[3]).to.match(/^attachment \S+ \(three\.txt\): unverified: it carries no signature$/)
    expect(lines[4]).to.equal(`Error: message ${id}: 1 of 3 attachments not saved (see above); the others were written`)
  })

  /** A detached signature over `text` by a new key, and that key's public half. */
  async function signedBy(email: string, text: string): Promise<{PublicKey: string; Signature: string}> {
    const {privateKey, publicKey} = await openpgp.generateKey({format: 'object', type: 'curve25519', userIDs: [{email}]})
    const Signature = await openpgp.sign({detached: true, format: 'armored', message: await openpgp.createMessage({binary: Buffer.from(text)}), signingKeys: privateKey})
    return {PublicKey: publicKey.armor(), Signature}
  }

  const quote = (text: string) => text.replaceAll(/[+=()[\].]/g, (character) => `\\${character}`)

  it('a signature that FAILS (not over this content): the file is still written, a WARNING even with --quiet, exit 1 naming it', async () => {
    const forged = await signedBy('forger@example.test', 'Invoice 2025-03\nMail Plus, one month: 0.01 EUR\n')
    const good = await signedBy('forger@example.test', INVOICE)
    // The sender publishes the key that made `forged` over other content: it does not hold for this one.
    const id = await addMessage(
      [
        {Name: 'forged.txt', Signature: forged.Signature},
        {Name: 'other-key.txt', Signature: good.Signature},
      ],
      {Address: 'forger@example.test', PublicKey: forged.PublicKey},
    )
    const dir = freshDir()
    const result = await proton(['mail', 'download', '--quiet', '--dir', dir, '--', id])
    expect(result.status).to.equal(1)
    expect(readdirSync(dir).sort()).to.deep.equal(['forged.txt', 'other-key.txt'])
    expect(readFileSync(join(dir, 'forged.txt'), 'utf8')).to.equal(INVOICE)
    expect(result.stdout.toString('utf8')).to.equal(`${join(dir, 'forged.txt')}\n${join(dir, 'other-key.txt')}\n`)
    const lines = result.stderr.trimEnd().split('\n')
    expect(lines).to.have.length(3)
    expect(lines[0]).to.match(
      new RegExp(
        `^WARNING: attachment \\S+ \\(forged\\.txt\\): its signature FAILED verification against the keys of forger@example\\.test: the file may have been tampered with; written all the same as ${quote(join(dir, 'forged.txt'))}$`,
      ),
    )
    expect(lines[1]).to.match(/^WARNING: attachment \S+ \(other-key\.txt\): its signature FAILED verification/)
    expect(lines[2]).to.match(
      new RegExp(
        `^Error: message ${quote(id)}: the signatures of 2 attachments \\(attachment \\S+ \\(forged\\.txt\\), attachment \\S+ \\(other-key\\.txt\\)\\) FAILED verification \\(see the warning above\\); the files were written all the same$`,
      ),
    )
  })

  it('no signature, or no key of the sender: written, "unverified" and why, exit 0; the keys are asked for only for a signature', async () => {
    const unsigned = await addMessage([{Name: 'unsigned.txt'}], {Address: 'billing@shop.test'})
    const dir = freshDir()
    expect((await sandboxFetch(suite.sandbox, 'stats', {method: 'DELETE'})).status).to.equal(200)
    const first = await proton(['mail', 'download', '--dir', dir, '--', unsigned])
    expect(first.status, first.stderr).to.equal(0)
    expect(first.stderr).to.match(/^attachment \S+ \(unsigned\.txt\): unverified: it carries no signature\n$/)
    const {Requests: requests} = (await (await sandboxFetch(suite.sandbox, 'stats')).json()) as {Requests: Array<{Path: string}>}
    expect(requests.map(({Path}) => Path)).to.not.include('/core/v4/keys/all')
    // The fixture's signature is good, but nobody publishes a key of this sender.
    const unknown = await addMessage([{Name: 'no-key.txt', Signature: KEY_FIXTURE.attachment.Signature}], {Address: 'stranger@example.test'})
    const second = await proton(['mail', 'download', '--dir', dir, '--', unknown])
    expect(second.status, second.stderr).to.equal(0)
    expect(second.stderr).to.match(/^attachment \S+ \(no-key\.txt\): unverified: no public key of stranger@example\.test is known to check its signature with\n$/)
    expect(readdirSync(dir).sort()).to.deep.equal(['no-key.txt', 'unsigned.txt'])
  })

  it('an unknown --attachment, or a --dir that is not a directory, is a usage error (exit 1) before anything is fetched', async () => {
    const unknown = await proton(['mail', 'download', '--attachment', 'nope', '--dir', freshDir(), '--', invoiceId])
    expect(unknown.status).to.equal(1)
    expect(unknown.stderr).to.include(`has no attachment nope (see "mail attachments ${invoiceId}")`)
    const file = join(suite.home.home, 'a-file')
    writeFileSync(file, '')
    const notDir = await proton(['mail', 'download', '--dir', file, '--', invoiceId])
    expect(notDir.status).to.equal(1)
    expect(notDir.stderr).to.include('is not a directory')
  })
})
