/** File names from senders (attachments): one safe component, never a path (safe-name.ts). */
import {expect} from 'chai'

import {alternativeNames, MAX_NAME_BYTES, safeFileName} from '../../../src/lib/files/safe-name.ts'

describe('safe-name', () => {
  it('keeps an ordinary name as it is, Unicode included', () => {
    expect(safeFileName('invoice-2025-03.txt', 'x')).to.equal('invoice-2025-03.txt')
    expect(safeFileName('Grüße aus Köln (final).pdf', 'x')).to.equal('Grüße aus Köln (final).pdf')
  })

  it('never lets a path through: separators, traversal, absolute and Windows paths', () => {
    expect(safeFileName('../../etc/passwd', 'x')).to.equal('_.._etc_passwd')
    expect(safeFileName('/etc/passwd', 'x')).to.equal('_etc_passwd')
    expect(safeFileName('C:\\Windows\\win.ini', 'x')).to.equal('C__Windows_win.ini')
    for (const name of ['..', '.', '...', '/', '\\', './', ' . ']) expect(safeFileName(name, 'fallback')).to.equal('fallback')
  })

  it('replaces NUL, control and format characters (a right-to-left override too), and drops leading dots and trailing dots and spaces', () => {
    expect(safeFileName('a\u0000b', 'x')).to.equal('a_b')
    expect(safeFileName('\u001b[2Jclear', 'x')).to.equal('_[2Jclear')
    expect(safeFileName('invoice\u202Etxt.exe', 'x')).to.equal('invoice_txt.exe')
    expect(safeFileName('.bashrc', 'x')).to.equal('bashrc')
    expect(safeFileName('name. . ', 'x')).to.equal('name')
    expect(safeFileName('a<b>c:d"e|f?g*h', 'x')).to.equal('a_b_c_d_e_f_g_h')
  })

  it('an empty, missing or all-replaced name becomes the fallback', () => {
    for (const name of ['', undefined, null, 42, '\u0000\u0001']) expect(safeFileName(name, 'attachment')).to.equal('attachment')
  })

  it(`cuts a long name to ${MAX_NAME_BYTES} bytes of UTF-8, keeping its extension and whole characters`, () => {
    const long = safeFileName(`${'é'.repeat(300)}.pdf`, 'x')
    expect(Buffer.byteLength(long)).to.be.at.most(MAX_NAME_BYTES)
    expect(long.endsWith('é.pdf')).to.equal(true)
    expect(long).to.not.include('\uFFFD')
  })

  it('alternatives number the stem, before the extension', () => {
    expect(alternativeNames('report.pdf', 2)).to.deep.equal(['report (1).pdf', 'report (2).pdf'])
    expect(alternativeNames('attachment', 1)).to.deep.equal(['attachment (1)'])
  })
})
