/**
 * The keyring's verdicts against messages and attachments GnuPG makes in the test (keys made by GnuPG in a
 * throwaway home, read by OpenPGP.js): a signature by two keys, one of them the sender's, is verified; by others
 * only, failed; an unreadable attachment signature fails; a tampered data packet is refused. The functions run
 * inside the tests (fixtures in `before`).
 */
import {expect} from 'chai'
import {spawnSync} from 'node:child_process'
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import * as openpgp from 'openpgp'
import {type PrivateKey, readPrivateKey} from 'openpgp'

import {decryptArmored, decryptAttachment, unlockAddressKeys, unlockOne, unlockRest, unlockSigningKey} from '../../../src/lib/crypto/keyring.ts'

describe('keyring against GnuPG: verdicts on bodies and attachments signed by several keys', function () {
  this.timeout(30_000)
  let home: string
  let recipient: PrivateKey
  let alice: string
  const gpg = (args: string[], input?: Buffer | string, passphrase = '') => {
    const result = spawnSync('gpg', ['--homedir', home, '--batch', '--pinentry-mode', 'loopback', '--passphrase', passphrase, '--trust-model', 'always', ...args], {input})
    return {status: result.status, stderr: result.stderr.toString(), stdout: result.stdout}
  }

  const fingerprint = (email: string) =>
    gpg(['--list-keys', '--with-colons', email])
      .stdout.toString()
      .match(/^fpr:+([\dA-F]+):/m)?.[1] ?? ''
  const makeKey = (email: string, passphrase = '') => {
    expect(gpg(['--quick-gen-key', email, 'ed25519', 'sign,cert', 'never'], undefined, passphrase).status).to.equal(0)
    expect(gpg(['--quick-add-key', fingerprint(email), 'cv25519', 'encr', 'never'], undefined, passphrase).status).to.equal(0)
  }

  const signers = (...emails: string[]) => emails.flatMap((email) => ['--local-user', email])
  /** A body encrypted to the recipient and signed inside by `emails` (GnuPG's armor, with its checksum). */
  const body = (text: string, ...emails: string[]) => gpg(['--armor', '--recipient', 'me@test.invalid', ...signers(...emails), '--sign', '--encrypt', '--output', '-'], text).stdout.toString()
  /** An attachment as the service keeps it: KeyPackets (one PKESK, old-format header) and the data packet. */
  const attachment = (text: string) => {
    const bytes = gpg(['--recipient', 'me@test.invalid', '--compress-algo', 'none', '--encrypt', '--output', '-'], text).stdout
    expect(bytes[0] & 0xc0).to.equal(0x80)
    const lengthOctets = [1, 2, 4][bytes[0] & 0x03]
    const end = 1 + lengthOctets + bytes.readUIntBE(1, lengthOctets)
    return {data: bytes.subarray(end), keyPackets: bytes.subarray(0, end)}
  }

  const open = async (text: string, check: {senderKeys?: string[]; signature?: string}, tamper = false) => {
    const {data, keyPackets} = attachment(text)
    if (tamper) data[data.length - 30] ^= 0x01
    const out: Buffer[] = []
    const decryption = await decryptAttachment(keyPackets, [recipient], async (chunk) => void out.push(Buffer.from(chunk)), check)
    await decryption.write(data).catch(() => {})
    const verification = await decryption.end()
    return {plaintext: Buffer.concat(out).toString(), verification}
  }

  before(async () => {
    home = mkdtempSync(join(tmpdir(), 'keyring-gpg-'))
    // A small S2K count: GnuPG's calibrated one costs OpenPGP.js a second per unlock.
    writeFileSync(join(home, 'gpg-agent.conf'), 's2k-count 65536\n')
    for (const email of ['me@test.invalid', 'alice@test.invalid', 'mallory@test.invalid']) makeKey(email)
    makeKey('legacy@test.invalid', 'key passphrase')
    recipient = await readPrivateKey({armoredKey: gpg(['--armor', '--export-secret-keys', 'me@test.invalid']).stdout.toString()})
    alice = gpg(['--armor', '--export', 'alice@test.invalid']).stdout.toString()
  })

  after(() => {
    spawnSync('gpgconf', ['--homedir', home, '--kill', 'gpg-agent'])
    rmSync(home, {force: true, recursive: true})
  })

  it('decryptArmored: signed by mallory and alice, verified with alice’s key; by mallory alone, failed; unsigned stays unsigned', async () => {
    const both = await decryptArmored(body('from both\n', 'mallory@test.invalid', 'alice@test.invalid'), [recipient], [alice])
    expect(both).to.deep.equal({data: Buffer.from('from both\n'), verification: 'verified'})
    expect((await decryptArmored(body('forged\n', 'mallory@test.invalid'), [recipient], [alice])).verification).to.equal('failed')
    expect((await decryptArmored(body('two\n', 'mallory@test.invalid', 'alice@test.invalid'), [recipient])).verification).to.equal('unverified')
    const unsigned = gpg(['--armor', '--recipient', 'me@test.invalid', '--encrypt', '--output', '-'], 'plain').stdout.toString()
    expect((await decryptArmored(unsigned, [recipient], [alice])).verification).to.equal('unsigned')
  })

  it('decryptAttachment: a detached signature by mallory and alice verified; by mallory alone failed; unreadable failed; none unsigned; no keys unverified', async () => {
    const text = 'attachment bytes\n'
    const sign = (...emails: string[]) => gpg(['--armor', ...signers(...emails), '--detach-sign', '--output', '-'], text).stdout.toString()
    expect(await open(text, {senderKeys: [alice], signature: sign('mallory@test.invalid', 'alice@test.invalid')})).to.deep.equal({plaintext: text, verification: 'verified'})
    expect((await open(text, {senderKeys: [alice], signature: sign('mallory@test.invalid')})).verification).to.equal('failed')
    expect((await open(text, {senderKeys: [alice], signature: 'not a signature'})).verification).to.equal('failed')
    expect((await open(text, {senderKeys: [alice]})).verification).to.equal('unsigned')
    expect((await open(text, {signature: sign('alice@test.invalid')})).verification).to.equal('unverified')
  })

  it('decryptAttachment: abort() stops it: the decryption and every later write fail with the reason given', async () => {
    const {data, keyPackets} = attachment('cut short\n'.repeat(100))
    const decryption = await decryptAttachment(keyPackets, [recipient], async () => {})
    await decryption.abort(new Error('the answer was cut'))
    expect(
      await decryption.write(data).then(
        () => 'written',
        (error: Error) => error.message,
      ),
    ).to.equal('the answer was cut')
    expect(
      await decryption.end().then(
        () => 'ended',
        (error: Error) => error.message,
      ),
    ).to.equal('the answer was cut')
  })

  it('decryptAttachment: a tampered data packet makes end() reject', async () => {
    const failure = await open('do not change\n'.repeat(10), {}, true).then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(failure).to.be.instanceOf(Error)
  })

  it('unlockAddressKeys: a legacy address key (no Token: locked by the key passphrase itself) unlocks with it; a Token without Signature does not make it a token key', async () => {
    const legacy = gpg(['--armor', '--export-secret-keys', 'legacy@test.invalid'], undefined, 'key passphrase').stdout.toString()
    const unlocked = await unlockAddressKeys([{ID: 'a', PrivateKey: legacy}], [recipient], 'key passphrase')
    expect(unlocked.keys.map((key) => key.getFingerprint().toUpperCase())).to.deep.equal([fingerprint('legacy@test.invalid')])
    expect((await unlockAddressKeys([{ID: 'a', PrivateKey: legacy, Token: 'a token'}], [recipient], 'key passphrase')).keys).to.have.length(1)
    expect((await unlockAddressKeys([{ID: 'a', PrivateKey: legacy}], [recipient], 'wrong')).keys).to.have.length(0)
  })

  it('unlockOne leaves the signing packet locked, unlockRest then opens it: what it signs GnuPG verifies; whole: every packet at once; a wrong passphrase opens nothing', async () => {
    const legacy = gpg(['--armor', '--export-secret-keys', 'legacy@test.invalid'], undefined, 'key passphrase').stdout.toString()
    const locked = (key: PrivateKey) => key.getKeys().map(({keyPacket}) => (keyPacket as openpgp.SecretKeyPacket).isDecrypted())
    const key = await unlockOne(openpgp, legacy, 'key passphrase')
    // The primary key signs and certifies only: left locked; the encryption subkey opened.
    expect(locked(key)).to.deep.equal([false, true])
    await unlockRest(openpgp, key, 'key passphrase')
    expect(locked(key)).to.deep.equal([true, true])
    const signed = await openpgp.sign({detached: true, format: 'armored', message: await openpgp.createMessage({binary: Buffer.from('signed after unlockRest\n')}), signingKeys: key})
    const signature = join(home, 'unlock-rest.asc')
    const data = join(home, 'unlock-rest.txt')
    writeFileSync(signature, signed)
    writeFileSync(data, 'signed after unlockRest\n')
    const check = gpg(['--status-fd', '1', '--verify', signature, data])
    expect(check.status, check.stderr).to.equal(0)
    expect(check.stdout.toString()).to.include(`[GNUPG:] VALIDSIG ${fingerprint('legacy@test.invalid')}`)
    expect(locked(await unlockOne(openpgp, legacy, 'key passphrase', true))).to.deep.equal([true, true])
    const again = await unlockOne(openpgp, legacy, 'key passphrase')
    const refused = await unlockRest(openpgp, again, 'wrong').then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(refused).to.be.instanceOf(Error)
    expect(locked(again)).to.deep.equal([false, true])
    expect(
      await unlockOne(openpgp, legacy, 'wrong').then(
        () => 'opened',
        () => 'refused',
      ),
    ).to.equal('refused')
  })

  it('unlockSigningKey: the whole key, which signs what GnuPG verifies; an entry without PrivateKey refused by its ID', async () => {
    const legacy = gpg(['--armor', '--export-secret-keys', 'legacy@test.invalid'], undefined, 'key passphrase').stdout.toString()
    const key = await unlockSigningKey({ID: 'k', PrivateKey: legacy}, 'key passphrase')
    expect(key.isDecrypted()).to.equal(true)
    expect(key.keyPacket.isDecrypted()).to.equal(true)
    const signed = await openpgp.sign({detached: true, format: 'armored', message: await openpgp.createMessage({binary: Buffer.from('a card\n')}), signingKeys: key})
    writeFileSync(join(home, 'card.asc'), signed)
    writeFileSync(join(home, 'card.txt'), 'a card\n')
    expect(gpg(['--verify', join(home, 'card.asc'), join(home, 'card.txt')]).status).to.equal(0)
    for (const PrivateKey of [undefined, '', 7]) {
      expect(
        await unlockSigningKey({ID: 'k9', PrivateKey}, 'key passphrase').then(
          () => '',
          (error: unknown) => (error as Error).message,
        ),
      ).to.equal('user key k9 has no PrivateKey')
    }
  })
})
