/** -F/--field and -f/--raw-field as gh api has them. */
import {expect} from 'chai'
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {Readable} from 'node:stream'

import {fieldsToBody, fieldsToQuery, parseFields} from '../../../src/lib/api/fields.ts'
import {StandardInput} from '../../../src/lib/core/stdin.ts'
import {stringifyExact} from '../../../src/lib/core/json-value.ts'
import {requestParts} from '../../../src/lib/api/body.ts'

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('expected a failure'),
    (error: Error & {exitStatus?: number}) => ({exit: error.exitStatus, message: error.message}),
  )

describe('-F/-f fields', () => {
  const fields = (...texts: Array<[string, boolean]>) =>
    parseFields(
      texts.map(([text, typed]) => ({text, typed})),
      new StandardInput(() => Readable.from([])),
    )

  it('types -F values and keeps -f values strings; nests keys and appends arrays', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fields-'))
    try {
      writeFileSync(join(dir, 'note.txt'), 'hello\n')
      const parsed = await fields(
        ['A=true', true],
        ['B=false', true],
        ['C=null', true],
        ['D=42', true],
        ['E=-1.5', true],
        ['F=12345678901234567890', true],
        ['G=true', false],
        ['H=42', false],
        [`I=@${join(dir, 'note.txt')}`, true],
        ['J=@x', false],
        ['K=1e3', true],
        ['P[Q]=1', true],
        ['P[R][S]=x', false],
        ['IDs[]=a', false],
        ['IDs[]=2', true],
        ['E2=', true],
        ['V=1.50', true],
        ['W=1.23456789012345678901', true],
        ['Empty[]', true],
      )
      // Numbers go as written: 1.50 is not 1.5, and no digit is rounded away.
      expect(stringifyExact(fieldsToBody(parsed))).to.equal(
        '{"A":true,"B":false,"C":null,"D":42,"E":-1.5,"F":12345678901234567890,"G":"true","H":"42","I":"hello\\n","J":"@x","K":"1e3","P":{"Q":1,"R":{"S":"x"}},"IDs":["a",2],"E2":"","V":1.50,"W":1.23456789012345678901,"Empty":[]}',
      )
      expect(fieldsToQuery(parsed).slice(16)).to.deep.equal([
        ['V', '1.50'],
        ['W', '1.23456789012345678901'],
      ])
      expect(fieldsToQuery(parsed).slice(11, 15)).to.deep.equal([
        ['P[Q]', '1'],
        ['P[R][S]', 'x'],
        ['IDs[]', 'a'],
        ['IDs[]', '2'],
      ])
      expect(fieldsToQuery(await fields(['N=null', true], ['T=true', true]))).to.deep.equal([
        ['N', ''],
        ['T', 'true'],
      ])
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
    expect(() =>
      fieldsToBody([
        {key: 'a', path: ['a'], text: '1', value: 1},
        {key: 'a', path: ['a'], text: '2', value: 2},
      ]),
    ).to.throw('the field "a" is given twice')
    const conflict = await fields(['a=1', true], ['a[b]=2', true])
    expect(() => fieldsToBody(conflict)).to.throw('conflicts with another field')
  })

  it('reads standard input once: a second @- is an error naming the first reader (exit 1)', async () => {
    const stdin = () => () => Readable.from([Buffer.from('note')])
    const twice = [
      {text: 'a=@-', typed: true},
      {text: 'b=@-', typed: true},
    ]
    expect(await failure(requestParts('POST', {}, twice, stdin()))).to.deep.equal({exit: 1, message: '-F b=@-: standard input was already read by -F a=@-; it can be read once'})
    expect(await failure(requestParts('POST', {input: '-'}, [twice[0]], stdin()))).to.deep.equal({exit: 1, message: '--input -: standard input was already read by -F a=@-; it can be read once'})
    const once = await requestParts('POST', {}, [twice[0]], stdin())
    expect(once.body?.toString()).to.equal('{"a":"note"}')
  })

  it('cannot be mixed with --body; go to the query with --input (as gh); make the query for GET and the body for POST', async () => {
    const one = [{text: 'a=1', typed: true}]
    expect(await failure(requestParts('POST', {body: '{}'}, one))).to.deep.equal({exit: 1, message: '--body and -F/-f cannot be used together: give the request body one way'})
    const withInput = await requestParts('POST', {input: '-', query: ['x=0']}, one, () => Readable.from([Buffer.from('raw')]))
    expect([withInput.body?.toString(), withInput.query]).to.deep.equal([
      'raw',
      [
        ['x', '0'],
        ['a', '1'],
      ],
    ])
    expect(await failure(requestParts('POST', {body: '{}', input: '-'}, []))).to.have.property('exit', 1)
    expect(await requestParts('GET', {query: ['x=0']}, one)).to.deep.equal({
      query: [
        ['x', '0'],
        ['a', '1'],
      ],
    })
    const post = await requestParts('POST', {query: ['x=0']}, one)
    expect([post.body?.toString(), post.query]).to.deep.equal(['{"a":1}', [['x', '0']]])
    const input = await requestParts('PUT', {input: '-'}, [], () => Readable.from([Buffer.from([0, 255, 1])]))
    expect(input.body).to.deep.equal(Buffer.from([0, 255, 1]))
  })
})
