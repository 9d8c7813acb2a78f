import {expect} from 'chai'

import {signatureLine} from '../../../src/lib/mail/attachment-files.ts'

describe('mail download: signatureLine', () => {
  const what = 'attachment a1 (invoice.pdf)'

  it('says whose signature it is and what became of it; only a failure is a warning, naming the file written', () => {
    expect(signatureLine(what, 'verified', 'own', 'billing@shop.test', '/d/invoice.pdf')).to.deep.equal({line: `${what}: signature verified (signed by billing@shop.test)`, warning: false})
    expect(signatureLine(what, 'verified', 'message', 'sam@example.test', '/d/q1.csv').line).to.equal(
      `${what}: signature verified (signed by sam@example.test: the message’s signature, over its whole MIME tree)`,
    )
    expect(signatureLine(what, 'unsigned', 'own', undefined, '/d/x').line).to.equal(`${what}: unverified: it carries no signature`)
    expect(signatureLine(what, 'unverified', 'message', undefined, '/d/x').line).to.equal(
      `${what}: unverified: no public key of the sender is known to check the message’s signature (over its whole MIME tree) with`,
    )
    expect(signatureLine(what, 'failed', 'own', 'billing@shop.test', '/d/invoice.pdf')).to.deep.equal({
      line: `WARNING: ${what}: its signature FAILED verification against the keys of billing@shop.test: the file may have been tampered with; written all the same as /d/invoice.pdf`,
      warning: true,
    })
  })

  it('shows a sender’s address safely', () => {
    expect(signatureLine(what, 'verified', 'own', 'evil\u001B[2J@x.test', '/d/x').line).to.not.include('\u001B')
  })
})
