import {expect} from 'chai'

import {addressesText} from '../../../src/lib/output/views/addresses.ts'
import {displayWidth} from '../../../src/lib/output/fit.ts'
import {filtersText} from '../../../src/lib/output/views/filters.ts'
import {mailSettingsText, userSettingsText} from '../../../src/lib/output/views/settings.ts'
import {setEnvironment, snapshotEnvironment} from '../../helpers/environment.ts'

const LONG_ID = `${'A'.repeat(86)}==`

describe('the mailbox commands’ text views', () => {
  let restore: () => void
  beforeEach(() => {
    restore = snapshotEnvironment()
    setEnvironment({TZ: 'UTC'})
  })
  afterEach(() => restore())

  describe('account addresses', () => {
    it('sorts by the service’s Order (none last, ties as received) and names status and type', () => {
      const text = addressesText(
        {
          Addresses: [
            {Email: 'third@x.test', ID: 'c', Order: 3, Status: 2, Type: 3},
            {Email: 'unordered@x.test', ID: 'z', Status: 7, Type: 9},
            {Email: 'first@x.test', ID: 'a', Order: 1, Status: 1, Type: 1},
            {Email: 'second@x.test', ID: 'b', Order: 2, Status: 0, Type: 5},
            {Email: 'second-too@x.test', ID: 'b2', Order: 2, Status: 1, Type: 6},
          ],
          Code: 1000,
        },
        80,
      )
      expect(text.split('\n')).to.deep.equal([
        'ID  EMAIL              STATUS    TYPE',
        'a   first@x.test       ENABLED   ORIGINAL',
        'b   second@x.test      DISABLED  EXTERNAL',
        'b2  second-too@x.test  ENABLED   GROUP',
        'c   third@x.test       DELETING  CUSTOM_DOMAIN',
        'z   unordered@x.test   7         9',
      ])
    })

    it('fits 80 columns with the service’s 88-character IDs', () => {
      const text = addressesText({Addresses: [{Email: 'a.rather.long.address@proton.test', ID: LONG_ID, Order: 1, Status: 1, Type: 4}]}, 80)
      for (const line of text.split('\n')) expect(displayWidth(line)).to.be.at.most(80)
      expect(text).to.match(/\nA+… {2}a\.rather\.long\.address@proton\.test {2}ENABLED {2}PREMIUM$/)
    })
  })

  it('mail filters list: status by name, in the service’s order, cut to the width', () => {
    const text = filtersText({Code: 1000, Filters: [{ID: 'f2', Name: 'Second', Status: 0}, {ID: LONG_ID, Name: 'x'.repeat(70), Status: 1}]}, 60)
    const lines = text.split('\n')
    expect(lines[0]).to.match(/^ID +NAME +STATUS$/)
    expect(lines[1]).to.match(/^f2 +Second +DISABLED$/)
    expect(lines[2]).to.match(/^A+… +x+… +ENABLED$/)
    for (const line of lines) expect(displayWidth(line)).to.be.at.most(60)
  })

  it('account settings: nested values by path, the published enumerations by name, times as dates', () => {
    const text = userSettingsText(
      {
        Code: 1000,
        UserSettings: {
          '2FA': {Allowed: 3, Enabled: 1, ExpirationTime: 1_735_689_600, RegisteredKeys: []},
          DateFormat: 3,
          Email: {Status: 1, Value: 'me@x.test'},
          HighSecurity: {Value: 1},
          Password: {Mode: 2},
          Phone: {Status: 2},
          TimeFormat: 9,
          WeekStart: 1,
        },
      },
      80,
    )
    expect(text.split('\n')).to.deep.equal([
      'FIELD               VALUE',
      '2FA.Allowed         OTP,FIDO2',
      '2FA.Enabled         OTP',
      '2FA.ExpirationTime  2025-01-01T00:00:00+00:00',
      '2FA.RegisteredKeys  []',
      'DateFormat          YYYYMMDD',
      'Email.Status        VERIFIED',
      'Email.Value         me@x.test',
      'HighSecurity.Value  ENABLED',
      'Password.Mode       TWO_PASSWORD_MODE',
      'Phone.Status        INVALID',
      'TimeFormat          9',
      'WeekStart           MONDAY',
    ])
  })

  it('mail settings: the published enumerations by name, a bit set by its bits, long text cut', () => {
    const text = mailSettingsText(
      {
        Code: 1000,
        MailSettings: {
          AutoResponder: {Repeat: 2, StartTime: 0},
          ImageProxy: 3,
          PGPScheme: 8,
          Signature: `<div>${'signature '.repeat(20)}</div>`,
          SwipeLeft: -1,
          ViewLayout: 0,
          ViewMode: 1,
        },
      },
      80,
    )
    const lines = text.split('\n')
    expect(lines.slice(0, 5)).to.deep.equal([
      'FIELD                    VALUE',
      'AutoResponder.Repeat     WEEKLY',
      'AutoResponder.StartTime  0',
      'ImageProxy               INCORPORATOR,PROXY',
      'PGPScheme                SEND_PGP_INLINE',
    ])
    expect(lines[5]).to.match(/^Signature {16}<div>signature signature .*…$/)
    expect(lines.slice(6)).to.deep.equal(['SwipeLeft                None', 'ViewLayout               COLUMN', 'ViewMode                 SINGLE'])
    for (const line of lines) expect(displayWidth(line)).to.be.at.most(80)
  })

  it('an answer without its list or object is an error pointing to --output json', () => {
    expect(() => filtersText({Code: 1000}, 80)).to.throw('the answer carries no "Filters" list (see it with --output json)')
    expect(() => userSettingsText({Code: 1000}, 80)).to.throw('the answer carries no "UserSettings" object')
  })
})
