/** Table cells: one line each, encrypted material shortened. */
import {expect} from 'chai'

import {bytesText, cellText, idText, shortenEncrypted} from '../../../src/lib/output/cells.ts'

describe('cells', () => {
  const id = `${'a'.repeat(86)}==`

  it('keeps identifiers (88 characters of base64) whole', () => {
    expect(shortenEncrypted(id)).to.equal(undefined)
    expect(idText(id)).to.equal(id)
  })

  it('shortens armored PGP blocks and long base64 blobs, and cuts long free text', () => {
    expect(cellText('-----BEGIN PGP MESSAGE-----\nabc\n-----END PGP MESSAGE-----')).to.equal('[PGP MESSAGE, 57 chars]')
    expect(cellText(`${'QUJD'.repeat(40)}\n${'QUJD'.repeat(10)}==`)).to.equal('QUJDQUJDQUJD… [base64, 202 chars]')
    expect(cellText('x'.repeat(100))).to.equal(`${'x'.repeat(59)}…`)
    expect(cellText('line one\nline two')).to.equal('line one line two')
    expect(cellText(12_345_678_901_234_567_890n)).to.equal('12345678901234567890')
  })

  it('bytes in binary units', () => {
    expect([0, 1023, 1024, 1_048_576, 5 * 1024 ** 3].map((bytes) => bytesText(bytes))).to.deep.equal(['0 B', '1023 B', '1.0 KiB', '1.0 MiB', '5.0 GiB'])
    expect(bytesText('n/a')).to.equal('n/a')
  })
})
