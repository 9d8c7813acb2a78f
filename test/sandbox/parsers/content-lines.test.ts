/** The sandbox's own content-line reader (RFC 5545 §3.1, RFC 6350 §3.3), on hand-written text. */
import {expect} from 'chai'

import {ContentError, onlyBlock, parseBlocks, parseLine, textValue, unfold} from '../../../src/sandbox/parsers/content-lines.ts'

describe('sandbox/content-lines: its own reader of vCard and iCalendar text', () => {
  it('unfolds CRLF or LF followed by one space or tab (only that one character goes); blank lines are dropped', () => {
    expect(unfold('A:one\r\n  two\r\nB:x\n\ty\n\nC:z\r\n')).to.deep.equal(['A:one two', 'B:xy', 'C:z'])
    expect(() => unfold(' A:x')).to.throw(ContentError, /continuation/)
  })

  it('splits group, name, parameters and value: quoted values keep ; : and , (a list unless quoted), names in lower case, RFC 6868 carets decoded', () => {
    const line = parseLine('Item2.EMAIL;TYPE=work,voice;type="pref";X-LABEL="a:b;c,d";X-Q=say ^\'hi^\'^n^^:a@b.test;x:y')
    expect([line.group, line.name, line.value]).to.deep.equal(['item2', 'email', 'a@b.test;x:y'])
    expect(Object.fromEntries(line.params)).to.deep.equal({type: ['work', 'voice', 'pref'], 'x-label': ['a:b;c,d'], 'x-q': ['say "hi"\n^']})
    expect(parseLine('DTSTART;TZID="America/New_York";VALUE=DATE-TIME:20250309T023000').params.get('tzid')).to.deep.equal(['America/New_York'])
    expect(parseLine('NOTE:').value).to.equal('')
  })

  it('refuses a line without a name or ":", a parameter without "=", an open quote, a quote inside an unquoted value', () => {
    for (const [line, message] of [
      [':value', /without a property name/],
      ['FN value', /no ":"/],
      ['TEL;WORK:+1', /without a name and "="/],
      ['FN;X-A="open:x', /not closed/],
      ['FN;X-A=a"b":x', /double quote/],
      ['F N:x', /no ":"/],
    ] as const)
      expect(() => parseLine(line), line).to.throw(ContentError, message)
  })

  it('nests BEGIN/END blocks and refuses lines outside them, unmatched or unclosed blocks, nothing at all', () => {
    const [calendar] = parseBlocks('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:u\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nEND:VALARM\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n')
    expect([calendar.name, calendar.lines.map(({name}) => name), calendar.blocks[0].name, calendar.blocks[0].blocks[0].lines[0].value]).to.deep.equal(['vcalendar', ['version'], 'vevent', 'DISPLAY'])
    for (const [text, message] of [
      ['VERSION:4.0\r\nBEGIN:VCARD\r\nEND:VCARD', /outside any BEGIN/],
      ['BEGIN:VCARD\r\nEND:VEVENT', /closes no open/],
      ['BEGIN:VCARD\r\nFN:x', /never closed/],
      ['', /no BEGIN/],
      ['BEGIN;X=1:VCARD\r\nEND:VCARD', /malformed BEGIN/],
      [`${'BEGIN:X\r\n'.repeat(9)}${'END:X\r\n'.repeat(9)}`, /nested more than 8/],
    ] as const)
      expect(() => parseBlocks(text), JSON.stringify(text)).to.throw(ContentError, message)
    expect(() => onlyBlock('BEGIN:VCARD\r\nEND:VCARD\r\nBEGIN:VCARD\r\nEND:VCARD', 'vcard')).to.throw(ContentError, /2 blocks/)
    expect(() => onlyBlock('BEGIN:VCALENDAR\r\nEND:VCALENDAR', 'vcard')).to.throw(ContentError, /a VCALENDAR where a VCARD/)
  })

  it('decodes TEXT: \\, \\; \\\\ \\n \\N; a backslash escaping anything else is refused', () => {
    expect(textValue(String.raw`Smith\, Jane\; Dr.\\PhD\nline\Ntwo`)).to.equal('Smith, Jane; Dr.\\PhD\nline\ntwo')
    expect(() => textValue(String.raw`a\:b`)).to.throw(ContentError, /escapes nothing/)
    expect(() => textValue('a\\')).to.throw(ContentError, /escapes nothing/)
  })
})
