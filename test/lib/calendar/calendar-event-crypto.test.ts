/**
 * The calendar event cryptography against parts made by
 * scripts/generate-sandbox-calendar.js (OpenPGP.js alone, not this code):
 * the seeded calendar's passphrase opened with the address key and its
 * signature checked, a shared part decrypted and verified, the legacy
 * text-mode signature accepted, tampered data and signatures refused.
 */
import {expect} from 'chai'
import {createMessage, encrypt, enums, type PrivateKey, type PublicKey, readKey, readPrivateKey} from 'openpgp'

import {CARD, encryptCard, MAX_PART_BYTES, newSessionKey, openCard, openSessionKey, signCard, verifyCard} from '../../../src/lib/calendar/calendar-event-crypto.ts'
import {openCardDirectly} from '../../../src/lib/calendar/event-crypto-direct.ts'
import {Unsupported} from '../../../src/lib/crypto/direct/packets.ts'
import {openMemberPassphrase, unlockCalendarKeys} from '../../../src/lib/calendar/calendar-keys.ts'
import {keyPassphrase} from '../../../src/lib/crypto/passphrase.ts'
import {unlockAddressKeys, unlockUserKeys} from '../../../src/lib/crypto/keyring.ts'
import {CALENDAR_FIXTURE} from '../../../src/sandbox/fixtures/calendar-fixture.ts'
import {KEY_FIXTURE} from '../../../src/sandbox/fixtures/key-fixture.ts'
import {gnupgHome} from '../../helpers/gnupg-home.ts'

describe('calendar event cryptography (fixtures made by OpenPGP.js in a separate script)', function () {
  this.timeout(30_000)
  let addressKeys: PrivateKey[] = []
  let authorKeys: PublicKey[] = []
  let calendarKeys: PrivateKey[] = []

  before(async () => {
    const passphrase = keyPassphrase('demo', KEY_FIXTURE.keySalt)
    const user = await unlockUserKeys([{ID: 'u', PrivateKey: KEY_FIXTURE.userKey}], passphrase)
    addressKeys = (await unlockAddressKeys([{ID: 'a', ...KEY_FIXTURE.addressKeys[0]}], user.keys, passphrase)).keys
    authorKeys = addressKeys.map((key) => key.toPublic())
    const packets = Buffer.concat([Buffer.from(CALENDAR_FIXTURE.keySetup.Passphrase.KeyPacket, 'base64'), Buffer.from(CALENDAR_FIXTURE.keySetup.Passphrase.DataPacket, 'base64')])
    const armored = `-----BEGIN PGP MESSAGE-----\n\n${packets.toString('base64')}\n-----END PGP MESSAGE-----\n`
    const secret = await openMemberPassphrase({Passphrase: armored, Signature: CALENDAR_FIXTURE.keySetup.Signature}, addressKeys)
    calendarKeys = await unlockCalendarKeys([CALENDAR_FIXTURE.keySetup.PrivateKey], secret)
  })

  it('the member passphrase opens with the address key and its signature holds; the calendar key unlocks with it', () => {
    expect(calendarKeys).to.have.length(1)
    expect(calendarKeys[0].isDecrypted()).to.equal(true)
  })

  it('a member passphrase whose signature is over something else is refused', async () => {
    const packets = Buffer.concat([Buffer.from(CALENDAR_FIXTURE.keySetup.Passphrase.KeyPacket, 'base64'), Buffer.from(CALENDAR_FIXTURE.keySetup.Passphrase.DataPacket, 'base64')])
    const armored = `-----BEGIN PGP MESSAGE-----\n\n${packets.toString('base64')}\n-----END PGP MESSAGE-----\n`
    const otherSignature = CALENDAR_FIXTURE.events[0].SharedEventContent[0].Signature
    let failure: unknown
    await openMemberPassphrase({Passphrase: armored, Signature: otherSignature}, addressKeys).catch((error: unknown) => (failure = error))
    expect(failure).to.be.instanceOf(Error)
  })

  it('the shared parts of an event: the signed one verified, the encrypted one decrypted and verified', async () => {
    const [event] = CALENDAR_FIXTURE.events
    const sessionKey = await openSessionKey(event.SharedKeyPacket, calendarKeys)
    const [signed, encrypted] = event.SharedEventContent
    expect(await openCard(signed, sessionKey, authorKeys)).to.include({verification: 'verified'})
    const opened = await openCard(encrypted, sessionKey, authorKeys)
    expect(opened.verification).to.equal('verified')
    expect(opened.text).to.include('\r\nSUMMARY:Dentist\r\n')
    // No keys to check with: unverified, never verified.
    expect((await openCard(signed, sessionKey, [])).verification).to.equal('unverified')
  })

  it('the legacy text-mode signature over bare LF line ends verifies (through the fallback); the same signature over other text fails', async () => {
    const holiday = CALENDAR_FIXTURE.events[1]
    const [signed] = holiday.SharedEventContent
    expect(signed.Data).to.include('\nDTSTART;VALUE=DATE:20250320\n')
    expect(await verifyCard(signed.Data, signed.Signature, authorKeys)).to.equal('verified')
    expect(await verifyCard(signed.Data.replace('20250320', '20250321'), signed.Signature, authorKeys)).to.equal('failed')
  })

  it('a tampered signature fails; a tampered data packet does not decrypt', async () => {
    const {tampered} = CALENDAR_FIXTURE
    const sessionKey = await openSessionKey(tampered.SharedKeyPacket, calendarKeys)
    expect((await openCard(tampered.SharedEventContent[1], sessionKey, authorKeys)).verification).to.equal('failed')
    const data = Buffer.from(CALENDAR_FIXTURE.events[0].SharedEventContent[1].Data, 'base64')
    data[data.length - 5] ^= 0x01
    const [event] = CALENDAR_FIXTURE.events
    const key = await openSessionKey(event.SharedKeyPacket, calendarKeys)
    let failure: unknown
    await openCard({...event.SharedEventContent[1], Data: data.toString('base64'), Type: CARD.ENCRYPTED_AND_SIGNED}, key, authorKeys).catch((error: unknown) => (failure = error))
    expect(failure).to.be.instanceOf(Error)
  })

  it('a part that inflates past MAX_PART_BYTES is refused, not inflated further: with OpenPGP.js and directly', async () => {
    const [event] = CALENDAR_FIXTURE.events
    const sessionKey = await openSessionKey(event.SharedKeyPacket, calendarKeys)
    // A few KiB of ZLIB that inflate to 1 MiB past the bound.
    const bomb = await encrypt({
      config: {preferredCompressionAlgorithm: enums.compression.zlib},
      format: 'binary',
      message: await createMessage({binary: Buffer.alloc(MAX_PART_BYTES + 1024 * 1024)}),
      sessionKey,
    })
    expect(bomb.length).to.be.below(64 * 1024)
    const card = {Data: Buffer.from(bomb).toString('base64'), Signature: null, Type: CARD.ENCRYPTED}
    let failure: unknown
    await openCard(card, sessionKey, authorKeys).catch((error: unknown) => (failure = error))
    expect(String((failure as Error | undefined)?.message)).to.equal(`it inflates past ${MAX_PART_BYTES} bytes`)
    expect(() => openCardDirectly(card, {algorithm: sessionKey.algorithm as 'aes256', data: sessionKey.data}, [])).to.throw(Unsupported)
    // Within the bound, both read it.
    const fits = await encrypt({
      config: {preferredCompressionAlgorithm: enums.compression.zlib},
      format: 'binary',
      message: await createMessage({binary: Buffer.from('BEGIN:VEVENT\r\nEND:VEVENT\r\n')}),
      sessionKey,
    })
    const small = {...card, Data: Buffer.from(fits).toString('base64')}
    expect((await openCard(small, sessionKey, authorKeys)).text).to.equal('BEGIN:VEVENT\r\nEND:VEVENT\r\n')
    expect(openCardDirectly(small, {algorithm: sessionKey.algorithm as 'aes256', data: sessionKey.data}, []).text).to.equal('BEGIN:VEVENT\r\nEND:VEVENT\r\n')
  })
})

describe('calendar event cryptography against GnuPG: parts GnuPG makes are opened, parts the tool makes GnuPG reads', function () {
  this.timeout(30_000)
  let author: PrivateKey
  let calendar: PrivateKey
  const gnupg = gnupgHome('calendar-event-gpg-')
  const {file, fingerprint, gpg, makeKey} = gnupg

  /** A detached armored signature by GnuPG (binary, or text with --textmode). */
  const sign = (text: string, options: string[] = ['--local-user', 'author@test.invalid']) => gpg(['--armor', ...options, '--detach-sign', '--output', '-'], text).stdout.toString()
  /** GnuPG's message to the calendar key split where its data packet begins (one PKESK, old-format header), and its session key. */
  const encrypted = (text: string) => {
    const bytes = gpg(['--recipient', 'calendar@test.invalid', '--compress-algo', 'none', '--encrypt', '--output', '-'], text).stdout
    expect(bytes[0] & 0xc0).to.equal(0x80)
    const lengthOctets = [1, 2, 4][bytes[0] & 0x03]
    const end = 1 + lengthOctets + bytes.readUIntBE(1, lengthOctets)
    const [, algo, hex] = /SESSION_KEY (\d+):([\dA-F]+)/.exec(gpg(['--show-session-key', '--decrypt'], bytes).stderr) ?? []
    expect(algo).to.equal('9')
    return {dataPacket: bytes.subarray(end).toString('base64'), keyPacket: bytes.subarray(0, end).toString('base64'), sessionKey: {algorithm: 'aes256' as const, data: Buffer.from(hex, 'hex')}}
  }

  before(async () => {
    gnupg.open()
    makeKey('author@test.invalid')
    makeKey('calendar@test.invalid')
    makeKey('other@test.invalid')
    makeKey('aes128@test.invalid', ['--default-preference-list', 'AES128 SHA256 Uncompressed'])
    author = await readPrivateKey({armoredKey: gpg(['--armor', '--export-secret-keys', 'author@test.invalid']).stdout.toString()})
    calendar = await readPrivateKey({armoredKey: gpg(['--armor', '--export-secret-keys', 'calendar@test.invalid']).stdout.toString()})
  })

  after(() => gnupg.close())

  it('openSessionKey: GnuPG’s key packet opens with the calendar key to GnuPG’s session key; with other keys it is refused', async () => {
    const {keyPacket, sessionKey} = encrypted('x')
    const opened = await openSessionKey(keyPacket, [calendar])
    expect(opened.algorithm).to.equal('aes256')
    expect(Buffer.from(opened.data).equals(sessionKey.data)).to.equal(true)
    const failure = await openSessionKey(keyPacket, [author]).then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(failure).to.be.instanceOf(Error)
  })

  it('openCard: GnuPG’s encrypted and signed part decrypted and verified, encrypted only unverified, signed only verified, clear text as is', async () => {
    const text = 'BEGIN:VEVENT\r\nSUMMARY:Réunion ✓\r\nEND:VEVENT\r\n'
    const {dataPacket, keyPacket} = encrypted(text)
    const sessionKey = await openSessionKey(keyPacket, [calendar])
    const keys = [author.toPublic()]
    expect(await openCard({Data: dataPacket, Signature: sign(text), Type: CARD.ENCRYPTED_AND_SIGNED}, sessionKey, keys)).to.deep.equal({text, verification: 'verified'})
    expect(await openCard({Data: dataPacket, Signature: sign(text, ['--local-user', 'other@test.invalid']), Type: CARD.ENCRYPTED_AND_SIGNED}, sessionKey, keys)).to.deep.equal({
      text,
      verification: 'failed',
    })
    expect(await openCard({Data: dataPacket, Signature: null, Type: CARD.ENCRYPTED_AND_SIGNED}, sessionKey, keys)).to.deep.equal({text, verification: 'failed'})
    expect(await openCard({Data: dataPacket, Signature: sign(text), Type: CARD.ENCRYPTED}, sessionKey, keys)).to.deep.equal({text, verification: 'unverified'})
    expect(await openCard({Data: text, Signature: sign(text), Type: CARD.SIGNED}, undefined, keys)).to.deep.equal({text, verification: 'verified'})
    expect(await openCard({Data: text, Signature: sign('other'), Type: CARD.SIGNED}, undefined, keys)).to.deep.equal({text, verification: 'failed'})
    expect(await openCard({Data: text, Signature: sign('other'), Type: CARD.CLEAR_TEXT}, undefined, keys)).to.deep.equal({text, verification: 'unverified'})
    const refused = async (card: {Data: string; Type: number}, key: typeof sessionKey | undefined) =>
      openCard(card, key, keys).then(
        () => undefined,
        (error: unknown) => (error as Error).message,
      )
    expect(await refused({Data: text, Type: 4}, sessionKey)).to.equal('unknown part Type 4')
    expect(await refused({Data: dataPacket, Type: CARD.ENCRYPTED}, undefined)).to.equal('an encrypted part, but no key packet to open it')
    const tampered = Buffer.from(dataPacket, 'base64')
    tampered[tampered.length - 30] ^= 0x01
    expect(await refused({Data: tampered.toString('base64'), Type: CARD.ENCRYPTED}, sessionKey)).to.be.a('string')
  })

  it('verifyCard: GnuPG’s text signatures (the legacy cards): over bare LF or spaces before CRLF, checked again as text with trailing blanks stripped; not otherwise', async () => {
    const keys = [author.toPublic()]
    const textSign = (text: string) => sign(text, ['--local-user', 'author@test.invalid', '--textmode'])
    expect(await verifyCard('A\nB\n', textSign('A\nB\n'), keys)).to.equal('verified')
    expect(await verifyCard('A \r\nB\t\r\n', textSign('A\r\nB\r\n'), keys)).to.equal('verified')
    expect(await verifyCard('A\t\nB  ', textSign('A\nB'), keys)).to.equal('verified')
    expect(await verifyCard('A\nB\n', textSign('A\nC\n'), keys)).to.equal('failed')
    // Blanks stripped only where a legacy card could have them: not at the end of a text without line ends.
    expect(await verifyCard('no line end ', textSign('no line end'), keys)).to.equal('failed')
    expect(await verifyCard('A\r\nB ', textSign('A\r\nB'), keys)).to.equal('failed')
    expect(await verifyCard('A\nB\n', 'not a signature', keys)).to.equal('failed')
    expect(await verifyCard('A\nB\n', textSign('A\nB\n'), [])).to.equal('unverified')
    expect(await verifyCard('A\nB\n', '', keys)).to.equal('failed')
  })

  it('verifyCard: one signature of two by a key held is enough (GnuPG signing with two keys)', async () => {
    const both = sign('card', ['--local-user', 'other@test.invalid', '--local-user', 'author@test.invalid'])
    expect(await verifyCard('card', both, [author.toPublic()])).to.equal('verified')
    expect(await verifyCard('card', both, [calendar.toPublic()])).to.equal('failed')
  })

  it('newSessionKey: in the cipher the calendar key prefers (AES-128 in GnuPG’s preferences), as GnuPG reads the key packet', async () => {
    const {keyPacket, sessionKey} = await newSessionKey(await readKey({armoredKey: gpg(['--armor', '--export', 'aes128@test.invalid']).stdout.toString()}))
    expect(sessionKey.algorithm).to.equal('aes128')
    const card = await encryptCard('x', author, sessionKey)
    const decrypted = gpg(['--show-session-key', '--decrypt'], Buffer.concat([Buffer.from(keyPacket, 'base64'), Buffer.from(card.Data, 'base64')]))
    expect(decrypted.status, decrypted.stderr).to.equal(0)
    // 7 is AES-128 (RFC 4880 9.2).
    expect(decrypted.stderr).to.include(`SESSION_KEY 7:${Buffer.from(sessionKey.data).toString('hex').toUpperCase()}`)
  })

  it('newSessionKey + encryptCard + signCard: GnuPG decrypts the part with the calendar key and verifies the author’s binary signature; a tampered one fails', async () => {
    const text = 'BEGIN:VEVENT\r\nDESCRIPTION:café\r\nEND:VEVENT\r\n'
    const {keyPacket, sessionKey} = await newSessionKey(calendar.toPublic())
    expect(sessionKey.algorithm).to.equal('aes256')
    const card = await encryptCard(text, author, sessionKey)
    const decrypted = gpg(['--show-session-key', '--decrypt'], Buffer.concat([Buffer.from(keyPacket, 'base64'), Buffer.from(card.Data, 'base64')]))
    expect(decrypted.status, decrypted.stderr).to.equal(0)
    expect(decrypted.stdout.toString('utf8')).to.equal(text)
    expect(decrypted.stderr).to.include(`SESSION_KEY 9:${Buffer.from(sessionKey.data).toString('hex').toUpperCase()}`)
    // No signature inside: it goes apart.
    expect(decrypted.stderr).to.not.include('SIG')
    const data = file('card', Buffer.from(text, 'utf8'))
    const verified = gpg(['--verify', file('card.asc', card.Signature), data])
    expect(verified.status, verified.stderr).to.equal(0)
    expect(verified.stderr).to.match(new RegExp(`VALIDSIG ${fingerprint('author@test.invalid')} `))
    expect(gpg(['--list-packets', gnupg.path('card.asc')]).stdout.toString()).to.match(/sigclass 0x00/)
    const lone = await signCard('clear part', author)
    expect(gpg(['--verify', file('clear.asc', lone), file('clear', 'clear part')]).status).to.equal(0)
    expect(gpg(['--verify', gnupg.path('clear.asc'), file('other', 'clear part!')]).stderr).to.include('BADSIG')
  })
})
