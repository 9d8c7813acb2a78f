/**
 * A calendar's keys against GnuPG: the setup the tool makes (makeCalendarKeySetup) is read, decrypted and verified
 * by GnuPG; the passphrase and keys GnuPG makes are opened by the tool (openMemberPassphrase, unlockCalendarKeys),
 * and forged or tampered ones refused. Keys made by GnuPG in a throwaway home; the functions run inside the tests.
 */
import {expect} from 'chai'
import {spawnSync} from 'node:child_process'
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {decrypt, type PrivateKey, readMessage, readPrivateKey} from 'openpgp'

import {makeCalendarKeySetup, openMemberPassphrase, unlockCalendarKeys} from '../../../src/lib/calendar/calendar-keys.ts'

describe('keys/calendar-keys against GnuPG', function () {
  this.timeout(30_000)
  let home: string
  let address: PrivateKey
  let other: PrivateKey
  const gpg = (args: string[], input?: Buffer | string, passphrase = '') => {
    const result = spawnSync('gpg', ['--homedir', home, '--batch', '--pinentry-mode', 'loopback', '--passphrase', passphrase, '--trust-model', 'always', '--status-fd', '2', ...args], {
      input: input === undefined ? undefined : Buffer.from(input),
    })
    return {status: result.status, stderr: result.stderr.toString(), stdout: result.stdout}
  }

  const fingerprint = (email: string) =>
    gpg(['--list-keys', '--with-colons', email])
      .stdout.toString()
      .match(/^fpr:+([\dA-F]+):/m)?.[1] ?? ''
  const makeKey = (email: string, passphrase = '', preferences: string[] = []) => {
    expect(gpg([...preferences, '--quick-gen-key', email, 'ed25519', 'sign,cert', 'never'], undefined, passphrase).status).to.equal(0)
    expect(gpg(['--quick-add-key', fingerprint(email), 'cv25519', 'encr', 'never'], undefined, passphrase).status).to.equal(0)
  }

  const file = (name: string, data: Uint8Array | string) => {
    const path = join(home, name)
    writeFileSync(path, data)
    return path
  }

  /** A member passphrase as the service keeps it, made by GnuPG: encrypted to `to`, signed (detached, text) by `by`. */
  const memberPassphrase = (secret: string, to: string, by: string) => ({
    Passphrase: gpg(['--armor', '--recipient', to, '--encrypt', '--output', '-'], secret).stdout.toString(),
    Signature: gpg(['--armor', '--local-user', by, '--textmode', '--detach-sign', '--output', '-'], secret).stdout.toString(),
  })

  before(async () => {
    home = mkdtempSync(join(tmpdir(), 'calendar-keys-gpg-'))
    // A small S2K count: GnuPG's calibrated one costs OpenPGP.js a second per unlock.
    writeFileSync(join(home, 'gpg-agent.conf'), 's2k-count 65536\n')
    makeKey('address@test.invalid')
    makeKey('other@test.invalid')
    makeKey('calendar@test.invalid', 'calendar passphrase')
    makeKey('aes128@test.invalid', '', ['--default-preference-list', 'AES128 SHA256 Uncompressed'])
    address = await readPrivateKey({armoredKey: gpg(['--armor', '--export-secret-keys', 'address@test.invalid']).stdout.toString()})
    other = await readPrivateKey({armoredKey: gpg(['--armor', '--export-secret-keys', 'other@test.invalid']).stdout.toString()})
  })

  after(() => {
    spawnSync('gpgconf', ['--homedir', home, '--kill', 'gpg-agent'])
    rmSync(home, {force: true, recursive: true})
  })

  it('makeCalendarKeySetup: GnuPG decrypts the passphrase (key packet + data packet), verifies the address key’s text signature, and the passphrase unlocks the new key', async () => {
    const setup = await makeCalendarKeySetup('address-id', address)
    expect(setup.AddressID).to.equal('address-id')
    const keyPacket = Buffer.from(setup.Passphrase.KeyPacket, 'base64')
    const dataPacket = Buffer.from(setup.Passphrase.DataPacket, 'base64')
    // Apart: a PKESK (tag 1), then a SEIPD (tag 18) with no key packet of its own.
    expect([keyPacket[0] & 0x3f, dataPacket[0] & 0x3f]).to.deep.equal([1, 18])
    const decrypted = gpg(['--decrypt'], Buffer.concat([keyPacket, dataPacket]))
    expect(decrypted.status, decrypted.stderr).to.equal(0)
    const passphrase = decrypted.stdout.toString()
    expect(Buffer.from(passphrase, 'base64')).to.have.length(32)
    expect(passphrase).to.match(/^[\d+/A-Za-z]{43}=$/)
    expect(decrypted.stderr).to.not.include('SIG')
    const verified = gpg(['--verify', file('passphrase.sig', setup.Signature), file('passphrase', passphrase)])
    expect(verified.status, verified.stderr).to.equal(0)
    expect(verified.stderr).to.match(new RegExp(`VALIDSIG ${fingerprint('address@test.invalid')} `))
    expect(gpg(['--list-packets', join(home, 'passphrase.sig')]).stdout.toString()).to.match(/sigclass 0x01/)

    // The key: v4, EdDSA (22) and ECDH (18) over the legacy curves, named "Calendar key", locked by the passphrase.
    const packets = gpg(['--list-packets'], setup.PrivateKey).stdout.toString()
    expect(packets).to.match(/:secret key packet:\n\s+version 4, algo 22,/)
    expect(packets).to.match(/:secret sub key packet:\n\s+version 4, algo 18,/)
    expect(packets).to.include('"Calendar key"')
    expect(packets).to.match(/protected/)
    expect(gpg(['--import'], setup.PrivateKey).status).to.equal(0)
    const calendar =
      gpg(['--list-keys', '--with-colons', 'Calendar key'])
        .stdout.toString()
        .match(/^fpr:+([\dA-F]+):/m)?.[1] ?? ''
    expect(gpg(['--local-user', calendar, '--sign', '--output', '-'], 'x', 'wrong').status).to.not.equal(0)
    expect(gpg(['--local-user', calendar, '--sign', '--output', '-'], 'x', passphrase).status).to.equal(0)
  })

  it('makeCalendarKeySetup: the passphrase’s session key in the cipher the address key prefers (AES-128 in GnuPG’s preferences)', async () => {
    const key = await readPrivateKey({armoredKey: gpg(['--armor', '--export-secret-keys', 'aes128@test.invalid']).stdout.toString()})
    const {Passphrase} = await makeCalendarKeySetup('a', key)
    const decrypted = gpg(['--show-session-key', '--decrypt'], Buffer.concat([Buffer.from(Passphrase.KeyPacket, 'base64'), Buffer.from(Passphrase.DataPacket, 'base64')]))
    expect(decrypted.status, decrypted.stderr).to.equal(0)
    // 7 is AES-128 (RFC 4880 9.2).
    expect(decrypted.stderr).to.match(/SESSION_KEY 7:[\dA-F]{32}\n/)
  })

  it('makeCalendarKeySetup: a fresh passphrase and key each time', async () => {
    const [one, two] = await Promise.all([makeCalendarKeySetup('a', address), makeCalendarKeySetup('a', address)])
    expect(one.Passphrase.DataPacket).to.not.equal(two.Passphrase.DataPacket)
    expect(one.PrivateKey).to.not.equal(two.PrivateKey)
  })

  it('openMemberPassphrase: GnuPG’s passphrase, encrypted to and signed by the address key, is opened', async () => {
    expect(await openMemberPassphrase(memberPassphrase('the calendar secret', 'address@test.invalid', 'address@test.invalid'), [other, address])).to.equal('the calendar secret')
  })

  it('openMemberPassphrase: signed by another key, a tampered signature, no signature of it, or not encrypted to the keys: refused', async () => {
    const refused = async (member: {Passphrase: string; Signature: string}, keys = [address]) => {
      const failure = await openMemberPassphrase(member, keys).then(
        () => undefined,
        (error: unknown) => error,
      )
      expect(failure).to.be.instanceOf(Error)
    }

    await refused(memberPassphrase('secret', 'address@test.invalid', 'other@test.invalid'))
    const good = memberPassphrase('secret', 'address@test.invalid', 'address@test.invalid')
    const binary = gpg(['--dearmor'], good.Signature).stdout
    binary[binary.length - 5] ^= 0x01
    await refused({...good, Signature: gpg(['--enarmor'], binary).stdout.toString().replaceAll('ARMORED FILE', 'SIGNATURE')})
    // A signature over other text by the right key.
    await refused({...good, Signature: memberPassphrase('another secret', 'address@test.invalid', 'address@test.invalid').Signature})
    await refused(memberPassphrase('secret', 'other@test.invalid', 'address@test.invalid'))
    // Decrypted with one key, signed by a key the member does not hold.
    await refused(good, [other])
  })

  it('unlockCalendarKeys: GnuPG’s locked key unlocked with its passphrase (it decrypts what GnuPG encrypted to it); a wrong passphrase or garbage is left out', async () => {
    const armored = gpg(['--armor', '--export-secret-keys', 'calendar@test.invalid'], undefined, 'calendar passphrase').stdout.toString()
    const keys = await unlockCalendarKeys([armored, 'not a key'], 'calendar passphrase')
    expect(keys.map((key) => key.getFingerprint().toUpperCase())).to.deep.equal([fingerprint('calendar@test.invalid')])
    const encrypted = gpg(['--recipient', 'calendar@test.invalid', '--encrypt', '--output', '-'], 'an event key').stdout
    const {data} = await decrypt({decryptionKeys: keys, message: await readMessage({binaryMessage: encrypted})})
    expect(data).to.equal('an event key')
    expect(await unlockCalendarKeys([armored], 'wrong')).to.deep.equal([])
    expect(await unlockCalendarKeys([], 'calendar passphrase')).to.deep.equal([])
  })
})
