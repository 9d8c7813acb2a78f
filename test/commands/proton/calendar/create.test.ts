/** proton calendar create in-process (nock): what is refused before anything is sent, and --dry-run. The key setup itself: test/e2e/calendar-events.test.ts. */
import {expect} from 'chai'

import {proton, useInProcessService} from '../../../helpers/in-process.ts'

const MADE = '<made at run time>'
const KEYS_BODY = (AddressID: string) => ({AddressID, Passphrase: {DataPacket: MADE, KeyPacket: MADE}, PrivateKey: MADE, Signature: MADE})

describe('proton calendar create (in-process, nock)', () => {
  useInProcessService()

  it('create with a session that holds no keys: exit 2 naming auth login, nothing sent (nock answers nothing)', async () => {
    const result = await proton(['calendar', 'create', '--name', 'Work', '--color', '#7272a7', '--address-id', 'a-given'])
    expect(result.exit).to.equal(2)
    expect(result.stdout).to.equal('')
    expect(result.stderr).to.equal('Error: a session from PROTON_UID / PROTON_ACCESS_TOKEN carries no keys: run "proton auth login" to use encrypted data\n')
  })

  it('create refuses a bad colour or an empty name before anything, address lookup included', async () => {
    expect(await proton(['calendar', 'create', '--name', 'Work', '--color', '#7272a'])).to.deep.equal({
      exit: 1,
      stderr: 'Error: --color must be a colour of the form #RRGGBB (six hex digits), not "#7272a"\n',
      stdout: '',
    })
    expect((await proton(['calendar', 'create', '--name=', '--color', '#7272a7'])).stderr).to.equal('Error: --name must not be empty\n')
  })

  it('create --dry-run without --address-id: the address read, the calendar and its keys printed with placeholders, nothing sent', async () => {
    const result = await proton(['calendar', 'create', '--name', 'Work', '--color', '#7272a7', '--dry-run', '--output', 'json'])
    expect(result.exit).to.equal(0)
    const address = '<first enabled address from GET /core/v4/addresses>'
    expect(JSON.parse(result.stdout)).to.deep.equal([
      {Method: 'GET', URL: 'https://mail.proton.me/api/core/v4/addresses'},
      {Body: {AddressID: address, Color: '#7272a7', Description: '', Display: 1, Name: 'Work'}, Method: 'POST', URL: 'https://mail.proton.me/api/calendar/v1'},
      {Body: KEYS_BODY(address), Method: 'POST', URL: 'https://mail.proton.me/api/calendar/v1/%3Cthe%20new%20calendar%20ID%3E/keys'},
    ])
    expect(result.stderr).to.equal('Dry run: 3 requests were not sent.\n')
  })

  it('create --dry-run with --address-id: the calendar and its keys', async () => {
    const result = await proton(['calendar', 'create', '--name', 'Work', '--color', '#7272a7', '--address-id', 'a1', '--hidden', '--dry-run', '--output', 'json'])
    expect(JSON.parse(result.stdout)).to.deep.equal([
      {Body: {AddressID: 'a1', Color: '#7272a7', Description: '', Display: 0, Name: 'Work'}, Method: 'POST', URL: 'https://mail.proton.me/api/calendar/v1'},
      {Body: KEYS_BODY('a1'), Method: 'POST', URL: 'https://mail.proton.me/api/calendar/v1/%3Cthe%20new%20calendar%20ID%3E/keys'},
    ])
  })
})
