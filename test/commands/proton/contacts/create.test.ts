/**
 * proton contacts create and import in-process: what is checked before anything is sent, and --dry-run (no key,
 * no request). Creating and importing against the sandbox, GnuPG reading the cards: test/e2e/contacts.test.ts.
 */
import {expect} from 'chai'
import {writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {proton, useInProcessService} from '../../../helpers/in-process.ts'

describe('proton contacts create and import (in-process)', () => {
  const service = useInProcessService()

  it('create --dry-run: the POST the web client sends, FN, UID and EMAIL in the signed card, TEL and NOTE to be encrypted; nothing sent', async () => {
    const result = await proton(['contacts', 'create', '--name', 'Ann', '--email', 'ann@example.test', '--phone', '+1 555', '--note', 'hi', '--dry-run', '--output', 'json'])
    expect(result.exit).to.equal(0)
    expect(result.stderr).to.equal('Dry run: the request was not sent.\n')
    const [entry] = JSON.parse(result.stdout) as Array<{
      Method: string
      URL: string
      Body: {Contacts: Array<{Cards: Array<{Type: number; Data: string; Signature: string | null}>}>; Overwrite: number; Labels: number}
    }>
    expect([entry.Method, entry.URL]).to.deep.equal(['POST', 'https://mail.proton.me/api/contacts/v4/contacts'])
    expect([entry.Body.Overwrite, entry.Body.Labels]).to.deep.equal([0, 0])
    const [encrypted, signed] = entry.Body.Contacts[0].Cards
    expect(encrypted).to.deep.equal({
      Data: '<encrypted to the primary user key: BEGIN:VCARD\r\nVERSION:4.0\r\nTEL;PREF=1:+1 555\r\nNOTE:hi\r\nEND:VCARD\r\n>',
      Signature: '<a detached signature by the primary user key>',
      Type: 3,
    })
    expect(signed.Type).to.equal(2)
    expect(signed.Data).to.match(/^BEGIN:VCARD\r\nVERSION:4\.0\r\nFN;PREF=1:Ann\r\nITEM1\.EMAIL;PREF=1:ann@example\.test\r\nUID:proton-web-[0-9a-f-]{36}\r\nEND:VCARD\r\n$/)
  })

  for (const [what, args, message] of [
    ['an empty name', ['--name', ' ', '--email', 'a@b.test'], 'Error: --name must not be empty\n'],
    ['an address without @', ['--name', 'A', '--email', 'not-an-address'], 'Error: --email "not-an-address" is not an e-mail address\n'],
  ] as const) {
    it(`create refuses ${what}: exit 1, one line, nothing sent`, async () => {
      expect(await proton(['contacts', 'create', ...args])).to.deep.equal({exit: 1, stderr: message, stdout: ''})
    })
  }

  it('import --dry-run: the file checked and its cards shown, 10 contacts a request, Overwrite 1; nothing sent', async () => {
    const file = join(service.home().home, 'many.vcf')
    writeFileSync(file, Array.from({length: 11}, (_, index) => `BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Person ${index}\r\nEND:VCARD\r\n`).join(''))
    const result = await proton(['contacts', 'import', file, '--dry-run', '--output', 'json'])
    expect(result.exit).to.equal(0)
    expect(result.stderr).to.equal('Dry run: 2 requests were not sent.\n')
    const entries = JSON.parse(result.stdout) as Array<{Body: {Contacts: unknown[]; Overwrite: number}}>
    expect(entries.map(({Body}) => Body.Contacts.length)).to.deep.equal([10, 1])
    // OVERWRITE_CONTACT, as the web client's import sends it: importing the same file again updates.
    expect(entries.map(({Body}) => Body.Overwrite)).to.deep.equal([1, 1])
  })
})
