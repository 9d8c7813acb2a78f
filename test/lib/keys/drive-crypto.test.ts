/**
 * The crypto proxy the drive SDK runs on (src/lib/keys/drive-crypto.ts), checked against GnuPG: a key GnuPG makes
 * (ed25519 + cv25519, locked with a passphrase) is imported; what the proxy encrypts and signs, GnuPG decrypts and
 * verifies (the signature context as a critical notation GnuPG is told it knows); what GnuPG encrypts and signs, the
 * proxy decrypts and verifies; a tampered signature is SIGNED_AND_INVALID.
 */
import {expect} from 'chai'

import {spawnSync} from 'node:child_process'
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {driveCryptoProxy, NOT_SIGNED, SIGNED_AND_INVALID, SIGNED_AND_VALID} from '../../../src/lib/keys/drive-crypto.ts'

const PASSPHRASE = 'drive test passphrase'

describe('drive crypto proxy against GnuPG', function () {
  this.timeout(30_000)
  let home: string
  const gpg = (args: string[], input?: Buffer | string) => {
    const result = spawnSync('gpg', ['--homedir', home, '--batch', '--pinentry-mode', 'loopback', '--passphrase', PASSPHRASE, ...args], {input})
    return {status: result.status, stderr: result.stderr.toString(), stdout: result.stdout}
  }

  let armoredKey: string
  const proxy = driveCryptoProxy()

  before(() => {
    home = mkdtempSync(join(tmpdir(), 'drive-crypto-gpg-'))
    // A small S2K count: GnuPG's calibrated one costs OpenPGP.js a second per unlock.
    writeFileSync(join(home, 'gpg-agent.conf'), 's2k-count 65536\n')
    expect(gpg(['--quick-gen-key', 'Drive test <drive@test.invalid>', 'ed25519', 'sign,cert', 'never']).status).to.equal(0)
    expect(gpg(['--quick-add-key', gpg(['--list-keys', '--with-colons']).stdout.toString().match(/^fpr:+([\dA-F]+):/m)?.[1] ?? '', 'cv25519', 'encr', 'never']).status).to.equal(0)
    armoredKey = gpg(['--armor', '--export-secret-keys']).stdout.toString()
  })

  after(() => rmSync(home, {force: true, recursive: true}))

  it('imports the key GnuPG locked; encrypts and signs what GnuPG decrypts and verifies', async () => {
    const key = await proxy.importPrivateKey({armoredKey, passphrase: PASSPHRASE})
    const data = new TextEncoder().encode('Drive block 1 ✓')
    const {message} = await proxy.encryptMessage({binaryData: data, encryptionKeys: [key], signingKeys: key})
    const decrypted = gpg(['--decrypt'], message as string)
    expect(decrypted.status, decrypted.stderr).to.equal(0)
    expect(decrypted.stdout.toString()).to.equal('Drive block 1 ✓')
    expect(decrypted.stderr).to.include('Good signature from "Drive test <drive@test.invalid>"')
  })

  it('signs with a context GnuPG verifies as a known critical notation', async () => {
    const key = await proxy.importPrivateKey({armoredKey, passphrase: PASSPHRASE})
    const data = new TextEncoder().encode('key packet')
    const signature = await proxy.signMessage({binaryData: data, detached: true, format: 'armored', signatureContext: {critical: true, value: 'drive.share-member.member'}, signingKeys: key})
    const dir = mkdtempSync(join(home, 'sig-'))
    writeFileSync(join(dir, 'data'), data)
    writeFileSync(join(dir, 'data.asc'), signature as string)
    const verified = gpg(['--known-notation', 'context@proton.ch', '--verify-options', 'show-notations', '--verify', join(dir, 'data.asc'), join(dir, 'data')])
    expect(verified.status, verified.stderr).to.equal(0)
    expect(verified.stderr).to.match(/context@proton\.ch=drive\.share-member\.member/)
    const own = await proxy.verifyMessage({armoredSignature: signature as string, binaryData: data, signatureContext: {critical: true, value: 'drive.share-member.member'}, verificationKeys: key})
    expect(own.verificationStatus).to.equal(SIGNED_AND_VALID)
    const otherContext = await proxy.verifyMessage({armoredSignature: signature as string, binaryData: data, signatureContext: {critical: true, value: 'another'}, verificationKeys: key})
    expect(otherContext.verificationStatus).to.equal(SIGNED_AND_INVALID)
  })

  it('decrypts and verifies what GnuPG encrypted and signed; a tampered signature is invalid, none is unsigned', async () => {
    const key = await proxy.importPrivateKey({armoredKey, passphrase: PASSPHRASE})
    const made = gpg(['--encrypt', '--sign', '--recipient', 'drive@test.invalid', '--output', '-'], 'from GnuPG')
    expect(made.status, made.stderr).to.equal(0)
    const {data, verificationStatus} = await proxy.decryptMessage({binaryMessage: made.stdout, decryptionKeys: key, format: 'utf8', verificationKeys: key})
    expect([data, verificationStatus]).to.deep.equal(['from GnuPG', SIGNED_AND_VALID])
    const unsigned = gpg(['--encrypt', '--recipient', 'drive@test.invalid', '--output', '-'], 'plain')
    expect((await proxy.decryptMessage({binaryMessage: unsigned.stdout, decryptionKeys: key, format: 'utf8', verificationKeys: key})).verificationStatus).to.equal(NOT_SIGNED)

    const signature = gpg(['--detach-sign', '--output', '-'], 'signed text').stdout
    const good = await proxy.verifyMessage({binaryData: new TextEncoder().encode('signed text'), binarySignature: signature, verificationKeys: key})
    expect(good.verificationStatus).to.equal(SIGNED_AND_VALID)
    const tampered = Buffer.from(signature)
    tampered[tampered.length - 5] ^= 0x01
    const bad = await proxy.verifyMessage({binaryData: new TextEncoder().encode('signed text'), binarySignature: tampered, verificationKeys: key})
    expect(bad.verificationStatus).to.equal(SIGNED_AND_INVALID)
  })
})
