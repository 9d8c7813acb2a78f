/**
 * The streamed iterated S2K against GnuPG: a passphrase-only message made by gpg (its key is the S2K's output,
 * which --show-session-key prints) gives the same key, for the digests and counts keys use and for a key longer
 * than one digest; OpenPGP.js as openpgp() loads it decrypts such a message.
 */
import {expect} from 'chai'
import {createHash} from 'node:crypto'

import {iteratedS2k} from '../../../src/lib/keys/iterated-s2k.ts'
import {openpgp} from '../../../src/lib/keys/keyring.ts'
import {gnupgHome} from '../../helpers/gnupg-home.ts'

const PASSPHRASE = 'pässwörd with spaces'

describe('iterated S2K (against GnuPG)', function () {
  this.timeout(30_000)
  const home = gnupgHome('proton-s2k-')
  before(() => home.open())
  after(() => home.close())

  /** A message gpg encrypts with the passphrase alone: its bytes and the session key gpg derived. */
  function symmetric(options: string[]): {message: Buffer; key: string} {
    const passphrase = ['--passphrase', PASSPHRASE]
    const made = home.gpg([...passphrase, '--symmetric', '--s2k-mode', '3', ...options, '--output', '-', home.file('plain.txt', 'the plaintext\n')])
    expect(made.status, made.stderr).to.equal(0)
    const shown = home.gpg([...passphrase, '--show-session-key', '--decrypt'], made.stdout)
    expect(shown.status, shown.stderr).to.equal(0)
    return {key: /session key: '\d+:([\dA-F]+)'/.exec(shown.stderr)?.[1] ?? '', message: made.stdout}
  }

  /** The S2K specifier of the message's first packet (old format, tag 3, version 4: RFC 4880 5.3). */
  function specifier(message: Buffer): {hash: number; salt: Buffer; count: number} {
    expect([message[0], message[2], message[4]]).to.deep.equal([0x8c, 4, 3])
    const coded = message[14]
    return {count: (16 + (coded & 15)) << ((coded >> 4) + 6), hash: message[5], salt: message.subarray(6, 14)}
  }

  for (const [digest, name, cipher, bytes, count] of [
    ['SHA256', 'sha256', 'AES256', 32, '65011712'],
    ['SHA1', 'sha1', 'AES256', 32, '1024'],
    ['SHA512', 'sha512', 'AES128', 16, '3000000'],
  ] as const) {
    it(`${digest}, ${cipher}, count ${count}: the key gpg derived`, () => {
      const {key, message} = symmetric(['--s2k-digest-algo', digest, '--s2k-cipher-algo', cipher, '--s2k-count', count])
      const {count: coded, salt} = specifier(message)
      const derived = iteratedS2k(name, salt, new TextEncoder().encode(PASSPHRASE), coded, bytes)
      expect(Buffer.from(derived).toString('hex').toUpperCase()).to.equal(key)
    })
  }

  it('a count smaller than salt and passphrase: the whole of them hashed once', () => {
    const unit = Buffer.concat([Buffer.alloc(8, 7), Buffer.from(PASSPHRASE)])
    const derived = iteratedS2k('sha256', unit.subarray(0, 8), unit.subarray(8), 4, 32)
    expect(Buffer.from(derived).toString('hex')).to.equal(createHash('sha256').update(unit).digest('hex'))
  })

  it('OpenPGP.js as openpgp() loads it decrypts a message gpg locked with the passphrase', async () => {
    const pgp = await openpgp()
    const {message} = symmetric(['--s2k-digest-algo', 'SHA256', '--s2k-count', '65011712'])
    const {data} = await pgp.decrypt({format: 'binary', message: await pgp.readMessage({binaryMessage: message}), passwords: [PASSPHRASE]})
    expect(Buffer.from(data).toString('utf8')).to.equal('the plaintext\n')
  })
})
