/**
 * Attachments embedded in a PGP/MIME message (issue 21), the built binary
 * against `proton sandbox`: mail attachments lists them after the service's
 * (IDs "mime:N"), mail download writes them (all, or the one --attachment
 * names) with the guarantees of the service's attachments (a safe name
 * inside --dir, never over a file, 0600, one stdout line each), their
 * signature being the message's; mail read shows a protected subject. The
 * seeded message from sam@example.test (src/sandbox/fixtures/mime-fixture.ts),
 * and MIME trees the tests encrypt to the address key and add (POST
 * /__sandbox/messages).
 */
import {expect} from 'chai'
import {mkdirSync, readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import * as openpgp from 'openpgp'

import {MIME_FIXTURE} from '../../src/sandbox/fixtures/mime-fixture.ts'
import {crlf, pgpMimeSuite} from '../helpers/pgp-mime-suite.ts'
import {baseEnv, runBinary} from '../helpers/run-binary.ts'
import {sandboxFetch} from '../helpers/sandbox-process.ts'

const b64 = (content: string | Buffer) => Buffer.from(content).toString('base64')
/** The seeded message's CSV attachment (scripts/generate-sandbox-mime.js). */
const CSV = 'quarter,revenue,costs\r\nQ1,120000,80000\r\n'
const quote = (text: string) => text.replaceAll(/[+=()[\].*?]/g, (character) => `\\${character}`)

/** A multipart/mixed tree: a text part, then each attachment (base64 unless `raw` gives its encoded body as it is). */
function tree(attachments: Array<{name?: string; type?: string; content?: string | Buffer; raw?: string; headers?: string[]}>, headers: string[] = []): string {
  return crlf([
    'Content-Type: multipart/mixed; boundary="mix"',
    ...headers,
    '',
    '--mix',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'See the attached files.',
    ...attachments.flatMap(({content = 'x', headers: extra, name, raw, type = 'application/octet-stream'}) => [
      '--mix',
      ...(extra ?? [`Content-Type: ${type}${name === undefined ? '' : `; name="${name}"`}`, `Content-Disposition: attachment${name === undefined ? '' : `; filename="${name}"`}`]),
      'Content-Transfer-Encoding: base64',
      '',
      raw ?? b64(content),
    ]),
    '--mix--',
    '',
  ])
}

describe('PGP/MIME attachments: mail attachments, mail download, protected subjects (built binary)', function () {
  this.timeout(60_000)
  const pgp = pgpMimeSuite()
  const {addMime, proton, suite} = pgp
  let directories = 0
  const freshDir = () => {
    const path = join(suite.home.home, `mime-downloads-${++directories}`, 'inside')
    mkdirSync(path, {recursive: true})
    return path
  }

  it('mail attachments lists the embedded attachment (ID mime:1, name, type, size; piped: tab-separated, no header); --output json in the service’s shape', async () => {
    const text = await proton(['mail', 'attachments', '--', pgp.samId])
    expect(text.status, text.stderr).to.equal(0)
    expect(text.stderr).to.equal('')
    expect(text.stdout.toString('utf8')).to.equal('mime:1\tq1-figures.csv\ttext/csv\t40 B\n')
    const json = await proton(['mail', 'attachments', '--output', 'json', '--', pgp.samId])
    expect(json.status, json.stderr).to.equal(0)
    expect(JSON.parse(json.stdout.toString('utf8'))).to.deep.equal({
      Attachments: [{ContentID: null, Disposition: 'attachment', ID: 'mime:1', MIMEType: 'text/csv', Name: 'q1-figures.csv', Size: 40}],
    })
    // mail read names the same ID in its JSON.
    const read = JSON.parse((await proton(['mail', 'read', '--output', 'json', '--', pgp.samId])).stdout.toString('utf8')) as {MIME: {Attachments: Array<{ID: string}>}}
    expect(read.MIME.Attachments.map(({ID}) => ID)).to.deep.equal(['mime:1'])
  })

  it('listing needs the keys only for a PGP/MIME message, never the sender’s keys; a session without keys lists the service’s attachments and says what to run for a PGP/MIME one (exit 2)', async () => {
    expect((await sandboxFetch(suite.sandbox, 'stats', {method: 'DELETE'})).status).to.equal(200)
    expect((await proton(['mail', 'attachments', '--', pgp.samId])).status).to.equal(0)
    const {Requests: requests} = (await (await sandboxFetch(suite.sandbox, 'stats')).json()) as {Requests: Array<{Method: string; Path: string}>}
    const paths = requests.map(({Method, Path}) => `${Method} ${Path}`)
    // The message is fetched once (not again with the keys), and the sender's keys are not asked for.
    expect(paths.filter((path) => path.startsWith('GET /mail/v4/messages/'))).to.have.length(1)
    expect(paths).to.include('GET /core/v4/addresses').and.not.include('GET /core/v4/keys/all')

    const stored = JSON.parse(readFileSync(join(suite.home.home, 'proton-cli', 'sessions', 'reader.json'), 'utf8')) as Record<string, string>
    const env = baseEnv(suite.home.home, {PROTON_ACCESS_TOKEN: stored.AccessToken, PROTON_UID: stored.UID, TZ: 'UTC'})
    const list = JSON.parse((await runBinary(['mail', 'list', '--api-url', suite.sandbox.url, '--output', 'json'], {env})).stdout.toString('utf8')) as {Messages: Array<{ID: string; Subject: string}>}
    const invoice = list.Messages.find(({Subject}) => Subject === 'Your March invoice')?.ID ?? ''
    const service = await runBinary(['mail', 'attachments', '--api-url', suite.sandbox.url, '--', invoice], {env})
    expect(service.status, service.stderr).to.equal(0)
    expect(service.stdout.toString('utf8')).to.include('invoice-2025-03.txt')
    const mime = await runBinary(['mail', 'attachments', '--api-url', suite.sandbox.url, '--', pgp.samId], {env})
    expect(mime.status).to.equal(2)
    expect(mime.stdout.length).to.equal(0)
    expect(mime.stderr).to.match(/carries no keys: run "proton auth login"/)
  })

  it('mail download writes it (0600, its path on stdout), the message’s verified signature named on stderr', async () => {
    const dir = freshDir()
    const result = await proton(['mail', 'download', '--dir', dir, '--', pgp.samId])
    expect(result.status, result.stderr).to.equal(0)
    expect(result.stdout.toString('utf8')).to.equal(`${join(dir, 'q1-figures.csv')}\n`)
    expect(result.stderr).to.equal('attachment mime:1 (q1-figures.csv): signature verified (signed by sam@example.test: the message’s signature, over its whole MIME tree)\n')
    expect(readFileSync(join(dir, 'q1-figures.csv'), 'utf8')).to.equal(CSV)
    expect(statSync(join(dir, 'q1-figures.csv')).mode & 0o777).to.equal(0o600)
    expect(readdirSync(dir)).to.deep.equal(['q1-figures.csv'])
  })

  it('--attachment mime:N writes that one alone; an ID the tree does not hold is a usage error, nothing written', async () => {
    const id = await addMime(
      tree([
        {content: 'first', name: 'a.txt'},
        {content: Buffer.from([0, 1, 2, 255]), name: 'b.bin'},
        {content: 'third', name: 'c.txt'},
      ]),
    )
    const listing = (await proton(['mail', 'attachments', '--', id])).stdout.toString('utf8').split('\n')
    expect(listing.slice(0, 3).map((line) => line.split('\t').slice(0, 2).join(' '))).to.deep.equal(['mime:1 a.txt', 'mime:2 b.bin', 'mime:3 c.txt'])
    const dir = freshDir()
    const one = await proton(['mail', 'download', '--attachment', 'mime:2', '--dir', dir, '--', id])
    expect(one.status, one.stderr).to.equal(0)
    expect(one.stdout.toString('utf8')).to.equal(`${join(dir, 'b.bin')}\n`)
    expect(readFileSync(join(dir, 'b.bin'))).to.deep.equal(Buffer.from([0, 1, 2, 255]))
    expect(one.stderr).to.equal('attachment mime:2 (b.bin): unverified: the message it came in carries no signature\n')
    const unknown = await proton(['mail', 'download', '--attachment', 'mime:4', '--dir', dir, '--', id])
    expect(unknown.status).to.equal(1)
    expect(unknown.stderr).to.include(`has no attachment mime:4 (see "mail attachments ${id}")`)
    expect(readdirSync(dir)).to.deep.equal(['b.bin'])
    const all = await proton(['mail', 'download', '--dir', freshDir(), '--', id])
    expect(all.status, all.stderr).to.equal(0)
    expect(
      all.stdout
        .toString('utf8')
        .trimEnd()
        .split('\n')
        .map((path) => path.slice(path.lastIndexOf('/') + 1)),
    ).to.deep.equal(['a.txt', 'b.bin', 'c.txt'])
  })

  it('hostile names from inside the tree stay inside --dir: traversal, control characters, a very long name; an existing file is never replaced', async () => {
    const long = `${'l'.repeat(300)}.txt`
    const names = ['../../x', 'evil\u0007\u001b[31m.txt', long, 'q1.csv']
    const id = await addMime(tree(names.map((name) => ({content: `content of ${name.length}`, name}))))
    const dir = freshDir()
    writeFileSync(join(dir, 'q1.csv'), 'mine')
    const result = await proton(['mail', 'download', '--dir', dir, '--', id])
    expect(result.status, result.stderr).to.equal(0)
    const written = readdirSync(dir).sort()
    expect(written).to.have.length(5)
    const longWritten = written.find((name) => name.startsWith('lll')) ?? ''
    expect(Buffer.byteLength(longWritten)).to.equal(200)
    expect(longWritten.endsWith('.txt')).to.equal(true)
    expect(written).to.deep.equal([longWritten, '_.._x', 'evil__[31m.txt', 'q1 (1).csv', 'q1.csv'].sort())
    expect(readFileSync(join(dir, 'q1.csv'), 'utf8')).to.equal('mine')
    expect(readFileSync(join(dir, 'q1 (1).csv'), 'utf8')).to.equal('content of 6')
    expect(readFileSync(join(dir, '_.._x'), 'utf8')).to.equal('content of 7')
    for (const name of written.filter((name) => name !== 'q1.csv')) expect(statSync(join(dir, name)).mode & 0o777).to.equal(0o600)
    // Nothing beside --dir, nor above it; every stdout line a file inside it.
    expect(readdirSync(join(dir, '..'))).to.deep.equal(['inside'])
    expect(result.stdout.toString('utf8').trimEnd().split('\n'))
      .to.have.length(4)
      .and.satisfy((lines: string[]) => lines.every((line) => line.startsWith(`${dir}/`)))
    expect(result.stderr).to.include('Note: attachment mime:1: its name "../../x" is not a safe file name; written as _.._x')
    expect(result.stderr).to.include(`Note: ${join(dir, 'q1.csv')} exists and was left as it is; written as ${join(dir, 'q1 (1).csv')}`)
    expect(result.stderr).to.not.include('\u0007').and.not.include('\u001b')
  })

  it('a damaged base64 part: listed with a note; mail download writes the others, then names each damaged one (exit 1)', async () => {
    const id = await addMime(
      tree([
        {name: 'damaged.bin', raw: 'QUJD\r\n!!*** not base64 ***!!\r\nREVG'},
        {content: 'fine', name: 'fine.txt'},
        {name: 'cut.bin', raw: 'QUJDRE'},
      ]),
    )
    const listing = await proton(['mail', 'attachments', '--', id])
    expect(listing.status, listing.stderr).to.equal(0)
    expect(listing.stdout.toString('utf8')).to.match(/^mime:1\tdamaged\.bin\tapplication\/octet-stream\t\d+ B\n/m)
    expect(listing.stderr).to.equal(
      'Note: attachment mime:1 (damaged.bin): its base64 body holds "!" on line 2: "mail download" will not write it\n' +
        'Note: attachment mime:3 (cut.bin): its base64 body is cut short (6 characters, not a multiple of 4): "mail download" will not write it\n',
    )
    const dir = freshDir()
    const result = await proton(['mail', 'download', '--dir', dir, '--', id])
    expect(result.status).to.equal(1)
    // The damaged part comes first: the one after it is written all the same.
    expect(result.stdout.toString('utf8')).to.equal(`${join(dir, 'fine.txt')}\n`)
    expect(readdirSync(dir)).to.deep.equal(['fine.txt'])
    expect(readFileSync(join(dir, 'fine.txt'), 'utf8')).to.equal('fine')
    expect(result.stderr).to.equal(
      `Error: message ${id}: attachment mime:1 (damaged.bin): its base64 body holds "!" on line 2: it cannot be saved as the sender wrote it; nothing written\n` +
        'attachment mime:2 (fine.txt): unverified: the message it came in carries no signature\n' +
        `Error: message ${id}: attachment mime:3 (cut.bin): its base64 body is cut short (6 characters, not a multiple of 4): it cannot be saved as the sender wrote it; nothing written\n` +
        `Error: message ${id}: 2 of 3 attachments not saved (see above); the others were written\n`,
    )
    const cut = await proton(['mail', 'download', '--attachment', 'mime:3', '--dir', dir, '--', id])
    expect(cut.status).to.equal(1)
    expect(cut.stderr).to.match(/^Error: message \S+: attachment mime:3 \(cut\.bin\): its base64 body is cut short .*; nothing written\n$/)
  })

  it('a signature that FAILS (a multipart/signed by a key that is not the sender’s): each file written, a WARNING even with --quiet, exit 1 naming them', async () => {
    const impostor = await openpgp.generateKey({curve: 'curve25519Legacy', format: 'object', type: 'ecc', userIDs: [{email: MIME_FIXTURE.senderAddress}]})
    const entity = tree([{content: 'wire 1000 EUR', name: 'order.txt'}])
    const signature = await openpgp.sign({detached: true, format: 'armored', message: await openpgp.createMessage({binary: Buffer.from(entity)}), signingKeys: impostor.privateKey})
    const mime = crlf([
      'Content-Type: multipart/signed; micalg=pgp-sha512; protocol="application/pgp-signature"; boundary="s"',
      '',
      '--s',
      entity,
      '--s',
      'Content-Type: application/pgp-signature',
      '',
      signature,
      '--s--',
      '',
    ])
    const id = await addMime(mime, {sender: MIME_FIXTURE.senderAddress})
    const dir = freshDir()
    const result = await proton(['mail', 'download', '--quiet', '--dir', dir, '--', id])
    expect(result.status).to.equal(1)
    expect(readFileSync(join(dir, 'order.txt'), 'utf8')).to.equal('wire 1000 EUR')
    expect(result.stdout.toString('utf8')).to.equal(`${join(dir, 'order.txt')}\n`)
    const lines = result.stderr.trimEnd().split('\n')
    expect(lines).to.have.length(2)
    expect(lines[0]).to.equal(
      `WARNING: attachment mime:1 (order.txt): the message’s signature (over its whole MIME tree) FAILED verification against the keys of sam@example.test: the file may have been tampered with; written all the same as ${join(dir, 'order.txt')}`,
    )
    expect(lines[1]).to.match(
      new RegExp(`^Error: message ${quote(id)}: the signature of attachment mime:1 \\(order\\.txt\\) FAILED verification \\(see the warning above\\); the file was written all the same$`),
    )
  })

  it('the signature of the encrypted message itself counts for its parts; without a key of the sender’s it is "unverified" and says why', async () => {
    const signer = await openpgp.generateKey({curve: 'curve25519Legacy', format: 'object', type: 'ecc', userIDs: [{email: 'nokey@example.test'}]})
    const id = await addMime(tree([{content: 'signed data', name: 'data.txt'}]), {sender: 'nokey@example.test', signingKeys: signer.privateKey})
    const result = await proton(['mail', 'download', '--dir', freshDir(), '--', id])
    expect(result.status, result.stderr).to.equal(0)
    expect(result.stderr).to.equal('attachment mime:1 (data.txt): unverified: no public key of nokey@example.test is known to check the message’s signature (over its whole MIME tree) with\n')
  })

  it('a tree with attachments and no text part: mail read refuses it, mail attachments and mail download take it', async () => {
    const id = await addMime(
      crlf(['Content-Type: multipart/mixed; boundary=b', '', '--b', 'Content-Type: application/pdf', 'Content-Disposition: attachment; filename=a.pdf', '', '%PDF-1.4', '--b--', '']),
    )
    expect((await proton(['mail', 'read', '--', id])).status).to.equal(1)
    const listing = await proton(['mail', 'attachments', '--', id])
    expect(listing.status, listing.stderr).to.equal(0)
    expect(listing.stdout.toString('utf8')).to.match(/^mime:1\ta\.pdf\tapplication\/pdf\t\d+ B\n$/m)
    const dir = freshDir()
    const result = await proton(['mail', 'download', '--dir', dir, '--', id])
    expect(result.status, result.stderr).to.equal(0)
    expect(readFileSync(join(dir, 'a.pdf'), 'utf8').startsWith('%PDF-1.4')).to.equal(true)
  })

  describe('protected subjects', () => {
    const headerPart = (from: string, subject: string) => ({
      content: crlf([`From: Sender <${from}>`, `Subject: ${subject}`, '']),
      headers: ['Content-Type: text/rfc822-headers; protected-headers="v1"', 'Content-Disposition: inline'],
    })

    it('a memory-hole text/rfc822-headers part from the sender: its subject shown, marked end-to-end encrypted, when the service says "..."', async () => {
      const id = await addMime(tree([headerPart('pgp@example.test', 'Merger plans for =?utf-8?q?Q3_=E2=82=AC?=')]), {subject: '...'})
      const result = await proton(['mail', 'read', '--', id])
      expect(result.status, result.stderr).to.equal(0)
      expect(result.stdout.toString('utf8')).to.match(/\nSubject: +Merger plans for Q3 € \(end-to-end encrypted\)\n/)
      const json = JSON.parse((await proton(['mail', 'read', '--output', 'json', '--', id])).stdout.toString('utf8')) as {Subject: string; MIME: {Subject: string; Attachments: Array<{Name: string}>}}
      expect(json.Subject).to.equal('...')
      expect(json.MIME.Subject).to.equal('Merger plans for Q3 €')
      expect(json.MIME.Attachments.map(({Name}) => Name)).to.deep.equal(['Encrypted Headers.txt'])
    })

    it('a header part whose From is not the sender is not believed; the top entity’s Subject is then the protected one', async () => {
      const id = await addMime(tree([headerPart('someone@else.test', 'Forged subject')], ['Subject: The real subject']), {subject: '...'})
      const out = (await proton(['mail', 'read', '--', id])).stdout.toString('utf8')
      expect(out)
        .to.match(/\nSubject: +The real subject \(end-to-end encrypted\)\n/)
        .and.not.include('Forged')
    })

    it('a protected subject that differs from a real service subject: both named; the same one, or none: the service’s as it is', async () => {
      const differs = await addMime(tree([], ['Subject: Inner']), {subject: 'Outer'})
      expect((await proton(['mail', 'read', '--', differs])).stdout.toString('utf8')).to.match(/\nSubject: +Inner \(end-to-end encrypted; the unencrypted subject says "Outer"\)\n/)
      const same = await addMime(tree([], ['Subject: Same']), {subject: 'Same'})
      expect((await proton(['mail', 'read', '--', same])).stdout.toString('utf8')).to.match(/\nSubject: +Same\n/)
      const none = await addMime(tree([]), {subject: '...'})
      expect((await proton(['mail', 'read', '--', none])).stdout.toString('utf8')).to.match(/\nSubject: +\.\.\.\n/)
    })
  })
})
