import {expect} from 'chai'
import {spawnSync} from 'node:child_process'
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {type PrivateKey, type PublicKey, readKey, readPrivateKey} from 'openpgp'

import {attachmentKey, encryptAttachmentStream, encryptBody, encryptSessionKeyTo, packetLength, readPublicKey, type SessionKey, signDetachedStream} from '../../../src/lib/send/send-crypto.ts'
import {gnupgHome} from '../../helpers/gnupg-home.ts'

describe('keys/send-crypto packetLength: where the key packet OpenPGP.js writes first ends (RFC 4880 4.2)', () => {
  it('new format: one-, two- and five-octet lengths, header included; undefined until the length is in', () => {
    expect(packetLength(Uint8Array.of(0xc1, 94))).to.equal(96)
    expect(packetLength(Uint8Array.of(0xc1, 192, 0))).to.equal(3 + 192)
    expect(packetLength(Uint8Array.of(0xc1, 223, 255))).to.equal(3 + 8383)
    expect(packetLength(Uint8Array.of(0xc1, 255, 0, 1, 0, 0))).to.equal(6 + 65_536)
    expect(packetLength(Uint8Array.of())).to.equal(undefined)
    expect(packetLength(Uint8Array.of(0xc1))).to.equal(undefined)
    expect(packetLength(Uint8Array.of(0xc1, 200))).to.equal(undefined)
    expect(packetLength(Uint8Array.of(0xc1, 255, 0, 0))).to.equal(undefined)
    expect(packetLength(Uint8Array.of(0xc1, 255, 0, 0, 0))).to.equal(undefined)
    // RFC 4880 4.2.3's examples: 100000 as FF 00 01 86 A0, 1723 as C5 FB; every octet of a five-octet length weighed.
    expect(packetLength(Uint8Array.of(0xc1, 0xff, 0x00, 0x01, 0x86, 0xa0))).to.equal(6 + 100_000)
    expect(packetLength(Uint8Array.of(0xc1, 0xc5, 0xfb))).to.equal(3 + 1723)
    expect(packetLength(Uint8Array.of(0xc1, 0xff, 0x01, 0x02, 0x03, 0x04))).to.equal(6 + 0x01_02_03_04)
  })

  it('old format: one-, two- and four-octet lengths', () => {
    expect(packetLength(Uint8Array.of(0x84, 10))).to.equal(12)
    expect(packetLength(Uint8Array.of(0x85, 1, 0))).to.equal(3 + 256)
    expect(packetLength(Uint8Array.of(0x86, 0, 0, 1, 0))).to.equal(5 + 256)
    expect(packetLength(Uint8Array.of(0x86, 0x01, 0x02, 0x03, 0x04))).to.equal(5 + 0x01_02_03_04)
    expect(packetLength(Uint8Array.of(0x84))).to.equal(undefined)
    expect(packetLength(Uint8Array.of(0x85, 1))).to.equal(undefined)
    expect(packetLength(Uint8Array.of(0x86, 0, 0, 1))).to.equal(undefined)
  })

  it('not a packet, a partial length, an indeterminate length: refused', () => {
    expect(() => packetLength(Uint8Array.of(0x41, 1))).to.throw(/not an OpenPGP packet/)
    expect(() => packetLength(Uint8Array.of(0xc1, 224))).to.throw(/partial length/)
    expect(() => packetLength(Uint8Array.of(0x87))).to.throw(/indeterminate/)
  })
})

describe('keys/send-crypto against GnuPG: what it encrypts and signs, GnuPG decrypts and verifies', function () {
  this.timeout(30_000)
  let sender: PrivateKey
  let recipient: PublicKey
  const gnupg = gnupgHome('send-crypto-gpg-')
  const {file, fingerprint, gpg, makeKey} = gnupg

  const streamOf = (...chunks: string[]) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk))
        controller.close()
      },
    })

  const readAll = async (stream: ReadableStream<Uint8Array>) => {
    const chunks: Uint8Array[] = []
    for await (const chunk of stream) chunks.push(chunk)
    return Buffer.concat(chunks)
  }

  /** GnuPG's view of a session key: "ALGO:HEX" (9 is AES-256, RFC 4880 9.2). */
  const sessionKeyOf = (session: SessionKey) => `9:${Buffer.from(session.data).toString('hex').toUpperCase()}`

  // Keys made by GnuPG (no passphrase): the sender's secret half read by OpenPGP.js, the recipient's public half.
  before(async () => {
    gnupg.open()
    makeKey('sender@test.invalid')
    makeKey('recipient@test.invalid')
    makeKey('aes128@test.invalid', ['--default-preference-list', 'AES128 SHA256 Uncompressed'])
    sender = await readPrivateKey({armoredKey: gpg(['--armor', '--export-secret-keys', 'sender@test.invalid']).stdout.toString()})
    recipient = await readKey({armoredKey: gpg(['--armor', '--export', 'recipient@test.invalid']).stdout.toString()})
  })

  after(() => gnupg.close())

  it('encryptBody: GnuPG decrypts the armored body, finds the sender’s good signature inside and the same session key; key packet + data packet are the message', async () => {
    const body = await encryptBody('Héllo from the tool ✓\n', sender)
    // GnuPG 2.2 reads no armor without its checksum line, which OpenPGP.js 6 leaves out: the base64 body decoded here.
    const [, base64] = /^-----BEGIN PGP MESSAGE-----\n\n([\d\n+/=A-Za-z]+)\n-----END PGP MESSAGE-----\n$/.exec(body.armored) ?? []
    const binary = Buffer.from(base64 ?? '', 'base64')
    expect(Buffer.concat([body.keyPacket, body.dataPacket]).equals(binary)).to.equal(true)
    const decrypted = gpg(['--show-session-key', '--decrypt'], binary)
    expect(decrypted.status, decrypted.stderr).to.equal(0)
    expect(decrypted.stdout.toString('utf8')).to.equal('Héllo from the tool ✓\n')
    expect(decrypted.stderr).to.match(new RegExp(`VALIDSIG ${fingerprint('sender@test.invalid')} `))
    expect(decrypted.stderr).to.include(`SESSION_KEY ${sessionKeyOf(body.sessionKey)}`)
    expect(body.sessionKey.algorithm).to.equal('aes256')
    // The key packet alone is one PKESK packet (tag 1) to the sender's encryption subkey; the data packet a SEIPD (tag 18).
    expect(packetLength(body.keyPacket)).to.equal(body.keyPacket.length)
    expect(body.keyPacket[0] & 0x3f).to.equal(1)
    expect(body.dataPacket[0] & 0x3f).to.equal(18)
    // The data packet alone, with the session key: what every recipient's package holds.
    const alone = gpg(['--no-armor', '--override-session-key', sessionKeyOf(body.sessionKey), '--decrypt'], body.dataPacket)
    expect(alone.status, alone.stderr).to.equal(0)
    expect(alone.stdout.toString('utf8')).to.equal('Héllo from the tool ✓\n')
  })

  it('encryptBody and attachmentKey: the cipher the sender’s key prefers (AES-128 in GnuPG’s preferences), as GnuPG reads it', async () => {
    const key = await readPrivateKey({armoredKey: gpg(['--armor', '--export-secret-keys', 'aes128@test.invalid']).stdout.toString()})
    const body = await encryptBody('short key', key)
    const attachment = await attachmentKey(key)
    for (const [session, keyPacket] of [
      [body.sessionKey, body.keyPacket],
      [attachment.sessionKey, attachment.keyPacket],
    ] as const) {
      expect(session.algorithm).to.equal('aes128')
      const decrypted = gpg(['--show-session-key', '--decrypt'], Buffer.concat([keyPacket, body.dataPacket]))
      // 7 is AES-128 (RFC 4880 9.2).
      expect(decrypted.stderr).to.include(`SESSION_KEY 7:${Buffer.from(session.data).toString('hex').toUpperCase()}`)
    }
  })

  it('encryptBody: a tampered data packet is refused by GnuPG', async () => {
    const body = await encryptBody('do not change me', sender)
    const tampered = Buffer.from(body.dataPacket)
    tampered[tampered.length - 10] ^= 0x01
    const refused = gpg(['--decrypt'], Buffer.concat([body.keyPacket, tampered]))
    expect(refused.status).to.not.equal(0)
    expect(refused.stderr).to.match(/DECRYPTION_FAILED|BADMDC/)
    expect(refused.stderr).to.not.include('DECRYPTION_OKAY')
  })

  it('encryptSessionKeyTo: the recipient’s key packet + the body’s data packet decrypt with the recipient’s key alone', async () => {
    const body = await encryptBody('for the recipient', sender)
    const keyPacket = await encryptSessionKeyTo(body.sessionKey, recipient)
    const other = mkdtempSync(join(tmpdir(), 'send-crypto-recipient-'))
    try {
      // A keyring with only the recipient's secret key: the sender's could not open this.
      const other_ = (args: string[], input?: Buffer | string) =>
        spawnSync('gpg', ['--homedir', other, '--batch', '--pinentry-mode', 'loopback', '--passphrase', '', '--trust-model', 'always', ...args], {input})
      expect(other_(['--import'], gpg(['--armor', '--export-secret-keys', 'recipient@test.invalid']).stdout).status).to.equal(0)
      expect(other_(['--import'], gpg(['--armor', '--export', 'sender@test.invalid']).stdout).status).to.equal(0)
      const decrypted = other_(['--decrypt'], Buffer.concat([keyPacket, body.dataPacket]))
      expect(decrypted.status, decrypted.stderr.toString()).to.equal(0)
      expect(decrypted.stdout.toString()).to.equal('for the recipient')
      expect(other_(['--decrypt'], Buffer.concat([body.keyPacket, body.dataPacket])).status).to.not.equal(0)
    } finally {
      spawnSync('gpgconf', ['--homedir', other, '--kill', 'gpg-agent'])
      rmSync(other, {force: true, recursive: true})
    }
  })

  it('attachmentKey + encryptAttachmentStream: key packet + streamed data packet decrypt in GnuPG to the file, its name kept', async () => {
    const {keyPacket, sessionKey} = await attachmentKey(sender)
    expect(sessionKey.algorithm).to.equal('aes256')
    expect(sessionKey.data).to.have.length(32)
    expect(packetLength(keyPacket)).to.equal(keyPacket.length)
    const chunks = Array.from({length: 40}, (_, index) => `line ${index} of the attachment ${'x'.repeat(index * 50)}\n`)
    const data = await readAll(await encryptAttachmentStream(streamOf(...chunks), 'invoice.txt', sender, sessionKey))
    expect(data[0] & 0x3f).to.equal(18)
    const decrypted = gpg(['--show-session-key', '--decrypt'], Buffer.concat([keyPacket, data]))
    expect(decrypted.status, decrypted.stderr).to.equal(0)
    expect(decrypted.stdout.toString()).to.equal(chunks.join(''))
    expect(decrypted.stderr).to.include(`SESSION_KEY ${sessionKeyOf(sessionKey)}`)
    expect(decrypted.stderr).to.match(/PLAINTEXT 62 \d+ invoice\.txt/)
    // Unsigned: the signature goes apart (signDetachedStream).
    expect(decrypted.stderr).to.not.include('SIG')
    const alone = gpg(['--no-armor', '--override-session-key', sessionKeyOf(sessionKey), '--decrypt'], data)
    expect(alone.stdout.toString()).to.equal(chunks.join(''))
  })

  it('encryptAttachmentStream: an empty file too', async () => {
    const {keyPacket, sessionKey} = await attachmentKey(sender)
    const data = await readAll(await encryptAttachmentStream(streamOf(), 'empty.bin', sender, sessionKey))
    const decrypted = gpg(['--decrypt'], Buffer.concat([keyPacket, data]))
    expect(decrypted.status, decrypted.stderr).to.equal(0)
    expect(decrypted.stdout).to.have.length(0)
  })

  it('signDetachedStream: GnuPG verifies the signature over the streamed bytes; other bytes or a tampered signature fail', async () => {
    const chunks = ['first chunk, ', 'second chunk, ', 'z'.repeat(70_000)]
    const signature = await signDetachedStream(streamOf(...chunks), sender)
    const data = file('signed.bin', chunks.join(''))
    const good = gpg(['--verify', file('signed.sig', signature), data])
    expect(good.status, good.stderr).to.equal(0)
    expect(good.stderr).to.match(new RegExp(`VALIDSIG ${fingerprint('sender@test.invalid')} `))
    // A binary signature (type 0x00), not a text one.
    expect(good.stderr).to.match(/SIG_ID \S+ \d{4}-\d\d-\d\d/)
    expect(gpg(['--list-packets', gnupg.path('signed.sig')]).stdout.toString()).to.match(/sigclass 0x00/)
    const other = gpg(['--verify', gnupg.path('signed.sig'), file('other.bin', chunks.join('') + '!')])
    expect(other.status).to.not.equal(0)
    expect(other.stderr).to.include('BADSIG')
    const tampered = Buffer.from(signature)
    tampered[tampered.length - 5] ^= 0x01
    const forged = gpg(['--verify', file('tampered.sig', tampered), data])
    expect(forged.status).to.not.equal(0)
    expect(forged.stderr).to.not.include('VALIDSIG')
  })

  it('readPublicKey: GnuPG’s armored key read (same fingerprint); garbage is undefined', async () => {
    const key = await readPublicKey(gpg(['--armor', '--export', 'recipient@test.invalid']).stdout.toString())
    expect(key?.getFingerprint().toUpperCase()).to.equal(fingerprint('recipient@test.invalid'))
    expect(await readPublicKey('-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nnot a key\n-----END PGP PUBLIC KEY BLOCK-----\n')).to.equal(undefined)
  })
})
