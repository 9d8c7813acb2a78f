/** The service's text made safe for a terminal: control characters become visible text. */
import {expect} from 'chai'

import {escapeFileText, escapeJsonControls, escapeLine, escapeText, escapeYamlControls, hasDataControls, JsonBytesEscaper, printable, TextEscaper} from '../../../src/lib/core/escape.ts'
import {structuredText, toYaml} from '../../../src/lib/output/output.ts'
import {prettyJson} from '../../../src/lib/output/pretty-json.ts'
import {parse as parseYaml} from 'yaml'
import {oneLine} from '../../../src/lib/core/errors.ts'

/** Every code point a terminal may act on: C0, DEL and C1. */
const CONTROLS = [...Array.from({length: 0x20}, (_, code) => code), 0x7f, ...Array.from({length: 0x20}, (_, code) => 0x80 + code)].map((code) => String.fromCharCode(code))
// eslint-disable-next-line no-control-regex
const ANY_CONTROL = /[\u0000-\u001F\u007F-\u009F]/

describe('escape', () => {
  it('escapeLine shows the bidirectional embeddings, overrides and isolates; escapeText keeps them for right-to-left prose', () => {
    expect(escapeLine('evil\u202Efdp.exe')).to.equal(String.raw`evil\u202efdp.exe`)
    expect(escapeLine('a\u2066b\u2069c\u202Ad')).to.equal(String.raw`a\u2066b\u2069c\u202ad`)
    expect(escapeLine('\u05E9\u05DC\u05D5\u05DD\u200F!')).to.equal('\u05E9\u05DC\u05D5\u05DD\u200F!')
    expect(escapeText('line \u202Eone\n')).to.equal('line \u202Eone\n')
  })

  it('escapeLine leaves no control character, and shows each as \\xNN, \\u00NN or its name', () => {
    for (const char of CONTROLS) expect(escapeLine(`a${char}b`), JSON.stringify(char)).not.to.match(ANY_CONTROL)
    expect(escapeLine('\u001B[31mred\u001B[0m')).to.equal(String.raw`\x1b[31mred\x1b[0m`)
    expect(escapeLine('\u009B2J \u0085 \u0080 \u009F')).to.equal(String.raw`\u009b2J \u0085 \u0080 \u009f`)
    expect(escapeLine('a\nb\tc\rd\u0000e\u007F')).to.equal(String.raw`a\nb\tc\rd\x00e\x7f`)
  })

  it('escapeLine keeps everything else as it is: text, backslashes, non-ASCII (U+00A0 and up)', () => {
    const text = String.raw`Label "x" \ ümlaut ¡ 日本 😀 C:\path`
    expect(escapeLine(text)).to.equal(text)
  })

  it('escapeText keeps line breaks (\\n, \\r\\n) and tabs, escapes the rest and a lone \\r', () => {
    expect(escapeText('<p>\r\n\tok</p>\n')).to.equal('<p>\r\n\tok</p>\n')
    expect(escapeText('over\rwrite \u001B]0;title\u0007 \u009B')).to.equal(String.raw`over\rwrite \x1b]0;title\x07 \u009b`)
  })

  it('TextEscaper decodes UTF-8 across chunks and keeps a \\r at a chunk’s end until it knows what follows', () => {
    const bytes = Buffer.from('é\r\nx\r\u009B\u001B!\ry')
    for (let cut = 0; cut <= bytes.length; cut++) {
      const escaper = new TextEscaper()
      const text = escaper.write(bytes.subarray(0, cut)) + escaper.write(bytes.subarray(cut)) + escaper.end()
      expect(text, `cut at ${cut}`).to.equal(String.raw`é` + '\r\n' + String.raw`x\r\u009b\x1b!\ry`)
    }

    const trailing = new TextEscaper()
    expect(trailing.write(Buffer.from('a\r')) + trailing.end()).to.equal(String.raw`a\r`)
  })

  it('oneLine (error lines, table cells) folds line breaks into spaces and escapes the other controls', () => {
    expect(oneLine('first\n  second\tthird')).to.equal('first second third')
    expect(oneLine('red \u001B[31m and \u009B31m')).to.equal(String.raw`red \x1b[31m and \u009b31m`)
  })
})

describe('printable', () => {
  it('shows control characters and the bidirectional overrides of a sender’s text as "?", and nothing else', () => {
    expect(printable('evil\u202Efdp.exe')).to.equal('evil?fdp.exe')
    expect(printable('a\u2066b\u2069 \u001B[31m \u009B2J\u0007')).to.equal('a?b? ?[31m ?2J?')
    expect(printable('Grüße, שלום \u200F, 😀')).to.equal('Grüße, שלום \u200F, 😀')
  })
})

describe('DEL and C1 in the JSON and YAML the tool writes', () => {
  // eslint-disable-next-line no-control-regex
  const CONTROLS = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/
  const value = {'key\u009b': ['x\u009b2J\u001b[8m\u007f\u0085', 'line one\nline\u0090 two'], plain: 'Grüße ✓', n: 1}

  it('escapeJsonControls writes them \\u00XX, which every JSON reader reads back as the same value', () => {
    const text = escapeJsonControls(JSON.stringify(value))
    expect(text).to.not.match(CONTROLS)
    expect(text).to.include(String.raw`x\u009b2J\u001b[8m\u007f\u0085`)
    expect(JSON.parse(text)).to.deep.equal(value)
  })

  it('structuredText (json, yaml) and prettyJson: nothing a terminal acts on, the same value read back', async () => {
    const json = await structuredText(value, 'json')
    expect(json).to.not.match(CONTROLS)
    expect(JSON.parse(json)).to.deep.equal(value)
    const yaml = await structuredText(value, 'yaml')
    expect(yaml).to.not.match(CONTROLS)
    expect(parseYaml(yaml)).to.deep.equal(value)
    expect(yaml).to.include(String.raw`"x\x9b2J\e[8m\x7f\x85"`)
    const pretty = prettyJson(value, true)
    // eslint-disable-next-line no-control-regex
    expect(pretty.replaceAll(/\u001B\[[\d;]*m/g, '')).to.not.match(CONTROLS)
    expect(JSON.parse(prettyJson(value, false))).to.deep.equal(value)
  })

  it('toYaml leaves text without them as the yaml library writes it', async () => {
    expect(await toYaml({a: 'plain', b: 'two\nlines'})).to.equal('a: plain\nb: |-\n  two\n  lines\n')
    expect(escapeYamlControls('a: "\u009b"\n')).to.equal('a: "\\x9b"\n')
    expect([hasDataControls('a\u007f'), hasDataControls('a\u00a0'), hasDataControls('\u001b')]).to.deep.equal([true, false, false])
  })
})

describe('bidirectional controls in the data and files the tool writes (issue 40)', () => {
  const BIDI = /[\u202A-\u202E\u2066-\u2069]/
  const value = {name: 'evil\u202Efdp.exe', note: 'a\u2066b\u2069', plain: 'שלום'}

  it('JSON and YAML: escaped (\\u202e), the same value read back; right-to-left letters as they are', async () => {
    const json = await structuredText(value, 'json')
    expect(json).to.not.match(BIDI)
    expect(json).to.include(String.raw`evil\u202efdp.exe`)
    expect(JSON.parse(json)).to.deep.equal(value)
    const yaml = await structuredText(value, 'yaml')
    expect(yaml).to.not.match(BIDI)
    expect(yaml).to.include(String.raw`"evil\u202efdp.exe"`)
    expect(parseYaml(yaml)).to.deep.equal(value)
    expect(yaml).to.include('plain: שלום')
  })

  it('escapeFileText (vCard, iCalendar on a terminal): escapeText, and the bidirectional controls', () => {
    expect(escapeFileText('FN:evil\u202Efdp\r\nNOTE:\u001b[2J\r\n')).to.equal('FN:evil\\u202efdp\r\nNOTE:\\x1b[2J\r\n')
  })
})

describe('JsonBytesEscaper', () => {
  it('escapes DEL and C1 however the chunks cut the UTF-8, and leaves every other byte, a lone C2 lead byte included', () => {
    const bytes = Buffer.concat([Buffer.from('{"a":"x\u009b\u007f\u00a9\u0080é"}'), Buffer.from([0xc2])])
    const expected = Buffer.concat([Buffer.from(String.raw`{"a":"x\u009b\u007f©\u0080é"}`), Buffer.from([0xc2])])
    for (let cut = 0; cut <= bytes.length; cut++) {
      const escaper = new JsonBytesEscaper()
      const out = Buffer.concat([escaper.write(bytes.subarray(0, cut)), escaper.write(Buffer.alloc(0)), escaper.write(bytes.subarray(cut)), escaper.end()])
      expect(out.equals(expected), `cut at ${cut}`).to.equal(true)
    }

    const plain = Buffer.from('{"a":"plain é"}')
    expect(new JsonBytesEscaper().write(plain)).to.equal(plain)
  })
})
