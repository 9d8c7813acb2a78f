/**
 * Hostile PGP/MIME mail (issue 26): what a stranger holding the user's
 * public key can send costs no more than the bounds the help states. The
 * messages are made here with OpenPGP.js (compressed, so that a few KiB of
 * mail carry megabytes of MIME) and added to the sandbox; the built binary
 * reads them as a child process whose peak RSS is measured.
 */
import {expect} from 'chai'
import {mkdtempSync, readdirSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import * as openpgp from 'openpgp'

import {HELD_MAX_BYTES} from '../../src/lib/http/max-size.ts'
import {MAX_MIME_LINES, MAX_MIME_PARTS} from '../../src/lib/mail/mime-body.ts'
import {MAX_HTML_DEPTH} from '../../src/lib/output/readable-html.ts'
import {KEY_FIXTURE} from '../../src/sandbox/fixtures/key-fixture.ts'
import {crlf, pgpMimeSuite} from '../helpers/pgp-mime-suite.ts'
import {baseEnv} from '../helpers/run-binary.ts'
import {runMeasured} from '../helpers/run-measured.ts'
import {sandboxFetch} from '../helpers/sandbox-process.ts'

/** The goal of issue 26: any message read in at most this much peak RSS. */
const PEAK_MIB = 512

describe('hostile PGP/MIME mail: bounded in memory and time (built binary)', function () {
  this.timeout(120_000)
  const mime = pgpMimeSuite()
  const env = () => baseEnv(mime.suite.home.home, {TZ: 'UTC'})

  /** A message whose Body is `text` encrypted to the address key (compressed: zlib), of that MIMEType; its ID. */
  async function addBody(text: string, MIMEType: string): Promise<string> {
    const addressKey = await openpgp.readPrivateKey({armoredKey: KEY_FIXTURE.addressKeys[0].PrivateKey})
    const Body = await openpgp.encrypt({
      config: {preferredCompressionAlgorithm: openpgp.enums.compression.zlib},
      encryptionKeys: addressKey.toPublic(),
      format: 'armored',
      message: await openpgp.createMessage({binary: Buffer.from(text, 'utf8')}),
    })
    const response = await sandboxFetch(mime.suite.sandbox, 'messages', {
      body: JSON.stringify({Body, MIMEType, Sender: {Address: 'stranger@example.test', Name: 'Stranger'}, Subject: 'hostile'}),
      headers: {'content-type': 'application/json'},
      method: 'POST',
    })
    expect(response.status).to.equal(200)
    return ((await response.json()) as {Message: {ID: string}}).Message.ID
  }

  /** A multipart/mixed message whose Body is `tree` compressed (zlib) and encrypted to the address key; its ID. */
  async function addCompressed(tree: string): Promise<{id: string; armoredBytes: number}> {
    const addressKey = await openpgp.readPrivateKey({armoredKey: KEY_FIXTURE.addressKeys[0].PrivateKey})
    const Body = await openpgp.encrypt({
      config: {preferredCompressionAlgorithm: openpgp.enums.compression.zlib},
      encryptionKeys: addressKey.toPublic(),
      format: 'armored',
      message: await openpgp.createMessage({binary: Buffer.from(tree, 'latin1')}),
    })
    const response = await sandboxFetch(mime.suite.sandbox, 'messages', {
      body: JSON.stringify({Body, MIMEType: 'multipart/mixed', Sender: {Address: 'stranger@example.test', Name: 'Stranger'}, Subject: 'hostile'}),
      headers: {'content-type': 'application/json'},
      method: 'POST',
    })
    expect(response.status).to.equal(200)
    return {armoredBytes: Body.length, id: ((await response.json()) as {Message: {ID: string}}).Message.ID}
  }

  const mixed = (parts: string[]) => crlf(['Content-Type: multipart/mixed; boundary="b"', '', ...parts.flatMap((part) => ['--b', part]), '--b--', ''])

  it(`two million empty lines in a few KiB of mail: mail read, attachments and download refuse it in one line, exit 5, under ${PEAK_MIB} MiB`, async () => {
    const tree = mixed([crlf(['Content-Type: text/plain', '', '\r\n'.repeat(2_000_000)])])
    const {armoredBytes, id} = await addCompressed(tree)
    expect(armoredBytes).to.be.below(20_000)
    const line = `Error: message ${id}: its MIME body has ${tree.split('\n').length - 1} lines, more than the ${MAX_MIME_LINES} this tool takes apart\n`
    const dir = mkdtempSync(join(tmpdir(), 'proton-hostile-'))
    try {
      for (const command of [
        ['mail', 'read'],
        ['mail', 'attachments'],
        ['mail', 'download', '--dir', dir],
      ]) {
        const result = await runMeasured(['--profile', 'reader', ...command, '--', id], env())
        expect(result.stderr, command.join(' ')).to.equal(line)
        expect(result.stdout.length).to.equal(0)
        expect(result.status).to.equal(5)
        expect(result.peakMiB).to.be.below(PEAK_MIB)
      }

      expect(readdirSync(dir)).to.deep.equal([])
    } finally {
      rmSync(dir, {force: true, recursive: true})
    }
  })

  it(`a tree of more than ${MAX_MIME_PARTS} parts is refused before it is parsed: one line, exit 5`, async () => {
    const {id} = await addCompressed(mixed(Array.from({length: MAX_MIME_PARTS * 2}, () => 'Content-Type: text/plain\r\n\r\nx')))
    const result = await runMeasured(['--profile', 'reader', 'mail', 'read', '--', id], env())
    expect(result.stderr).to.equal(`Error: message ${id}: its MIME tree has more than the ${MAX_MIME_PARTS} parts this tool takes apart\n`)
    expect(result.stdout.length).to.equal(0)
    expect(result.status).to.equal(5)
  })

  for (const depth of [2000, 200_000]) {
    it(`HTML nested ${depth} deep: shown up to ${MAX_HTML_DEPTH} levels, with a note naming the message, exit 0`, async () => {
      const html = `<p>Before the nesting.</p>${'<div>'.repeat(depth)}deep inside${'</div>'.repeat(depth)}`
      const id = await addBody(html, 'text/html')
      const result = await runMeasured(['--profile', 'reader', 'mail', 'read', '--', id], env())
      expect(result.stderr).to.equal(`Note: message ${id}: its HTML nests more than ${MAX_HTML_DEPTH} levels deep: shown up to there (--html prints all of it)\n`)
      expect(result.status).to.equal(0)
      const shown = result.stdout.toString('utf8')
      expect(shown).to.match(/\n\nBefore the nesting\.\n+$/)
      expect(result.peakMiB).to.be.below(PEAK_MIB)
    })
  }

  it(`a body that inflates past the ${HELD_MAX_BYTES / 1024 / 1024} MiB a command holds in memory (under the default --max-size): one line, exit 5`, async () => {
    const id = await addBody('A'.repeat(HELD_MAX_BYTES + 16 * 1024 * 1024), 'text/plain')
    const result = await runMeasured(['--profile', 'reader', 'mail', 'read', '--', id], env())
    expect(result.stderr).to.equal(`Error: message ${id}: its decrypted body is over the 64 MiB a command holds in memory: stopped decrypting it; nothing printed\n`)
    expect(result.status).to.equal(5)
    expect(result.stdout.length).to.equal(0)
    expect(result.peakMiB).to.be.below(PEAK_MIB)
  })
})
