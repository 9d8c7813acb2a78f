#!/usr/bin/env node
/**
 * Writes src/sandbox/fixtures/calendar-fixture.ts: the seeded calendar's
 * keys and encrypted events, generated ONCE and committed, with OpenPGP.js
 * alone (nothing of src/ but the account keys of key-fixture.ts), so that
 * what the tool reads was not made by the code under test. Run it again
 * only to change what is seeded: `npx node scripts/generate-sandbox-calendar.js`
 * (after generate-sandbox-keys.js, whose address key it uses).
 *
 * As the web client keeps a calendar (WebClients packages/shared/lib/
 * calendar/crypto/keys/calendarKeys.ts generateCalendarKeyPayload): a
 * passphrase of 32 random bytes in base64, a curve25519 "legacy" key named
 * "Calendar key" locked with it, the passphrase encrypted to the primary
 * address key (key packet and data packet apart) and signed by it.
 *
 * Events as the web client writes them (calendar/serialize.ts
 * createCalendarEvent, veventHelper.ts getVeventParts, encrypt.ts): a session
 * key encrypted to the calendar key (SharedKeyPacket), the shared signed part
 * (uid, dtstamp, dtstart, dtend, recurrence-id, rrule, exdate, organizer,
 * sequence) in clear with a detached signature over its bytes, the shared
 * encrypted part (uid, dtstamp, created, summary, description, location)
 * encrypted with the session key and signed, calendar (status, transp) and
 * personal (alarms) signed parts; every signature by the address key.
 * - Dentist: part-day, Europe/Zurich, location, description, an alarm;
 * - Company holiday: whole day, its cards written with bare LF line ends and
 *   signed as text, as older clients did (the legacy verification);
 * - Team stand-up: weekly on Mondays 09:00 Europe/Zurich from 2025-03-17,
 *   EXDATE 2025-03-31 (the Monday after the change to summer time on
 *   2025-03-30), and its 2025-04-07 occurrence moved to 10:00 (a separate
 *   event with RECURRENCE-ID);
 * - `tampered`: not seeded; an event whose encrypted part's signature was
 *   made over other text, which the tests add (POST /__sandbox/events).
 */
import {randomBytes} from 'node:crypto'
import {writeFileSync} from 'node:fs'

import * as openpgp from 'openpgp'

import {sandboxAddressKey} from './sandbox-address-key.js'

const addressKey = await sandboxAddressKey()
const addressPublic = addressKey.toPublic()

// The calendar key and its passphrase, for the member of the primary address.
const passphrase = randomBytes(32).toString('base64')
const calendarKey = await openpgp.generateKey({curve: 'curve25519Legacy', format: 'object', passphrase, type: 'ecc', userIDs: [{name: 'Calendar key'}]})
const calendarPublic = calendarKey.publicKey
const passphraseSession = await openpgp.generateSessionKey({encryptionKeys: addressPublic})
const keySetup = {
  Passphrase: {
    DataPacket: Buffer.from(await openpgp.encrypt({format: 'binary', message: await openpgp.createMessage({text: passphrase}), sessionKey: passphraseSession})).toString('base64'),
    KeyPacket: Buffer.from(await openpgp.encryptSessionKey({...passphraseSession, encryptionKeys: addressPublic, format: 'binary'})).toString('base64'),
  },
  PrivateKey: calendarKey.privateKey.armor(),
  Signature: await openpgp.sign({detached: true, format: 'armored', message: await openpgp.createMessage({text: passphrase}), signingKeys: addressKey}),
}

const PRODID = '-//Proton AG//web-calendar 5.0.0//EN'
const card = (lines, eol = '\r\n') => ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${PRODID}`, 'BEGIN:VEVENT', ...lines, 'END:VEVENT', 'END:VCALENDAR'].join(eol)
const signBinary = async (text) => openpgp.sign({detached: true, format: 'armored', message: await openpgp.createMessage({binary: Buffer.from(text)}), signingKeys: addressKey})
const signText = async (text) => openpgp.sign({detached: true, format: 'armored', message: await openpgp.createMessage({text}), signingKeys: addressKey})
const encrypt = async (text, sessionKey) => Buffer.from(await openpgp.encrypt({format: 'binary', message: await openpgp.createMessage({binary: Buffer.from(text)}), sessionKey})).toString('base64')

/** One event in the body of PUT /calendar/v1/{ID}/events/sync (Events[].Event). */
async function event({uid, shared, secret, calendar, personal, legacy = false, tamper = false}) {
  const eol = legacy ? '\n' : '\r\n'
  const sign = legacy ? signText : signBinary
  const head = [`UID:${uid}`, 'DTSTAMP:20250301T100000Z']
  const sessionKey = await openpgp.generateSessionKey({encryptionKeys: calendarPublic})
  const keyPacket = await openpgp.encryptSessionKey({...sessionKey, encryptionKeys: calendarPublic, format: 'binary'})
  const signed = card([...head, ...shared], eol)
  const encrypted = card([...head, 'CREATED:20250301T100000Z', ...secret], eol)
  const body = {
    Permissions: 1,
    SharedEventContent: [
      {Data: signed, Signature: await sign(signed), Type: 2},
      {Data: await encrypt(encrypted, sessionKey), Signature: await sign(tamper ? encrypted.replace('SUMMARY:', 'SUMMARY:Not ') : encrypted), Type: 3},
    ],
    SharedKeyPacket: Buffer.from(keyPacket).toString('base64'),
  }
  if (calendar) {
    const text = card([...head, ...calendar], eol)
    body.CalendarEventContent = [{Data: text, Signature: await sign(text), Type: 2}]
  }

  if (personal) {
    const text = card([...head, ...personal], eol)
    body.PersonalEventContent = {Data: text, Signature: await sign(text), Type: 2}
  }

  return body
}

const organizer = 'ORGANIZER;CN=demo:mailto:demo@proton.test'
const events = [
  await event({
    calendar: ['STATUS:CONFIRMED', 'TRANSP:OPAQUE'],
    personal: ['BEGIN:VALARM', 'ACTION:DISPLAY', 'TRIGGER:-PT15M', 'END:VALARM'],
    secret: ['SUMMARY:Dentist', 'LOCATION:Bahnhofstrasse 1\\, Zürich', 'DESCRIPTION:Check-up.\\nBring the insurance card.'],
    shared: ['DTSTART;TZID=Europe/Zurich:20250312T140000', 'DTEND;TZID=Europe/Zurich:20250312T150000', organizer, 'SEQUENCE:0'],
    uid: 'dentist-2025@proton.test',
  }),
  await event({
    calendar: ['STATUS:CONFIRMED', 'TRANSP:TRANSPARENT'],
    legacy: true,
    secret: ['SUMMARY:Company holiday'],
    shared: ['DTSTART;VALUE=DATE:20250320', 'DTEND;VALUE=DATE:20250321', 'SEQUENCE:0'],
    uid: 'holiday-2025@proton.test',
  }),
  await event({
    secret: ['SUMMARY:Team stand-up', 'LOCATION:Room 4'],
    shared: [
      'DTSTART;TZID=Europe/Zurich:20250317T090000',
      'DTEND;TZID=Europe/Zurich:20250317T093000',
      'RRULE:FREQ=WEEKLY;BYDAY=MO',
      'EXDATE;TZID=Europe/Zurich:20250331T090000',
      organizer,
      'SEQUENCE:0',
    ],
    uid: 'standup-2025@proton.test',
  }),
  await event({
    secret: ['SUMMARY:Team stand-up (moved)', 'LOCATION:Room 4'],
    shared: ['DTSTART;TZID=Europe/Zurich:20250407T100000', 'DTEND;TZID=Europe/Zurich:20250407T103000', 'RECURRENCE-ID;TZID=Europe/Zurich:20250407T090000', organizer, 'SEQUENCE:1'],
    uid: 'standup-2025@proton.test',
  }),
]
const tampered = await event({
  secret: ['SUMMARY:Board meeting'],
  shared: ['DTSTART:20250314T080000Z', 'DTEND:20250314T090000Z', 'SEQUENCE:0'],
  tamper: true,
  uid: 'tampered-2025@proton.test',
})

const fixture = {events, keySetup, tampered}
const out = new URL('../src/sandbox/fixtures/calendar-fixture.ts', import.meta.url)
writeFileSync(
  out,
  `/**
 * GENERATED by scripts/generate-sandbox-calendar.js (once, then committed): the
 * seeded calendar's key, its passphrase for the primary address of
 * key-fixture.ts, and its encrypted events as the web client syncs them.
 * Test data only: these keys protect nothing.
 */
export const CALENDAR_FIXTURE = ${JSON.stringify(fixture, null, 2)} as const
`,
)
console.log(`wrote ${out.pathname}`)
