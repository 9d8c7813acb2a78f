/** The text views of the account settings and the mail settings. */
import {expect} from 'chai'

import {displayWidth} from '../../../../src/lib/output/width.ts'
import {mailSettingsText, userSettingsText} from '../../../../src/lib/account/views/settings.ts'
import {setEnvironment, snapshotEnvironment} from '../../../helpers/environment.ts'

describe('the mailbox commands’ text views', () => {
  let restore: () => void
  beforeEach(() => {
    // Times show in the process's zone (TZ).
    restore = snapshotEnvironment()
    setEnvironment({TZ: 'UTC'})
  })
  afterEach(() => restore())

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
})
