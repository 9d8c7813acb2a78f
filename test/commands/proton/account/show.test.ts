/** proton account show in-process (nock). */
import {expect} from 'chai'
import nock from 'nock'

import {API, proton, useInProcessService} from '../../../helpers/in-process.ts'

const KEY = `-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n${'xcLYBGd'.repeat(40)}\n=abcd\n-----END PGP PRIVATE KEY BLOCK-----\n`
const BLOB = 'QUJD'.repeat(50)
const USER = JSON.stringify({
  Code: 1000,
  User: {
    CreateTime: 1_735_689_600,
    Delinquent: 2,
    Email: 'me@proton.test',
    Flags: {protected: false, sso: false},
    ID: 'u1',
    Keys: [{ID: 'k1', PrivateKey: KEY, Token: BLOB}],
    LockedFlags: 3,
    MaxSpace: 1024,
    MnemonicStatus: 3,
    Name: 'me',
    Private: 1,
    Role: 2,
    Services: 5,
    Subscribed: 0,
    Type: 1,
    UsedSpace: 512,
  },
})

describe('proton account show (in-process, nock)', () => {
  useInProcessService()

  it('account show: one row per field, published enumerations by name, bit sets as the number and every bit, keys shortened and never decrypted', async () => {
    nock(API).get('/api/core/v4/users').reply(200, USER)
    const result = await proton(['account', 'show'])
    expect(result.exit).to.equal(0)
    expect(result.stdout).to.equal(
      [
        'FIELD               VALUE',
        'CreateTime          2025-01-01T00:00:00+00:00',
        'Delinquent          2 (an invoice is overdue)',
        'Email               me@proton.test',
        'Flags.protected     false',
        'Flags.sso           false',
        'ID                  u1',
        'Keys[0].ID          k1',
        `Keys[0].PrivateKey  [PGP PRIVATE KEY BLOCK, ${KEY.length} chars]`,
        'Keys[0].Token       QUJDQUJDQUJD… [base64, 200 chars]',
        'LockedFlags         3 (BASE_STORAGE_EXCEEDED,DRIVE_STORAGE_EXCEEDED)',
        'MaxSpace            1024 (1.0 KiB)',
        'MnemonicStatus      SET',
        'Name                me',
        'Private             1 (yes: only the user can read their data)',
        'Role                ADMIN_ROLE',
        'Services            5 (MAIL,VPN)',
        'Subscribed          0 (none)',
        'Type                PROTON',
        'UsedSpace           512 (512 B)',
        '',
      ].join('\n'),
    )
  })

  it('account show: a value without a published meaning stays a number; a bit without a name shows as its value', async () => {
    nock(API)
      .get('/api/core/v4/users')
      .reply(200, JSON.stringify({Code: 1000, User: {Role: 9, Services: 129, Type: 0}}))
    const result = await proton(['account', 'show'])
    expect(result.stdout).to.equal(['FIELD     VALUE', 'Role      9', 'Services  129 (MAIL,128)', 'Type      0', ''].join('\n'))
  })

  it('account show --output json prints the key whole, exactly as received', async () => {
    nock(API).get('/api/core/v4/users').reply(200, USER)
    const result = await proton(['account', 'show', '--output', 'json'])
    expect(result.stdout).to.equal(USER)
  })

  it('a 401 without a refresh token: exit 2 and the error line', async () => {
    nock(API).get('/api/core/v4/users').reply(401, '{"Code":401,"Error":"Invalid access token"}')
    const result = await proton(['account', 'show'])
    expect(result).to.deep.equal({exit: 2, stderr: 'Error: HTTP 401 Unauthorized, Code 401: Invalid access token\n', stdout: ''})
  })
})
