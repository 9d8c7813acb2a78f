/** File names from senders (attachments): one safe component, never a path (safe-name.ts). */
import {expect} from 'chai'

import {alternativeNames, MAX_NAME_BYTES, NUMBERED_NAMES, safeFileName, shownName} from '../../../src/lib/files/safe-name.ts'

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

  it('a leading "-" (an option to whatever a shell glob hands the name to) becomes "_"', () => {
    expect(safeFileName('-rf', 'x')).to.equal('_rf')
    expect(safeFileName('--checkpoint-action=exec=sh x.sh', 'x')).to.equal('_-checkpoint-action=exec=sh x.sh')
    expect(safeFileName('.-i', 'x')).to.equal('_i')
    expect(safeFileName('a-b.txt', 'x')).to.equal('a-b.txt')
  })

  it('a Windows device name, any case, with or without extensions, gets "_" in front; a longer word does not', () => {
    for (const [name, safe] of [
      ['CON', '_CON'],
      ['nul.txt', '_nul.txt'],
      ['Com1.tar.gz', '_Com1.tar.gz'],
      ['LPT9', '_LPT9'],
      ['aux.', '_aux'],
      ['PRN.pdf', '_PRN.pdf'],
      ['conin$', '_conin$'],
      ['COM¹.txt', '_COM¹.txt'],
      ['console.txt', 'console.txt'],
      ['nullable.txt', 'nullable.txt'],
      ['COM10', 'COM10'],
    ]) {
      expect(safeFileName(name, 'x'), name).to.equal(safe)
    }
  })

  it('invisible characters (Hangul fillers, zero-width, other default-ignorables, U+2800) become "_"', () => {
    for (const filler of ['\u115F', '\u1160', '\u3164', '\uFFA0', '\u200B', '\u200D', '\u2060', '\uFEFF', '\u00AD', '\u034F', '\uFE0F', '\u180E', '\u2800']) {
      expect(safeFileName(`in${filler}voice.pdf`, 'x'), filler.codePointAt(0)?.toString(16)).to.equal('in_voice.pdf')
    }

    expect(safeFileName('\u3164', 'fallback')).to.equal('fallback')
  })

  it('spaces: other kinds become one; a run becomes one; a space before a dot "_", so a second extension shows', () => {
    expect(safeFileName(`name.pdf${' '.repeat(40)}.exe`, 'x')).to.equal('name.pdf_.exe')
    expect(safeFileName('name.pdf\u00A0\u2003\u3000.exe', 'x')).to.equal('name.pdf_.exe')
    expect(safeFileName('my   report .pdf', 'x')).to.equal('my report_.pdf')
    expect(safeFileName('Grüße aus Köln.pdf', 'x')).to.equal('Grüße aus Köln.pdf')
  })

  it(`alternatives number the stem before the extension up to ${NUMBERED_NAMES}, then take a random suffix`, () => {
    const names = [...alternativeNames('report.pdf')]
    expect(names.slice(0, 2)).to.deep.equal(['report (1).pdf', 'report (2).pdf'])
    expect(names[NUMBERED_NAMES - 1]).to.equal(`report (${NUMBERED_NAMES}).pdf`)
    const random = names.slice(NUMBERED_NAMES)
    expect(random.length).to.be.greaterThan(0)
    for (const name of random) expect(name).to.match(/^report \([\da-f]{16}\)\.pdf$/)
    expect(new Set(random).size).to.equal(random.length)
    expect([...alternativeNames('attachment')][0]).to.equal('attachment (1)')
  })

  it('shownName quotes a name with every character that does not show as itself escaped', () => {
    expect(shownName('in\u3164voice\u200B.pdf\u00A0.exe')).to.equal(String.raw`"in\u3164voice\u200b.pdf\u00a0.exe"`)
    expect(shownName('\u001b[31m.txt')).to.equal(String.raw`"\u001b[31m.txt"`)
    expect(shownName('plain name.pdf')).to.equal('"plain name.pdf"')
  })
})
