/** The shared pieces of the dedicated commands, one by one. */
import {expect} from 'chai'

import {firstEnabledAddressId} from '../../src/lib/addresses.ts'
import {readAnswer} from '../../src/lib/api-answer.ts'
import {bytesText, cellText, idText, shortenEncrypted} from '../../src/lib/cells.ts'
import {localIsoDateTime} from '../../src/lib/dates.ts'
import {bitSetText, enumText} from '../../src/lib/decode.ts'
import {CALENDAR_FLAGS, CALENDAR_PERMISSIONS, LABEL_TYPE} from '../../src/lib/contract.ts'
import type {ApiResponse} from '../../src/lib/http-client.ts'
import {checkColor, MAILBOX_WORDS, parseMailboxLabel} from '../../src/lib/input-checks.ts'
import {pageFooter} from '../../src/lib/views/messages.ts'

const response = (statusCode: number, body: string, headers = {}): ApiResponse => ({
  body: Buffer.from(body),
  headers,
  httpVersion: '1.1',
  statusCode,
  statusMessage: '',
})

describe('dedicated command pieces', () => {
  describe('localIsoDateTime (the zone TZ names)', () => {
    const saved = process.env.TZ
    afterEach(() => {
      if (saved === undefined) delete process.env.TZ
      else process.env.TZ = saved
    })

    it('an explicit zone wins; a zone Intl does not know falls back to the system’s', () => {
      expect(localIsoDateTime(1_735_689_600, 'Asia/Tokyo')).to.equal('2025-01-01T09:00:00+09:00')
      expect(localIsoDateTime(1_735_689_600, 'EST5EDT,M3.2.0,M11.1.0')).to.match(/^20\d\d-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/)
    })

    for (const [zone, text] of [
      ['UTC', '2025-01-01T00:00:00+00:00'],
      ['Asia/Kolkata', '2025-01-01T05:30:00+05:30'],
      ['America/St_Johns', '2024-12-31T20:30:00-03:30'],
    ]) {
      it(`${zone}: ${text}`, () => {
        process.env.TZ = zone
        expect(localIsoDateTime(1_735_689_600)).to.equal(text)
      })
    }
  })

  describe('enumerations and bit sets by name', () => {
    it('names a value, and keeps an unnamed one as its number', () => {
      expect(enumText(LABEL_TYPE, 3)).to.equal('MESSAGE_FOLDER')
      expect(enumText(LABEL_TYPE, 8)).to.equal('8')
      expect(enumText(LABEL_TYPE, 'x')).to.equal('x')
      expect(enumText(LABEL_TYPE, undefined)).to.equal('')
    })

    it('shows every set bit, 0 by its name when it has one, unnamed bits as numbers', () => {
      expect(bitSetText(CALENDAR_FLAGS, 0)).to.equal('INACTIVE')
      expect(bitSetText(CALENDAR_FLAGS, 1 + 4 + 64)).to.equal('ACTIVE,RESET_NEEDED,SUPER_OWNER_DISABLED')
      expect(bitSetText(CALENDAR_PERMISSIONS, 0)).to.equal('')
      expect(bitSetText(CALENDAR_PERMISSIONS, 32 + 256)).to.equal('READ,256')
      expect(bitSetText(CALENDAR_PERMISSIONS, 2n)).to.equal('OWNER')
    })
  })

  describe('cells', () => {
    const id = `${'a'.repeat(86)}==`

    it('keeps identifiers (88 characters of base64) whole', () => {
      expect(shortenEncrypted(id)).to.equal(undefined)
      expect(idText(id)).to.equal(id)
    })

    it('shortens armored PGP blocks and long base64 blobs, and cuts long free text', () => {
      expect(cellText('-----BEGIN PGP MESSAGE-----\nabc\n-----END PGP MESSAGE-----')).to.equal('[PGP MESSAGE, 57 chars]')
      expect(cellText(`${'QUJD'.repeat(40)}\n${'QUJD'.repeat(10)}==`)).to.equal('QUJDQUJDQUJD… [base64, 202 chars]')
      expect(cellText('x'.repeat(100))).to.equal(`${'x'.repeat(59)}…`)
      expect(cellText('line one\nline two')).to.equal('line one line two')
      expect(cellText(12_345_678_901_234_567_890n)).to.equal('12345678901234567890')
    })

    it('bytes in binary units', () => {
      expect([0, 1023, 1024, 1_048_576, 5 * 1024 ** 3].map((bytes) => bytesText(bytes))).to.deep.equal(['0 B', '1023 B', '1.0 KiB', '1.0 MiB', '5.0 GiB'])
      expect(bytesText('n/a')).to.equal('n/a')
    })
  })

  describe('input checks', () => {
    it('colours are # and six hex digits, either case', () => {
      expect(checkColor('#aBc123')).to.equal('#aBc123')
      for (const bad of ['abc123', '#abc', '#abc1234', '#ggg000', ' #abc123']) expect(() => checkColor(bad)).to.throw(/#RRGGBB/)
    })

    it('every MAILBOX_LABEL_IDS name is accepted as a --label word', () => {
      expect(MAILBOX_WORDS).to.include.members(['inbox', 'all-mail', 'starred', 'category-social'])
      expect(MAILBOX_WORDS.map((word) => parseMailboxLabel(word))).to.deep.equal(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '12', '15', '16', '20', '21', '22', '24', '25', '26', '40'])
    })
  })

  describe('readAnswer', () => {
    it('keeps the bytes and parses with exact integers', () => {
      const outcome = readAnswer(response(200, '{"Code":1000,"N":9007199254740993}'))
      expect(outcome.ok && outcome.answer.data).to.deep.equal({Code: 1000, N: 9_007_199_254_740_993n})
      expect(outcome.ok && outcome.answer.body.toString()).to.equal('{"Code":1000,"N":9007199254740993}')
    })

    it('an empty success (204) is an answer without data; an empty failure is its status', () => {
      const empty = readAnswer(response(204, ''))
      expect(empty.ok && empty.answer.data).to.equal(undefined)
      const failed = readAnswer(response(404, ''))
      expect(failed.ok === false && failed.failure).to.deep.equal({exitStatus: 3, message: 'HTTP 404'})
    })

    it('Code 2501 in a 200 answer is still "not found"', () => {
      const outcome = readAnswer(response(200, '{"Code":2501}'))
      expect(outcome.ok === false && outcome.failure.exitStatus).to.equal(3)
    })
  })

  it('first enabled address: lowest Order among Status 1', () => {
    const data = {Addresses: [{ID: 'off', Order: 0, Status: 0}, {ID: 'b', Order: 3, Status: 1}, {ID: 'a', Order: 2, Status: 1}]}
    expect(firstEnabledAddressId(data)).to.equal('a')
    expect(() => firstEnabledAddressId({Addresses: []})).to.throw('the account has no enabled address; pass --address-id')
  })

  it('page footer: pages from 1, at least one page', () => {
    expect(pageFooter(1, 50, 0)).to.equal('page 1 of 1, 0 messages')
    expect(pageFooter(2, 3, 7)).to.equal('page 2 of 3, 7 messages')
    expect(pageFooter(1, 50, 1)).to.equal('page 1 of 1, 1 message')
  })
})
