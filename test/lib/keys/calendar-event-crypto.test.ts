/**
 * The calendar event cryptography against parts made by
 * scripts/generate-sandbox-calendar.js (OpenPGP.js alone, not this code):
 * the seeded calendar's passphrase opened with the address key and its
 * signature checked, a shared part decrypted and verified, the legacy
 * text-mode signature accepted, tampered data and signatures refused.
 */
import {expect} from 'chai'
import type {PrivateKey, PublicKey} from 'openpgp'

import {CARD, openCard, openSessionKey, verifyCard} from '../../../src/lib/keys/calendar-event-crypto.ts'
import {openMemberPassphrase, unlockCalendarKeys} from '../../../src/lib/keys/calendar-keys.ts'
import {keyPassphrase} from '../../../src/lib/keys/passphrase.ts'
import {unlockAddressKeys, unlockUserKeys} from '../../../src/lib/keys/keyring.ts'
import {CALENDAR_FIXTURE} from '../../../src/lib/sandbox/calendar/calendar-fixture.ts'
import {KEY_FIXTURE} from '../../../src/lib/sandbox/key-fixture.ts'

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
})
