/**
 * The pieces of `proton api` for daily use, one by one: the retry policy and
 * its waits, the JSON sniff that builds no objects, -F/-f, -H, the curl
 * rendering, and pagination's order, concurrency and first error.
 */
import {expect} from 'chai'
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {Readable} from 'node:stream'

import {renderCurl, shellQuote} from '../../src/lib/curl.ts'
import {sniffJson} from '../../src/lib/envelope.ts'
import {fieldsToBody, fieldsToQuery, parseFields} from '../../src/lib/fields.ts'
import {parseHeader, parseHeaders} from '../../src/lib/headers.ts'
import type {ApiResponse} from '../../src/lib/http-client.ts'
import {scanJson} from '../../src/lib/json-scan.ts'
import {stringifyExact} from '../../src/lib/json-value.ts'
import {writeFileAtomically} from '../../src/lib/output-file.ts'
import {fetchPages, MAX_IN_FLIGHT, mergePages, slurpPages} from '../../src/lib/pagination.ts'
import {requestParts} from '../../src/lib/request-body.ts'
import {backoffMs, BACKOFF_CAP_MS, parseRetryAfter, RETRY_AFTER_CAP_MS, retryDelayMs, retryReason} from '../../src/lib/retry-policy.ts'

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('expected a failure'),
    (error: Error & {exitStatus?: number}) => ({exit: error.exitStatus, message: error.message}),
  )

describe('retry policy', () => {
  it('retries 429 and 503 for every method, other 5xx and network failures only for idempotent ones', () => {
    for (const method of ['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS', 'POST', 'PATCH']) {
      expect(retryReason(method, {status: 429}), method).to.equal('HTTP 429')
      expect(retryReason(method, {status: 503}), method).to.equal('HTTP 503')
    }

    for (const method of ['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']) {
      expect(retryReason(method, {status: 502}), method).to.equal('HTTP 502')
      expect(retryReason(method, {networkError: 'ECONNRESET'}), method).to.equal('ECONNRESET')
    }

    for (const method of ['POST', 'PATCH']) {
      expect(retryReason(method, {status: 500}), method).to.equal(undefined)
      expect(retryReason(method, {status: 502}), method).to.equal(undefined)
      expect(retryReason(method, {networkError: 'ECONNRESET'}), method).to.equal(undefined)
    }

    for (const status of [200, 400, 401, 404, 409, 422]) expect(retryReason('GET', {status})).to.equal(undefined)
  })

  it('reads Retry-After as seconds or an HTTP date, capped, and ignores nonsense', () => {
    const now = Date.parse('2025-01-01T00:00:00Z')
    expect(parseRetryAfter('0', now)).to.equal(0)
    expect(parseRetryAfter(' 3 ', now)).to.equal(3000)
    expect(parseRetryAfter('86400', now)).to.equal(RETRY_AFTER_CAP_MS)
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:05 GMT', now)).to.equal(5000)
    expect(parseRetryAfter('Tue, 31 Dec 2024 23:00:00 GMT', now)).to.equal(0)
    expect(parseRetryAfter('Thu, 02 Jan 2025 00:00:00 GMT', now)).to.equal(RETRY_AFTER_CAP_MS)
    expect(parseRetryAfter('soon', now)).to.equal(undefined)
    expect(parseRetryAfter('-1', now)).to.equal(undefined)
    expect(parseRetryAfter(undefined, now)).to.equal(undefined)
  })

  it('backs off exponentially with equal jitter, capped', () => {
    expect([1, 2, 3, 4].map((retry) => backoffMs(retry, () => 0))).to.deep.equal([250, 500, 1000, 2000])
    expect([1, 2, 3, 4].map((retry) => backoffMs(retry, () => 1))).to.deep.equal([500, 1000, 2000, 4000])
    expect(backoffMs(20, () => 1)).to.equal(BACKOFF_CAP_MS)
    expect(backoffMs(20, () => 0)).to.equal(BACKOFF_CAP_MS / 2)
  })

  it('waits what the service says, else the backoff', () => {
    expect(retryDelayMs(1, {retryAfter: '2', status: 429}, 0, () => 0)).to.equal(2000)
    expect(retryDelayMs(2, {status: 503}, 0, () => 0)).to.equal(500)
    expect(retryDelayMs(1, {networkError: 'ECONNRESET'}, 0, () => 1)).to.equal(500)
  })
})

describe('JSON sniff without building the tree', () => {
  const valid = ['{}', '[]', '0', '-0.5e+10', '"x"', 'true', 'null', ' {"a":[1,{"b":"\\u00e9\\n"}],"c":{}} \n', '{"Code":1000,"Code":2501}', '[[[[]]]]']
  const invalid = ['', ' ', '{', '{"a":}', '{"a" 1}', '[1,]', '{"a":1,}', '01', '1.', '-', '"\\x"', '"\\u12g4"', '"a\nb"', 'tru', '{} {}', '\uFEFF{}', "{'a':1}", '[1 2]', 'NaN']

  it('agrees with JSON.parse', () => {
    for (const text of [...valid, ...invalid]) {
      let parses = true
      try {
        JSON.parse(text)
      } catch {
        parses = false
      }

      expect(scanJson(Buffer.from(text), new Set()).json, JSON.stringify(text)).to.equal(parses)
    }

    expect(scanJson(Buffer.from(`${'['.repeat(100_000)}${']'.repeat(100_000)}`), new Set()).json).to.equal(true)
  })

  it('reads only the top-level members asked for (the last of duplicates, as JSON.parse)', () => {
    const scan = scanJson(Buffer.from('{"Inner":{"Code":1},"Code":1000,"Error":"x","Code":2501,"List":[{"Code":3}]}'), new Set(['Code', 'Error']))
    expect(scan.json && Object.fromEntries(scan.members)).to.deep.equal({Code: 2501, Error: 'x'})
  })

  it('gives the envelope Code and validity as before', () => {
    expect(sniffJson(Buffer.from('{"Code":2501,"Error":"gone"}'))).to.deep.equal({envelope: {code: 2501, error: 'gone', valid: true}, json: true})
    expect(sniffJson(Buffer.from('{"Code":"1000"}'))).to.deep.equal({envelope: {code: undefined, error: undefined, valid: false}, json: true})
    expect(sniffJson(Buffer.from('{"Code":{"a":1}}'))).to.deep.include({json: true})
    expect(sniffJson(Buffer.from('{"Code":{"a":1}}')).json && sniffJson(Buffer.from('{"Code":{"a":1}}'))).to.have.nested.property('envelope.valid', false)
    expect(sniffJson(Buffer.from('[1]'))).to.deep.equal({envelope: {valid: true}, json: true})
    expect(sniffJson(Buffer.from('<html>'))).to.deep.equal({json: false, reason: 'not JSON'})
  })
})

describe('-F/-f fields', () => {
  const fields = (...texts: Array<[string, boolean]>) => parseFields(texts.map(([text, typed]) => ({text, typed})), Readable.from([]))

  it('types -F values and keeps -f values strings; nests keys and appends arrays', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fields-'))
    try {
      writeFileSync(join(dir, 'note.txt'), 'hello\n')
      const parsed = await fields(
        ['A=true', true], ['B=false', true], ['C=null', true], ['D=42', true], ['E=-1.5', true], ['F=12345678901234567890', true],
        ['G=true', false], ['H=42', false], [`I=@${join(dir, 'note.txt')}`, true], ['J=@x', false], ['K=1e3', true],
        ['P[Q]=1', true], ['P[R][S]=x', false], ['IDs[]=a', false], ['IDs[]=2', true], ['E2=', true],
      )
      expect(stringifyExact(fieldsToBody(parsed))).to.equal(
        '{"A":true,"B":false,"C":null,"D":42,"E":-1.5,"F":12345678901234567890,"G":"true","H":"42","I":"hello\\n","J":"@x","K":"1e3","P":{"Q":1,"R":{"S":"x"}},"IDs":["a",2],"E2":""}',
      )
      expect(fieldsToQuery(parsed).slice(11, 15)).to.deep.equal([['P[Q]', '1'], ['P[R][S]', 'x'], ['IDs[]', 'a'], ['IDs[]', '2']])
      expect(fieldsToQuery(await fields(['N=null', true], ['T=true', true]))).to.deep.equal([['N', ''], ['T', 'true']])
    } finally {
      rmSync(dir, {force: true, recursive: true})
    }
  })

  it('keeps "__proto__" an ordinary key', async () => {
    const body = fieldsToBody(await fields(['__proto__[x]=1', true]))
    expect(JSON.stringify(body)).to.equal('{"__proto__":{"x":1}}')
    expect(({} as Record<string, unknown>).x).to.equal(undefined)
  })

  it('refuses bad keys, conflicts, repeats and unreadable files (exit 1)', async () => {
    for (const text of ['novalue', '=v', 'a[=1', 'a[]b=1', 'a[][b]=1', 'a]=1']) {
      expect(await failure(fields([text, true])), text).to.have.property('exit', 1)
    }

    expect(await failure(fields(['a=@/no/such/file', true]))).to.deep.equal({exit: 1, message: '-F/--field cannot read "/no/such/file": no such file'})
    expect(() => fieldsToBody([{key: 'a', path: ['a'], value: 1}, {key: 'a', path: ['a'], value: 2}])).to.throw('the field "a" is given twice')
    const conflict = await fields(['a=1', true], ['a[b]=2', true])
    expect(() => fieldsToBody(conflict)).to.throw('conflicts with another field')
  })

  it('cannot be mixed with --body or --input; make the query for GET and the body for POST', async () => {
    const one = [{text: 'a=1', typed: true}]
    expect(await failure(requestParts('POST', {body: '{}'}, one))).to.deep.equal({exit: 1, message: '--body and -F/-f cannot be used together: give the request body one way'})
    expect(await failure(requestParts('POST', {input: '-'}, one))).to.have.property('exit', 1)
    expect(await failure(requestParts('POST', {body: '{}', input: '-'}, []))).to.have.property('exit', 1)
    expect(await requestParts('GET', {query: ['x=0']}, one)).to.deep.equal({query: [['x', '0'], ['a', '1']]})
    const post = await requestParts('POST', {query: ['x=0']}, one)
    expect([post.body?.toString(), post.query]).to.deep.equal(['{"a":1}', [['x', '0']]])
    const input = await requestParts('PUT', {input: '-'}, [], Readable.from([Buffer.from([0, 255, 1])]))
    expect(input.body).to.deep.equal(Buffer.from([0, 255, 1]))
  })
})

describe('-H headers', () => {
  it('parses Name: value, trimming the value', () => {
    expect(parseHeader('X-Custom:  a b ')).to.deep.equal(['X-Custom', 'a b'])
    expect(parseHeader('Content-Type: application/octet-stream')).to.deep.equal(['Content-Type', 'application/octet-stream'])
  })

  it('refuses malformed headers and CR/LF in values (exit 1)', () => {
    for (const text of ['NoColon', ': v', 'Bad Name: v', 'X-A: b\r\nX-B: c', 'X-A: b\nc', 'X-A: b\rc', 'X-A: \u0000']) {
      expect(() => parseHeader(text), JSON.stringify(text)).to.throw().with.property('exitStatus', 1)
    }
  })

  it('warns, naming the header, when one of the session’s headers is replaced', () => {
    const warnings: string[] = []
    const headers = parseHeaders(['authorization: Bearer other', 'X-PM-UID: u2', 'x-pm-appversion: a@1', 'X-Other: 1'], (line) => warnings.push(line))
    expect(headers).to.deep.equal({authorization: 'Bearer other', 'x-other': '1', 'x-pm-appversion': 'a@1', 'x-pm-uid': 'u2'})
    expect(warnings).to.deep.equal([
      'Warning: -H authorization replaces the authorization header the session would send',
      'Warning: -H X-PM-UID replaces the x-pm-uid header the session would send',
      'Warning: -H x-pm-appversion replaces the x-pm-appversion header the session would send',
    ])
  })
})

describe('--dry-run curl rendering', () => {
  it('quotes for the shell and never shows the token', () => {
    expect(shellQuote("it's")).to.equal(String.raw`'it'\''s'`)
    const curl = renderCurl({
      body: {bytes: Buffer.from(`{"Name":"it's"}`)},
      headers: {authorization: 'Bearer secret-token', 'x-pm-uid': 'u1'},
      method: 'POST',
      url: new URL('https://mail.proton.me/api/mail/v4/labels?a=1&b=2'),
    })
    expect(curl).to.equal(
      String.raw`curl -X POST 'https://mail.proton.me/api/mail/v4/labels?a=1&b=2' -H "authorization: Bearer ${'$'}{PROTON_ACCESS_TOKEN}" -H 'x-pm-uid: u1' --data-binary '{"Name":"it'\''s"}'`,
    )
    expect(curl).not.to.include('secret-token')
    expect(renderCurl({body: {bytes: Buffer.from('x'), file: 'a b.bin'}, headers: {}, method: 'PUT', url: new URL('http://h/')})).to.equal("curl -X PUT 'http://h/' --data-binary '@a b.bin'")
  })
})

describe('pagination', () => {
  const page = (body: string, statusCode = 200): ApiResponse => ({body: Buffer.from(body), headers: {}, httpVersion: '1.1', statusCode, statusMessage: ''})
  const items = (total: number, size: number, n: number) =>
    page(`{"Code":1000,"Total":${total},"Messages":[${Array.from({length: Math.max(0, Math.min(size, total - n * size))}, (_, k) => `{"ID":${n * size + k},"Big":12345678901234567890}`).join(',')}]}`)

  it('fetches every page, at most 4 at once, and merges them in order with Total as given', async () => {
    let inFlight = 0
    let most = 0
    const asked: number[] = []
    const result = await fetchPages(async (n) => {
      asked.push(n)
      inFlight++
      most = Math.max(most, inFlight)
      // Later pages answer sooner: the order must still hold.
      await new Promise((resolve) => setTimeout(resolve, (20 - n) % 7))
      inFlight--
      return items(20, 2, n)
    }, 0, 2)
    expect(result.ok).to.equal(true)
    if (!result.ok) return
    expect(result.pages).to.have.length(10)
    expect(most).to.equal(MAX_IN_FLIGHT)
    expect([...asked].sort((a, b) => a - b)).to.deep.equal([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    const merged = JSON.parse(mergePages(result.pages).toString()) as {Messages: Array<{ID: number}>; Total: number}
    expect(merged.Total).to.equal(20)
    expect(merged.Messages.map((item) => item.ID)).to.deep.equal([...Array.from({length: 20}).keys()])
    expect(mergePages(result.pages).toString()).to.match(/^\{"Code":1000,"Total":20,"Messages":\[\{"ID":0,"Big":12345678901234567890\},/)
    expect(slurpPages(result.pages.slice(0, 2)).toString()).to.equal(`[${items(20, 2, 0).body},${items(20, 2, 1).body}]\n`)
  })

  it('takes the first page’s length as the page size when none is given, and one page stays one', async () => {
    const asked: number[] = []
    const result = await fetchPages(async (n) => (asked.push(n), items(5, 3, n)), 0)
    expect(asked).to.deep.equal([0, 1])
    const single = await fetchPages(async () => page('{"Code":1000,"Total":1,"Messages":[{"ID":0}]}'), 0, 10)
    expect(result.ok && single.ok && single.pages).to.have.length(1)
    const unpaged = await fetchPages(async () => page('{"Code":1000,"User":{}}'), 0)
    expect(unpaged).to.have.property('note')
  })

  it('stops at the first error: no new page is asked for, and that answer is the result', async () => {
    const asked: number[] = []
    const result = await fetchPages(async (n) => {
      asked.push(n)
      return n === 2 ? page('{"Code":2028,"Error":"slow down"}', 429) : items(40, 2, n)
    }, 0, 2)
    expect(result.ok).to.equal(false)
    expect(!result.ok && result.failed.statusCode).to.equal(429)
    expect(Math.max(...asked)).to.be.below(2 + MAX_IN_FLIGHT)
  })
})

describe('--output-file', () => {
  it('replaces the file whole and leaves no temporary file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'out-'))
    try {
      const path = join(dir, 'body.bin')
      writeFileSync(path, 'old')
      await writeFileAtomically(path, Buffer.from([1, 2, 3]))
      expect(readFileSync(path)).to.deep.equal(Buffer.from([1, 2, 3]))
      const {readdirSync} = await import('node:fs')
      expect(readdirSync(dir)).to.deep.equal(['body.bin'])
      expect(await failure(writeFileAtomically(join(dir, 'no', 'such', 'dir'), Buffer.from('x')))).to.have.property('exit', 1)
    } finally {
      rmSync(dir, {force: true, recursive: true})
    }
  })
})
