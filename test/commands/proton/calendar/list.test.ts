/** proton calendar list in-process (nock). */
import {expect} from 'chai'
import nock from 'nock'

import {API, proton, useInProcessService} from '../../../helpers/in-process.ts'

const CALENDARS = JSON.stringify({
  Calendars: [
    {Color: '#7272a7', Display: 1, Email: 'me@proton.test', Flags: 3, ID: 'c1', Name: 'Mine', Permissions: 127, Type: 0},
    // The service's v1 shape: settings on the first member.
    {ID: 'c2', Members: [{Color: '#DB60D6', Display: 0, Email: 'me@proton.test', Flags: 0, Name: 'Holidays', Permissions: 96}], Type: 2},
    {Color: '#000000', Display: 7, Flags: 128, ID: 'c3', Name: 'Odd', Permissions: 0, Type: 5},
  ],
  Code: 1000,
})

describe('proton calendar list (in-process, nock)', () => {
  useInProcessService()

  it('list: Display and Type by name, Flags and Permissions as every set bit, member-level settings read', async () => {
    nock(API).get('/api/calendar/v1').reply(200, CALENDARS)
    const result = await proton(['calendar', 'list'])
    expect(result.exit).to.equal(0)
    expect(result.stdout).to.equal(
      [
        'ID  NAME      COLOR    DISPLAY  TYPE      FLAGS                     PERMISSIONS                                                       EMAIL',
        'c1  Mine      #7272a7  VISIBLE  PERSONAL  ACTIVE,UPDATE_PASSPHRASE  SUPER_OWNER,OWNER,ADMIN,READ_MEMBER_LIST,WRITE,READ,AVAILABILITY  me@proton.test',
        'c2  Holidays  #DB60D6  HIDDEN   HOLIDAYS  INACTIVE                  READ,AVAILABILITY                                                 me@proton.test',
        'c3  Odd       #000000  7        5         128',
        '',
      ].join('\n'),
    )
  })

  it('list --output json / yaml', async () => {
    nock(API).get('/api/calendar/v1').twice().reply(200, CALENDARS)
    expect((await proton(['calendar', 'list', '--output', 'json'])).stdout).to.equal(CALENDARS)
    expect((await proton(['calendar', 'list', '--output', 'yaml'])).stdout).to.match(/^Calendars:\n {2}- Color: "#7272a7"\n {4}Display: 1\n/)
  })
})
