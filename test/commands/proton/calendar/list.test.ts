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
        'c1\tMine\t#7272a7\tVISIBLE\tPERSONAL\tACTIVE,UPDATE_PASSPHRASE\tSUPER_OWNER,OWNER,ADMIN,READ_MEMBER_LIST,WRITE,READ,AVAILABILITY\tme@proton.test',
        'c2\tHolidays\t#DB60D6\tHIDDEN\tHOLIDAYS\tINACTIVE\tREAD,AVAILABILITY\tme@proton.test',
        'c3\tOdd\t#000000\t7\t5\t128\t\t',
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
