/** proton drive volumes in-process (nock). */
import {expect} from 'chai'
import nock from 'nock'

import {API, proton, useInProcessService} from '../../../helpers/in-process.ts'

const VOLUMES =
  '{"Code":1000,"Volumes":[{"VolumeID":"v1","State":1,"Type":1,"UsedSpace":1048576,"MaxSpace":5368709120,"CreateTime":1735689600,"Share":{"ShareID":"s1"}},' +
  '{"ID":"v2","State":3,"Type":2,"UsedSpace":9007199254740993,"MaxSpace":null,"CreationTime":1735693200},' +
  '{"ID":"v3","State":7,"Type":9}]}'

describe('proton drive volumes (in-process, nock)', () => {
  useInProcessService()

  it('drive volumes: Type and State by name (a value without one as its number), CreateTime else CreationTime, space in binary units', async () => {
    nock(API).get('/api/drive/volumes').reply(200, VOLUMES)
    const result = await proton(['drive', 'volumes'])
    expect(result.exit).to.equal(0)
    expect(result.stdout).to.equal(
      ['v1\tRegular\tActive\t1.0 MiB\t5.0 GiB\t2025-01-01T00:00:00+00:00\ts1', 'v2\tPhotos\tLocked\t8.0 PiB\t\t2025-01-01T01:00:00+00:00\t', 'v3\t9\t7\t\t\t\t', ''].join('\n'),
    )
  })

  it('drive volumes --output json is the bytes, --output yaml keeps 9007199254740993 exact', async () => {
    nock(API).get('/api/drive/volumes').twice().reply(200, VOLUMES)
    expect((await proton(['drive', 'volumes', '--output', 'json'])).stdout).to.equal(VOLUMES)
    expect((await proton(['drive', 'volumes', '--output', 'yaml'])).stdout).to.include('UsedSpace: 9007199254740993\n')
  })

  it('a 5xx: exit 5 (--retries 0: the 503 itself, asked once, no back-off)', async () => {
    const scope = nock(API).get('/api/drive/volumes').once().reply(503, '{"Code":503,"Error":"Down for maintenance"}')
    const result = await proton(['drive', 'volumes', '--retries', '0'])
    expect(result.exit).to.equal(5)
    expect(result.stderr).to.include('Down for maintenance')
    expect(result.stdout).to.equal('')
    expect(scope.isDone()).to.equal(true)
  })
})
