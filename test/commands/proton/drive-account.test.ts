/** proton drive volumes and proton account show in-process (nock). */
import {expect} from 'chai'
import nock from 'nock'

import {API, proton, useInProcessService} from '../../helpers/in-process.ts'

const VOLUMES =
  '{"Code":1000,"Volumes":[{"VolumeID":"v1","State":1,"UsedSpace":1048576,"MaxSpace":5368709120,"CreateTime":1735689600,"Share":{"ShareID":"s1"}},' +
  '{"ID":"v2","State":3,"UsedSpace":9007199254740993,"MaxSpace":null}]}'

const KEY = `-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n${'xcLYBGd'.repeat(40)}\n=abcd\n-----END PGP PRIVATE KEY BLOCK-----\n`
const BLOB = 'QUJD'.repeat(50)
const USER = JSON.stringify({
  Code: 1000,
  User: {CreateTime: 1_735_689_600, Email: 'me@proton.test', ID: 'u1', Keys: [{ID: 'k1', PrivateKey: KEY, Token: BLOB}], MaxSpace: 1024, Name: 'me', Role: 2, Subscribed: 0},
})

describe('proton drive volumes and account show (in-process, nock)', () => {
  useInProcessService()

  it('drive volumes: IDs whole, space in binary units, times local', async () => {
    nock(API).get('/api/drive/volumes').reply(200, VOLUMES)
    const result = await proton(['drive', 'volumes'])
    expect(result.exit).to.equal(0)
    expect(result.stdout).to.equal(
      [
        'ID  STATE  USED     MAX      CREATED                    SHARE',
        'v1  1      1.0 MiB  5.0 GiB  2025-01-01T00:00:00+00:00  s1',
        'v2  3      8.0 PiB',
        '',
      ].join('\n'),
    )
  })

  it('drive volumes --output json is the bytes, --output yaml keeps 9007199254740993 exact', async () => {
    nock(API).get('/api/drive/volumes').twice().reply(200, VOLUMES)
    expect((await proton(['drive', 'volumes', '--output', 'json'])).stdout).to.equal(VOLUMES)
    expect((await proton(['drive', 'volumes', '--output', 'yaml'])).stdout).to.include('UsedSpace: 9007199254740993\n')
  })

  it('account show: one row per field, Role by name, keys shortened and never decrypted', async () => {
    nock(API).get('/api/core/v4/users').reply(200, USER)
    const result = await proton(['account', 'show'])
    expect(result.exit).to.equal(0)
    expect(result.stdout).to.equal(
      [
        'FIELD               VALUE',
        'CreateTime          2025-01-01T00:00:00+00:00',
        'Email               me@proton.test',
        'ID                  u1',
        'Keys[0].ID          k1',
        `Keys[0].PrivateKey  [PGP PRIVATE KEY BLOCK, ${KEY.length} chars]`,
        'Keys[0].Token       QUJDQUJDQUJD… [base64, 200 chars]',
        'MaxSpace            1024 (1.0 KiB)',
        'Name                me',
        'Role                ORGANIZATION_ADMIN',
        'Subscribed          0',
        '',
      ].join('\n'),
    )
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

  it('a 5xx: exit 5', async () => {
    nock(API).get('/api/drive/volumes').reply(503, '{"Code":503,"Error":"Down for maintenance"}')
    expect((await proton(['drive', 'volumes'])).exit).to.equal(5)
  })
})
