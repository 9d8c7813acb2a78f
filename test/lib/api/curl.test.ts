/** --dry-run of the raw command: the request as a curl command. */
import {expect} from 'chai'

import {shellQuote} from '../../../src/lib/output/shell-quote.ts'
import {renderCurl} from '../../../src/lib/api/curl.ts'

describe('--dry-run curl rendering', () => {
  it('quotes for the shell and never shows the token', () => {
    expect(shellQuote("it's")).to.equal(String.raw`'it'\''s'`)
    const curl = renderCurl({
      body: {bytes: Buffer.from(`{"Name":"it's"}`)},
      headers: {authorization: 'Bearer secret-token', 'x-pm-uid': 'u1'},
      method: 'POST',
      tokenCommand: 'proton auth token',
      url: new URL('https://mail.proton.me/api/mail/v4/labels?a=1&b=2'),
    })
    expect(curl).to.equal(
      String.raw`curl -sS --compressed 'https://mail.proton.me/api/mail/v4/labels?a=1&b=2' -H "authorization: Bearer ${'$'}(proton auth token)" -H 'x-pm-uid: u1' --data-raw '{"Name":"it'\''s"}'`,
    )
    expect(curl).not.to.include('secret-token')
    expect(renderCurl({body: {bytes: Buffer.from('x'), file: 'a b.bin'}, headers: {}, tokenCommand: 'proton auth token', method: 'PUT', url: new URL('http://h/')})).to.equal(
      "curl -sS --compressed -X PUT 'http://h/' --data-binary '@a b.bin'",
    )
  })

  it('sends text beginning with @ as text, other bytes through printf, and HEAD as -I', () => {
    expect(renderCurl({body: {bytes: Buffer.from('@/etc/hostname')}, headers: {}, tokenCommand: 'proton auth token', method: 'POST', url: new URL('http://h/')})).to.equal(
      "curl -sS --compressed 'http://h/' --data-raw '@/etc/hostname'",
    )
    expect(renderCurl({body: {bytes: Buffer.from([0, 0xff, 0x27])}, headers: {}, tokenCommand: 'proton auth token', method: 'PUT', url: new URL('http://h/')})).to.equal(
      String.raw`printf '\000\377\047' | curl -sS --compressed -X PUT 'http://h/' --data-binary @-`,
    )
    expect(renderCurl({headers: {}, tokenCommand: 'proton auth token', method: 'HEAD', url: new URL('http://h/')})).to.equal("curl -sS --compressed -I 'http://h/'")
  })
})
