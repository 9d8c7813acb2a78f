import {expect} from 'chai'
import {parse} from 'yaml'

import {describeApiError} from '../../../src/lib/output/api-error.ts'
import {sniffJson} from '../../../src/lib/output/envelope.ts'
import {parseExact} from '../../../src/lib/core/json-value.ts'
import {bodyFormat, type OutputStream, RENDER_DEPTH, RENDER_LIMIT, writeBodyBytes, writeFileText, writeJsonBody, writeJsonSource} from '../../../src/lib/output/output.ts'
import {bufferSource} from '../../../src/lib/output/spool.ts'
import {prettyJson} from '../../../src/lib/output/pretty-json.ts'
import {headerLines, redactHeader} from '../../../src/lib/http/redact.ts'

function sink(isTTY: boolean): OutputStream & {text(): string; bytes(): Buffer} {
  const chunks: Buffer[] = []
  return {
    bytes: () => Buffer.concat(chunks),
    isTTY,
    text: () => Buffer.concat(chunks).toString('utf8'),
    write(chunk) {
      chunks.push(Buffer.from(chunk))
      return true
    },
  }
}

const ODD = Buffer.from('{ "Code" :1000,\t"Big": 12345678901234567890, "Esc": "caf\\u00e9 \\/ \\n", "Neg": -98765432109876543210, "F": 1.5 }')

describe('writeJsonBody', () => {
  it('json on a terminal: indented, DEL and C1 (raw in the answer\u2019s strings) written as JSON escapes, the value the same; a pipe gets the bytes', async () => {
    const body = Buffer.from('{"Subject":"a\u009b2J\u0085 \u00a9 \u007f é","k\u0090":1}')
    const terminal = sink(true)
    await writeJsonBody(body, 'json', terminal, {NO_COLOR: '1'})
    // eslint-disable-next-line no-control-regex
    expect(terminal.text()).to.not.match(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/)
    expect(terminal.text()).to.equal(
      String.raw`{
  "Subject": "a\u009b2J\u0085 © \u007f é",
  "k\u0090": 1
}` + '\n',
    )
    expect(JSON.parse(terminal.text())).to.deep.equal(JSON.parse(body.toString('utf8')))
    const pipe = sink(false)
    await writeJsonBody(body, 'json', pipe)
    expect(pipe.bytes().equals(body)).to.equal(true)
    // The bytes as received (a body too large to indent): escaped the same way, on one line.
    const shown = sink(true)
    writeBodyBytes(body, shown)
    expect(shown.text()).to.equal(String.raw`{"Subject":"a\u009b2J\u0085 © \u007f é","k\u0090":1}` + '\n')
    const piped = sink(false)
    writeBodyBytes(body, piped)
    expect(piped.bytes().equals(body)).to.equal(true)
  })

  it('passes the bytes through untouched when stdout is not a terminal', async () => {
    for (const format of ['text', 'json'] as const) {
      const out = sink(false)
      await writeJsonBody(ODD, format, out)
      expect(out.bytes().equals(ODD), format).to.equal(true)
    }
  })

  it('with json on a terminal, indented as text is (as gh does); through a pipe, the bytes as received', async () => {
    const out = sink(true)
    await writeJsonBody(Buffer.from('{"Code":1000}'), 'json', out, {NO_COLOR: '1'})
    expect(out.text()).to.equal('{\n  "Code": 1000\n}\n')
    const piped = sink(false)
    await writeJsonBody(ODD, 'json', piped)
    expect(piped.bytes().equals(ODD)).to.equal(true)
  })

  it('indents on a terminal, keeping big integers exact, coloured unless NO_COLOR', async () => {
    const plain = sink(true)
    await writeJsonBody(ODD, 'text', plain, {NO_COLOR: '1'})
    expect(plain.text()).to.include('"Big": 12345678901234567890').and.include('"Neg": -98765432109876543210').and.include('"Esc": "café / \\n"')
    expect(plain.text()).not.to.include('\u001B[')
    const coloured = sink(true)
    await writeJsonBody(ODD, 'text', coloured, {})
    expect(coloured.text()).to.include('\u001B[')
  })

  it('converts to YAML keeping every integer exact', async () => {
    const out = sink(false)
    await writeJsonBody(ODD, 'yaml', out)
    expect(out.text())
      .to.match(/^Code: 1000\nBig: 12345678901234567890\n/)
      .and.include('\nNeg: -98765432109876543210\nF: 1.5\n')
    expect(parse(out.text(), {intAsBigInt: true})).to.deep.equal({Big: 12_345_678_901_234_567_890n, Code: 1000n, Esc: 'café / \n', F: 1.5, Neg: -98_765_432_109_876_543_210n})
  })
})

describe('writeJsonSource beyond what can be converted', () => {
  it('prints a body over RENDER_LIMIT as received, for yaml and on a terminal, with a note', async () => {
    const big = Buffer.alloc(RENDER_LIMIT + 2, 0x20)
    big.write('[1,', 0)
    big.write(']', big.length - 1)
    const what = {text: 'indent; printed as received', yaml: 'convert to YAML; printed as received (JSON, which YAML reads as the same data)'}
    for (const [format, tty] of [
      ['yaml', false],
      ['text', true],
    ] as const) {
      const out = sink(tty)
      const notes: string[] = []
      await writeJsonSource(bufferSource(big), format, out, {note: (line) => notes.push(line)})
      expect(out.bytes().subarray(0, big.length).equals(big), format).to.equal(true)
      expect(out.bytes().length).to.equal(big.length + (tty ? 1 : 0))
      expect(notes).to.deep.equal([`Note: the answer (${big.length} bytes) is over 64 MiB, too large to ${what[format]}`])
    }
  })
})

describe('writeJsonSource with deep nesting', () => {
  const nested = (depth: number) => Buffer.from(`{"Code":1000,"A":${'{"a":'.repeat(depth - 1)}[1]${'}'.repeat(depth - 1)}}`)

  it('prints a body nested deeper than RENDER_DEPTH as received, for yaml and on a terminal, with a note (100,000 levels)', async () => {
    const deep = nested(100_000)
    const what = {text: 'indent; printed as received', yaml: 'convert to YAML; printed as received (JSON, which YAML reads as the same data)'}
    for (const [format, tty] of [
      ['yaml', false],
      ['text', true],
    ] as const) {
      // With the depth the receiving scan found, and without it (scanned here).
      for (const depth of [100_001, undefined]) {
        const out = sink(tty)
        const notes: string[] = []
        await writeJsonSource(bufferSource(deep), format, out, {depth, note: (line) => notes.push(line)})
        expect(out.text(), format).to.equal(`${deep.toString()}${tty ? '\n' : ''}`)
        expect(notes).to.deep.equal([`Note: the answer is nested 100001 levels deep, more than the ${RENDER_DEPTH} it can ${what[format]}`])
      }
    }
  })

  it('indents and converts a body RENDER_DEPTH levels deep', async () => {
    const limit = nested(RENDER_DEPTH - 1)
    const yaml = sink(false)
    const notes: string[] = []
    await writeJsonSource(bufferSource(limit), 'yaml', yaml, {note: (line) => notes.push(line)})
    expect(parse(yaml.text())).to.deep.equal(JSON.parse(limit.toString()))
    const text = sink(true)
    await writeJsonSource(bufferSource(limit), 'text', text, {env: {NO_COLOR: '1'}, note: (line) => notes.push(line)})
    expect(JSON.parse(text.text())).to.deep.equal(JSON.parse(limit.toString()))
    expect(text.text()).to.include(`\n${' '.repeat(2 * RENDER_DEPTH)}1\n`)
    expect(notes).to.deep.equal([])
  })
})

describe('parseExact and prettyJson', () => {
  it('keeps integers beyond 2^53 and leaves safe numbers as numbers', () => {
    const value = parseExact('{"a": 9007199254740993, "b": 42, "c": 1e400, "d": [18446744073709551615]}') as Record<string, unknown>
    expect(value.a).to.equal(9_007_199_254_740_993n)
    expect(value.b).to.equal(42)
    expect(value.c).to.equal(Infinity)
    expect(value.d).to.deep.equal([18_446_744_073_709_551_615n])
    // Fifteen digits at most: no reviver needed, the same values; sixteen digits in a string only: strings stay strings.
    expect(parseExact('{"a": 900719925474099, "b": -1.5e300, "s": "9007199254740993"}')).to.deep.equal({a: 900_719_925_474_099, b: -1.5e300, s: '9007199254740993'})
    expect(parseExact('[-9007199254740993, 9007199254740991, 12345678901234567.5]')).to.deep.equal([-9_007_199_254_740_993n, 9_007_199_254_740_991, 12_345_678_901_234_568])
    expect(prettyJson({a: [], b: {}, c: [1n, null, true]}, false)).to.equal('{\n  "a": [],\n  "b": {},\n  "c": [\n    1,\n    null,\n    true\n  ]\n}')
  })
})

describe('sniffJson', () => {
  it('reads the envelope Code and Error', () => {
    expect(sniffJson(Buffer.from('{"Code":2501,"Error":"Label does not exist"}'))).to.deep.equal({
      envelope: {code: 2501, error: 'Label does not exist', valid: true},
      json: true,
    })
    expect(sniffJson(Buffer.from('[1,2]'))).to.deep.equal({envelope: {valid: true}, json: true})
    expect(sniffJson(Buffer.from('"text"'))).to.deep.equal({envelope: {valid: true}, json: true})
  })

  it('marks an envelope whose Code is not an integer', () => {
    expect(sniffJson(Buffer.from('{"Code":"1000"}'))).to.deep.equal({envelope: {code: undefined, error: undefined, problem: 'Code must be integer', valid: false}, json: true})
    expect(sniffJson(Buffer.from('{"Code":1000.5}')).json && sniffJson(Buffer.from('{"Code":1000.5}'))).to.deep.include({json: true})
  })

  it('tells a body that is not JSON', () => {
    expect(sniffJson(Buffer.from('<html><body>502 Bad Gateway</body></html>')).json).to.equal(false)
    expect(sniffJson(Buffer.from('{"Code":1000,"Users":[{"ID":"a"')).json).to.equal(false)
  })
})

describe('describeApiError', () => {
  it('names the status, the Code with its contract name, and the service’s text on one line, its control characters visible', () => {
    expect(describeApiError(404, 'Not Found', {code: 2501, error: 'Label\ndoes not exist', valid: true})).to.equal(String.raw`HTTP 404 Not Found, Code 2501 NOT_FOUND_ERROR: Label\ndoes not exist`)
    expect(describeApiError(400, 'Bad \u001B[2J', {code: 2001, error: 'x\u009B6n', valid: true})).to.equal(String.raw`HTTP 400 Bad \x1b[2J, Code 2001 INVALID_LINK_TYPE: x\u009b6n`)
    expect(describeApiError(422, '', {code: 12345, valid: true})).to.equal('HTTP 422, Code 12345')
    expect(describeApiError(500, 'Internal Server Error')).to.equal('HTTP 500 Internal Server Error')
  })
})

describe('redaction', () => {
  it('hides tokens, cookies and verification tokens', () => {
    expect(redactHeader('Authorization', 'Bearer abc.def')).to.equal('Bearer [redacted]')
    expect(redactHeader('authorization', 'abc')).to.equal('[redacted]')
    expect(redactHeader('Cookie', 'AUTH-x=secret')).to.equal('[redacted]')
    expect(redactHeader('set-cookie', 'AUTH-x=secret; Path=/; HttpOnly')).to.equal('AUTH-x=[redacted]; Path=/; HttpOnly')
    expect(redactHeader('x-pm-human-verification-token', 'tok')).to.equal('[redacted]')
    expect(redactHeader('x-pm-uid', 'uid-1')).to.equal('uid-1')
    expect(headerLines('< ', {'set-cookie': ['a=1', 'b=2'], skip: undefined})).to.deep.equal(['< set-cookie: a=[redacted]', '< set-cookie: b=[redacted]'])
  })
})

describe('writeFileText: a file the tool composed (an iCalendar, vCards) on stdout', () => {
  const capture = (isTTY: boolean) => {
    const chunks: string[] = []
    const stream: OutputStream = {isTTY, write: (chunk) => chunks.push(String(chunk)) > 0}
    return {chunks, stream}
  }

  it('piped or into a file: the exact text; on a terminal: control characters as visible text, line ends kept', () => {
    const text = 'BEGIN:VCARD\r\nFN:Evil\u001b[2J\u009b\r\nEND:VCARD\r\n'
    const piped = capture(false)
    writeFileText(piped.stream, text)
    expect(piped.chunks.join('')).to.equal(text)
    const terminal = capture(true)
    writeFileText(terminal.stream, text)
    expect(terminal.chunks.join('')).to.equal('BEGIN:VCARD\r\nFN:Evil\\x1b[2J\\u009b\r\nEND:VCARD\r\n')
  })

  it('bodyFormat: a file format shows a JSON body as text does', () => {
    expect([bodyFormat('ics'), bodyFormat('vcf'), bodyFormat('json'), bodyFormat('yaml'), bodyFormat('text')]).to.deep.equal(['text', 'text', 'json', 'yaml', 'text'])
  })
})
