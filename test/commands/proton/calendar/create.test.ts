/** proton calendar create in-process (nock). */
import {expect} from 'chai'
import nock from 'nock'

import {API, proton, useInProcessService} from '../../../helpers/in-process.ts'

const ADDRESSES = JSON.stringify({
  Addresses: [
    {Email: 'off@proton.test', ID: 'a-disabled', Order: 0, Status: 0},
    {Email: 'alias@proton.test', ID: 'a-second', Order: 2, Status: 1},
    {Email: 'me@proton.test', ID: 'a-first', Order: 1, Status: 1},
  ],
  Code: 1000,
})

const CREATED = '{"Code":1000,"Calendar":{"ID":"cal-new==","Type":0,"Owner":{"Email":"me@proton.test"},"Members":[{"ID":"m1","Flags":9}]}}'
const NO_KEYS =
  'Warning: the calendar has no keys yet (INCOMPLETE_SETUP): this tool does not create calendar keys, so it cannot hold events until a Proton Calendar app (web, desktop or mobile) is opened once with this account and finishes its setup.\n'

describe('proton calendar create (in-process, nock)', () => {
  useInProcessService()

  it('create with --address-id: one POST, Display 1, an empty Description, the ID on stdout and the missing keys said on stderr', async () => {
    nock(API).post('/api/calendar/v1', {AddressID: 'a-given', Color: '#7272a7', Description: '', Display: 1, Name: 'Work'}).reply(200, CREATED)
    const result = await proton(['calendar', 'create', '--name', 'Work', '--color', '#7272a7', '--address-id', 'a-given'])
    expect(result).to.deep.equal({exit: 0, stderr: `Created calendar "Work" (cal-new==).\n${NO_KEYS}`, stdout: 'cal-new==\n'})
  })

  it('create --description is sent; the warning about keys stays even with --quiet', async () => {
    nock(API).post('/api/calendar/v1', {AddressID: 'a-given', Color: '#7272a7', Description: 'Team dates', Display: 1, Name: 'Team'}).reply(200, CREATED)
    const result = await proton(['calendar', 'create', '--name', 'Team', '--color', '#7272a7', '--address-id', 'a-given', '--description', 'Team dates', '--quiet'])
    expect(result).to.deep.equal({exit: 0, stderr: NO_KEYS, stdout: 'cal-new==\n'})
  })

  it('create without --address-id: the first enabled address by Order; --hidden sends Display 0', async () => {
    nock(API)
      .get('/api/core/v4/addresses')
      .reply(200, ADDRESSES)
      .post('/api/calendar/v1', {AddressID: 'a-first', Color: '#7272a7', Description: '', Display: 0, Name: 'Work'})
      .reply(200, CREATED)
    const result = await proton(['calendar', 'create', '--name', 'Work', '--color', '#7272a7', '--hidden'])
    expect(result.exit).to.equal(0)
    expect(result.stdout).to.equal('cal-new==\n')
  })

  it('create with no enabled address: exit 1 asking for --address-id, no POST', async () => {
    nock(API).get('/api/core/v4/addresses').reply(200, '{"Code":1000,"Addresses":[{"ID":"a","Status":2}]}')
    const result = await proton(['calendar', 'create', '--name', 'Work', '--color', '#7272a7'])
    expect(result).to.deep.equal({exit: 1, stderr: 'Error: the account has no enabled address; pass --address-id\n', stdout: ''})
  })

  it('create: the service’s refusal of the address (422, Code 2061) is exit 1, its JSON on stdout with --output json', async () => {
    const refusal = '{"Code":2061,"Error":"AddressID is not one of the account’s addresses"}'
    nock(API).post('/api/calendar/v1').reply(422, refusal)
    const result = await proton(['calendar', 'create', '--name', 'Work', '--color', '#7272a7', '--address-id', 'x', '--output', 'json'])
    expect(result.exit).to.equal(1)
    expect(result.stdout).to.equal(refusal)
    expect(result.stderr).to.equal('Error: HTTP 422 Unprocessable Entity, Code 2061 INVALID_ID_ERROR: AddressID is not one of the account’s addresses\n')
  })

  it('create refuses a bad colour or an empty name before anything, address lookup included', async () => {
    expect(await proton(['calendar', 'create', '--name', 'Work', '--color', '#7272a'])).to.deep.equal({
      exit: 1,
      stderr: 'Error: --color must be a colour of the form #RRGGBB (six hex digits), not "#7272a"\n',
      stdout: '',
    })
    expect((await proton(['calendar', 'create', '--name=', '--color', '#7272a7'])).stderr).to.equal('Error: --name must not be empty\n')
  })

  it('create --dry-run without --address-id: both requests printed, the address a placeholder, nothing sent', async () => {
    const result = await proton(['calendar', 'create', '--name', 'Work', '--color', '#7272a7', '--dry-run', '--output', 'json'])
    expect(result.exit).to.equal(0)
    expect(JSON.parse(result.stdout)).to.deep.equal([
      {Method: 'GET', URL: 'https://mail.proton.me/api/core/v4/addresses'},
      {
        Body: {AddressID: '<first enabled address from GET /core/v4/addresses>', Color: '#7272a7', Description: '', Display: 1, Name: 'Work'},
        Method: 'POST',
        URL: 'https://mail.proton.me/api/calendar/v1',
      },
    ])
    expect(result.stderr).to.equal('Dry run: 2 requests were not sent.\n')
  })

  it('create --dry-run with --address-id: the one POST', async () => {
    const result = await proton(['calendar', 'create', '--name', 'Work', '--color', '#7272a7', '--address-id', 'a1', '--hidden', '--dry-run'])
    expect(result.stdout).to.equal(
      'POST https://mail.proton.me/api/calendar/v1\n{\n  "Name": "Work",\n  "Color": "#7272a7",\n  "Description": "",\n  "Display": 0,\n  "AddressID": "a1"\n}\n',
    )
  })
})
