/** What a dedicated command makes of one answer. */
import {expect} from 'chai'

import {classifyAnswer, readAnswer} from '../../../src/lib/output/api-answer.ts'
import {RENDER_DEPTH} from '../../../src/lib/output/output.ts'
import {parseExact} from '../../../src/lib/core/json-value.ts'
import type {ApiResponse} from '../../../src/lib/http/client.ts'
import {pageFooter} from '../../../src/lib/mail/views/messages.ts'

const response = (statusCode: number, body: string, headers = {}): ApiResponse => ({
  body: Buffer.from(body),
  headers,
  httpVersion: '1.1',
  statusCode,
  statusMessage: '',
})

describe('classifyAnswer: one verdict for every command', () => {
  it('an empty body: its HTTP status decides', () => {
    expect(classifyAnswer(response(204, ''))).to.deep.equal({exitStatus: 0, kind: 'empty', message: 'HTTP 204'})
    expect(classifyAnswer({...response(401, ''), statusMessage: 'Unauthorized'})).to.deep.equal({exitStatus: 2, kind: 'empty', message: 'HTTP 401 Unauthorized'})
  })

  it('a body that is not JSON: exit 5 with its type and size, and what the status alone says', () => {
    const page = classifyAnswer({...response(200, '<html>', {'content-type': 'text/html'}), statusMessage: 'OK'})
    expect(page).to.deep.equal({
      byStatus: {exitStatus: 0, message: 'HTTP 200 OK'},
      exitStatus: 5,
      kind: 'not-json',
      message: 'HTTP 200 OK: the answer is not JSON (text/html, 6 bytes)',
    })
    const truncated = classifyAnswer(response(502, '{"Code":'))
    expect(truncated).to.deep.include({exitStatus: 5, message: 'HTTP 502: the answer is not JSON (no content type, 8 bytes)'})
    expect(truncated.kind === 'not-json' && truncated.byStatus.exitStatus).to.equal(5)
  })

  it('JSON: the HTTP status and the Code, named, with the service’s Error text', () => {
    const missing = classifyAnswer({...response(200, '{"Code":2501,"Error":"Label does not exist"}'), statusMessage: 'OK'})
    expect(missing).to.deep.include({exitStatus: 3, kind: 'json', message: 'HTTP 200 OK, Code 2501 NOT_FOUND_ERROR: Label does not exist'})
    expect(classifyAnswer(response(200, '[1,2]'))).to.deep.include({exitStatus: 0, kind: 'json'})
    const odd = classifyAnswer(response(200, '{"Code":"1000"}'))
    expect(odd.kind === 'json' && odd.envelope.valid).to.equal(false)
    expect(odd).to.deep.include({exitStatus: 5, message: "HTTP 200: the service's answer is malformed: its envelope's Code must be integer"})
    const wrongError = classifyAnswer({...response(404, '{"Code":2501,"Error":{"text":"gone"}}'), statusMessage: 'Not Found'})
    expect(wrongError).to.deep.include({exitStatus: 5, message: "HTTP 404 Not Found: the service's answer is malformed: its envelope's Error must be string"})
    expect(classifyAnswer(response(200, '{"Code":1000,"Details":{"HumanVerificationToken":"x"}}'))).to.deep.include({exitStatus: 0})
  })
})

describe('readAnswer', () => {
  it('keeps the bytes and parses with exact integers', () => {
    const outcome = readAnswer(response(200, '{"Code":1000,"N":9007199254740993}'))
    expect(outcome.ok && outcome.answer.data).to.deep.equal({Code: 1000, N: 9_007_199_254_740_993n})
    expect(outcome.ok && outcome.answer.body.toString()).to.equal('{"Code":1000,"N":9007199254740993}')
  })

  it('refuses, in one line with exit 5, an answer nested deeper than RENDER_DEPTH, keeping its bytes for --output json', () => {
    const deep = `{"Code":1000,"User":${'['.repeat(100_000)}${']'.repeat(100_000)}}`
    const outcome = readAnswer(response(200, deep))
    expect(outcome.ok).to.equal(false)
    if (outcome.ok) return
    expect(outcome.failure).to.deep.include({exitStatus: 5, message: `the answer is nested 100001 levels deep, more than the ${RENDER_DEPTH} this command reads`})
    expect(outcome.failure.json?.toString()).to.equal(deep)
    const limit = `{"Code":1000,"User":${'['.repeat(RENDER_DEPTH - 1)}${']'.repeat(RENDER_DEPTH - 1)}}`
    expect(readAnswer(response(200, limit)).ok).to.equal(true)
    // One level more, in few brackets (JSON.parse reads it first): refused all the same, in an array or an object.
    for (const [open, close] of [
      ['[', ']'],
      ['{"a":', '}'],
    ]) {
      const over = readAnswer(response(200, `{"Code":1000,"User":${open.repeat(RENDER_DEPTH)}${close.repeat(RENDER_DEPTH)}}`.replace('{"a":}', '{}')))
      expect(over.ok).to.equal(false)
      if (!over.ok) expect(over.failure.message).to.equal(`the answer is nested ${RENDER_DEPTH + 1} levels deep, more than the ${RENDER_DEPTH} this command reads`)
    }
  })

  it('what JSON.parse reads alone is read as the scanner reads it: repeated members, bytes that are not UTF-8, runs of 16 digits, a Code of 1000.0 or written in 70,000 digits, an Error or Details beside Code 1000', () => {
    const bodies = [
      '{"Code":1000,"Code":"x"}',
      '{"Code":"x","Code":1000}',
      Buffer.concat([Buffer.from('{"Code":1000,"S":"'), Buffer.from([0xff, 0xc3]), Buffer.from('"}')]),
      '{"Code":1000,"A":[1234567890123456,9007199254740993,-90071992547409930],"S":"12345678901234567890","F":1e400}',
      '{"Code":1000.0,"N":null}',
      '{"Code":1e3}',
      '{"Code":1000,"Error":""}',
      '{"Code":1000,"Error":7}',
      '{"Code":1000,"Details":[]}',
      '{"Code":1000,"__proto__":{"Error":1}}',
      '{"Code":9007199254740993}',
      '\ufeff{"Code":1000}',
      '{"Code":1000} x',
      // A Code longer than the scanner keeps of a member (64 KiB): cut, it is no integer; JSON.parse reads 1000.
      `{"Code":1000.${'0'.repeat(70_000)}}`,
      `{"Code":1000,"S":"${'1'.repeat(70_000)}"}`,
    ]
    for (const body of bodies) {
      const answer = {...response(200, ''), body: Buffer.from(body)}
      // classifyAnswer always scans.
      const verdict = classifyAnswer(answer)
      const outcome = readAnswer(answer)
      expect(outcome.ok, String(body)).to.equal(verdict.exitStatus === 0)
      if (outcome.ok) expect(outcome.answer.data, String(body)).to.deep.equal(parseExact(answer.body.toString('utf8')))
      else expect(outcome.failure.message, String(body)).to.equal(verdict.message)
    }
  })

  it('an empty success (204) is an answer without data; an empty failure is its status', () => {
    const empty = readAnswer(response(204, ''))
    expect(empty.ok && empty.answer.data).to.equal(undefined)
    const failed = readAnswer(response(404, ''))
    expect(failed.ok === false && failed.failure).to.deep.equal({exitStatus: 3, message: 'HTTP 404'})
  })

  it('Code 2501 in a 200 answer is still "not found"', () => {
    const outcome = readAnswer(response(200, '{"Code":2501}'))
    expect(outcome.ok === false && outcome.failure.exitStatus).to.equal(3)
  })

  it('keeps the bytes of a failure: JSON for stdout with --output json, anything else for stderr', () => {
    const json = readAnswer(response(409, '{"Code":2500}'))
    expect(json.ok === false && [json.failure.exitStatus, String(json.failure.json), json.failure.notJson]).to.deep.equal([4, '{"Code":2500}', undefined])
    const html = readAnswer(response(502, '<h1>Bad gateway</h1>'))
    expect(html.ok === false && [html.failure.exitStatus, html.failure.json, String(html.failure.notJson)]).to.deep.equal([5, undefined, '<h1>Bad gateway</h1>'])
  })
})

it('page footer: pages from 1, at least one page', () => {
  expect(pageFooter(1, 50, 0)).to.equal('page 1 of 1, 0 messages')
  expect(pageFooter(2, 3, 7)).to.equal('page 2 of 3, 7 messages')
  expect(pageFooter(1, 50, 1)).to.equal('page 1 of 1, 1 message')
})
