/**
 * GnuPG interoperability (issue 21): a message encrypted by GnuPG (not
 * OpenPGP.js) to the sandbox's primary address key, as mail from any
 * OpenPGP user arrives, added to the sandbox (POST /__sandbox/messages) and
 * read with the built binary's mail read. GnuPG runs with a private
 * GNUPGHOME in a 0700 temporary directory holding only the address's public
 * key (exported from the fixture) and, for the signed message, a throwaway
 * key of its own; its agent is stopped and the directory removed after.
 * .ci/run installs gpg when the system has none.
 */
import {expect} from 'chai'
import {spawnSync} from 'node:child_process'
import {chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {parseMimeBody} from '../../src/lib/mail/mime-body.ts'
import {verifyDetached} from '../../src/lib/mail/mime-signature.ts'
import {KEY_FIXTURE} from '../../src/sandbox/fixtures/key-fixture.ts'
import {readerSuite} from '../helpers/pgp-mime-suite.ts'

const GPG = existsSync('/usr/bin/gpg') ? '/usr/bin/gpg' : 'gpg'
const TEXT = 'Hello from GnuPG.\n\nGrüße, and a second paragraph.\n'

describe('GnuPG interoperability: mail read of a message GnuPG encrypted (built binary)', function () {
  this.timeout(60_000)
  const {addMessage: add, proton} = readerSuite()
  let gnupgHome = ''
  const gpg = (args: string[], input?: string) => {
    const result = spawnSync(GPG, ['--homedir', gnupgHome, '--batch', '--no-tty', ...args], {encoding: 'utf8', input, timeout: 30_000})
    expect(result.error, `${GPG} could not run (install GnuPG: .ci/run does)`).to.equal(undefined)
    expect(result.status, result.stderr).to.equal(0)
    return result.stdout
  }

  const addMessage = (Body: string, Address: string, MIMEType = 'text/plain', PublicKey?: string): Promise<string> =>
    add({Body, MIMEType, Sender: {Address, Name: 'GnuPG user', PublicKey}, Subject: 'From GnuPG'})

  before(async () => {
    gnupgHome = mkdtempSync(join(tmpdir(), 'proton-cli-gnupg-'))
    chmodSync(gnupgHome, 0o700)
    const openpgp = await import('openpgp')
    const addressKey = await openpgp.readPrivateKey({armoredKey: KEY_FIXTURE.addressKeys[0].PrivateKey})
    writeFileSync(join(gnupgHome, 'address.asc'), addressKey.toPublic().armor())
    gpg(['--import', join(gnupgHome, 'address.asc')])
  })

  after(() => {
    if (gnupgHome === '') return
    spawnSync('gpgconf', ['--homedir', gnupgHome, '--kill', 'gpg-agent'], {timeout: 10_000})
    rmSync(gnupgHome, {force: true, recursive: true})
  })

  it('GnuPG encrypts to the address key; mail read decrypts it (not signed: Signature none)', async () => {
    const armored = gpg(['--trust-model', 'always', '--armor', '--recipient', 'demo@proton.test', '--encrypt'], TEXT)
    expect(armored).to.match(/^-----BEGIN PGP MESSAGE-----/)
    const id = await addMessage(armored, 'gnupg@example.test')
    // After "--": a base64url ID may begin with "-".
    const result = await proton(['mail', 'read', '--', id])
    expect(result.status, result.stderr).to.equal(0)
    const out = result.stdout.toString('utf8')
    expect(out).to.match(/From: +GnuPG user <gnupg@example\.test>\n/)
    expect(out).to.match(/Signature: +none/)
    expect(out.endsWith(`\n\n${TEXT}`)).to.equal(true)
  })

  it('GnuPG signs with its own key and encrypts; mail read decrypts it, the signature unverified (no published key for that sender)', async () => {
    gpg(['--pinentry-mode', 'loopback', '--passphrase', '', '--quick-generate-key', 'signer@example.test', 'ed25519', 'sign', 'never'])
    const armored = gpg(['--trust-model', 'always', '--armor', '--local-user', 'signer@example.test', '--recipient', 'demo@proton.test', '--sign', '--encrypt'], TEXT)
    const id = await addMessage(armored, 'signer@example.test')
    const result = await proton(['mail', 'read', '--', id])
    expect(result.status, result.stderr).to.equal(0)
    const out = result.stdout.toString('utf8')
    expect(out).to.match(/Signature: +unverified/)
    expect(out.endsWith(`\n\n${TEXT}`)).to.equal(true)
  })

  it("PGP/MIME from GnuPG: a multipart/signed entity (GnuPG's detached signature) encrypted by GnuPG; mail read shows the text part and the attachment, and the signature checks out with GnuPG's key", async () => {
    gpg(['--pinentry-mode', 'loopback', '--passphrase', '', '--quick-generate-key', 'mime-signer@example.test', 'ed25519', 'sign', 'never'])
    const crlf = (lines: string[]) => lines.join('\r\n')
    const entity = crlf([
      'Content-Type: multipart/mixed; boundary="gpg-mixed"',
      '',
      '--gpg-mixed',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'Hello from GnuPG, in PGP/MIME. Gr=C3=BC=C3=9Fe.',
      '--gpg-mixed',
      'Content-Type: application/octet-stream; name="notes.bin"',
      'Content-Disposition: attachment; filename="notes.bin"',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.alloc(300, 7).toString('base64'),
      '--gpg-mixed--',
      '',
    ])
    writeFileSync(join(gnupgHome, 'entity.txt'), entity)
    const signature = gpg(['--armor', '--local-user', 'mime-signer@example.test', '--output', '-', '--detach-sign', join(gnupgHome, 'entity.txt')])
    const mime = crlf([
      'Content-Type: multipart/signed; micalg=pgp-sha256; protocol="application/pgp-signature"; boundary="gpg-signed"',
      '',
      '--gpg-signed',
      entity,
      '--gpg-signed',
      'Content-Type: application/pgp-signature; name="signature.asc"',
      '',
      signature.trimEnd(),
      '--gpg-signed--',
      '',
    ])
    writeFileSync(join(gnupgHome, 'mime.eml'), mime)
    const armored = gpg(['--trust-model', 'always', '--armor', '--recipient', 'demo@proton.test', '--output', '-', '--encrypt', join(gnupgHome, 'mime.eml')])
    const id = await addMessage(armored, 'mime-signer@example.test', 'multipart/mixed')
    const result = await proton(['mail', 'read', '--', id])
    expect(result.status, result.stderr).to.equal(0)
    const out = result.stdout.toString('utf8')
    // The sandbox publishes no key for this sender: unverified.
    expect(out, out).to.match(/Signature: +unverified \(no published key[^\n]*\nAttachments: +notes\.bin \(300 B\)\n\nHello from GnuPG, in PGP\/MIME\. Grüße\./)
    // The signature GnuPG made over the entity checks out with GnuPG's public key (RFC 3156 canonical form agreed on).
    const signed = (await parseMimeBody(Buffer.from(mime))).signed
    expect(signed).to.not.equal(undefined)
    const publicKey = gpg(['--armor', '--export', 'mime-signer@example.test'])
    expect(await verifyDetached(signed!.data, signed!.signature, [publicKey])).to.equal('verified')
    expect(await verifyDetached(Buffer.from(entity.replace('Hello', 'Jello')), signed!.signature, [publicKey])).to.equal('failed')
  })

  describe('fixtures made by GnuPG (test/fixtures/gnupg, scripts/generate-gnupg-fixtures.sh), alice’s key published by the sandbox (/core/v4/keys/all)', () => {
    const fixture = (name: string) => readFileSync(new URL(`../fixtures/gnupg/${name}`, import.meta.url), 'utf8')

    it('alice’s inline-signed body: Signature verified', async () => {
      const id = await addMessage(fixture('inline-signed.asc'), 'alice@example.test', 'text/plain', fixture('alice.pub.asc'))
      const result = await proton(['mail', 'read', '--', id])
      expect(result.status, result.stderr).to.equal(0)
      const out = result.stdout.toString('utf8')
      expect(out).to.match(/Signature: +verified/)
      expect(out.endsWith('\n\nHello from alice, signed inline by GnuPG.\n')).to.equal(true)
    })

    it('an impostor’s body signed with her own key named alice@example.test: Signature FAILED against alice’s published key', async () => {
      const id = await addMessage(fixture('impostor-signed.asc'), 'alice@example.test', 'text/plain', fixture('alice.pub.asc'))
      const result = await proton(['mail', 'read', '--', id])
      expect(result.status, result.stderr).to.equal(0)
      const out = result.stdout.toString('utf8')
      expect(out).to.match(/Signature: +FAILED/)
      expect(out).to.not.match(/Signature: +verified/)
    })
  })
})
