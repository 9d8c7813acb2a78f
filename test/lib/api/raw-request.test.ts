/**
 * What `proton api METHOD ENDPOINT` does once its line is parsed, in-process
 * on an Invocation with injected streams, against a scripted server on
 * 127.0.0.1: the request built from the flags, the description check, and
 * the answer printed (or curl, or every page).
 */
import {expect} from 'chai'

import {fieldsInOrder, type RawRequest, type RawRequestFlags, runRawRequest} from '../../../src/lib/api/raw-request.ts'
import {exitOf, testRun, type TestRunOptions} from '../../helpers/invocation.ts'
import {json, serverForSuite} from '../../helpers/scripted-server.ts'
import {TOKENS} from '../../helpers/session-files.ts'

const NO_FLAGS: RawRequestFlags = {'dry-run': false, include: false, paginate: false, silent: false, slurp: false, strict: false}

describe('runRawRequest', () => {
  const suite = serverForSuite({handler: json(200, '{"Code":1000}'), perTest: 'server+home', session: true})

  async function api(request: Partial<RawRequest> & Pick<RawRequest, 'endpoint' | 'method'>, options: TestRunOptions = {}) {
    const run = testRun(suite.home, options)
    const status = await exitOf(runRawRequest(run.invocation, {fields: [], ...request, flags: {...NO_FLAGS, ...request.flags}}))
    return {...run, status}
  }

  it('sends METHOD ENDPOINT with the endpoint’s query, then --query pairs percent-encoded, in order', async () => {
    const result = await api({endpoint: '/mail/v4/messages?Page=0', flags: {...NO_FLAGS, query: ['Subject=a&b=c', 'Page=1', 'Name=ü x+y']}, method: 'get'})
    expect(result.status).to.equal(0)
    expect(suite.server.requests.map(({method, url}) => `${method} ${url}`)).to.deep.equal(['GET /mail/v4/messages?Page=0&Subject=a%26b%3Dc&Page=1&Name=%C3%BC%20x%2By'])
    expect(result.stdout()).to.equal('{"Code":1000}')
  })

  it('-F and -f make the JSON body of a POST, typed and nested in the order given', async () => {
    const fields = fieldsInOrder([
      {flag: 'raw-field', input: 'Name=Receipts'},
      {flag: 'profile', input: 'ignored'},
      {flag: 'field', input: 'Type=1'},
      {flag: 'field', input: 'Parent[Notify]=true'},
    ])
    expect(fields).to.deep.equal([
      {text: 'Name=Receipts', typed: false},
      {text: 'Type=1', typed: true},
      {text: 'Parent[Notify]=true', typed: true},
    ])
    await api({endpoint: '/mail/v4/labels', fields, method: 'POST'})
    const [sent] = suite.server.requests
    expect(sent.headers['content-type']).to.equal('application/json')
    expect(JSON.parse(sent.body.toString())).to.deep.equal({Name: 'Receipts', Parent: {Notify: true}, Type: 1})
  })

  it('--body - reads standard input (the invocation’s) and sends it byte for byte', async () => {
    await api({endpoint: '/mail/v4/labels', flags: {...NO_FLAGS, body: '-'}, method: 'POST'}, {stdin: '{ "Name" : "From stdin", "Type":1 }'})
    expect(suite.server.requests[0].body.toString()).to.equal('{ "Name" : "From stdin", "Type":1 }')
  })

  it('-H adds a header; one the session sets is replaced, with a warning on stderr', async () => {
    const result = await api({endpoint: '/core/v4/users', flags: {...NO_FLAGS, header: ['X-Trace: 1', 'Authorization: Bearer other']}, method: 'GET'})
    expect(suite.server.requests[0].headers).to.deep.include({authorization: 'Bearer other', 'x-pm-uid': TOKENS.UID, 'x-trace': '1'})
    expect(result.stderr()).to.equal('Warning: -H Authorization replaces the authorization header the session would send\n')
  })

  it('--dry-run prints curl with the token left to $(proton auth token), and sends nothing', async () => {
    const result = await api({endpoint: '/core/v4/users', flags: {...NO_FLAGS, 'dry-run': true}, method: 'GET'})
    expect(suite.server.requests).to.deep.equal([])
    expect(result.stdout()).to.match(/^curl -sS --compressed '[^']+\/core\/v4\/users' /)
    expect(result.stdout()).to.include(` -H "authorization: Bearer $(proton auth token)" -H 'x-pm-uid: ${TOKENS.UID}'\n`)
    expect(result.stdout()).not.to.include(TOKENS.AccessToken)
  })

  it('an operation the description does not know: a warning, still sent; with --strict refused, nothing sent', async () => {
    const warned = await api({endpoint: '/core/v4/nope', method: 'GET'})
    expect(warned.stderr()).to.match(/^Warning: GET \/core\/v4\/nope is not in the API description/)
    expect(suite.server.requests).to.have.length(1)
    const refused = await api({endpoint: '/core/v4/nope', flags: {...NO_FLAGS, strict: true}, method: 'GET'})
    expect(refused.status).to.equal(1)
    expect(suite.server.requests).to.have.length(1)
  })

  it('an API error: the body on stdout, its line on stderr, its exit status', async () => {
    suite.server.handle(json(422, '{"Code":2000,"Error":"Color is required"}'))
    const result = await api({endpoint: '/mail/v4/labels', flags: {...NO_FLAGS, body: '{"Name":"x"}'}, method: 'POST'})
    expect([result.status, result.stdout(), result.stderr()]).to.deep.equal([
      1,
      '{"Code":2000,"Error":"Color is required"}',
      'Error: HTTP 422 Unprocessable Entity, Code 2000 INVALID_REQUIREMENT_ERROR: Color is required\n',
    ])
  })

  it('--paginate fetches every page and prints one envelope; only for GET', async () => {
    suite.server.handle((request, response) => {
      const page = Number(new URL(request.url, 'http://x').searchParams.get('Page'))
      json(200, JSON.stringify({Code: 1000, Messages: page < 3 ? [{ID: `m${page}`}] : [], Total: 3}))(request, response)
    })
    const result = await api({endpoint: '/mail/v4/messages', flags: {...NO_FLAGS, paginate: true, query: ['PageSize=1']}, method: 'GET'})
    expect(JSON.parse(result.stdout())).to.deep.equal({Code: 1000, Messages: [{ID: 'm0'}, {ID: 'm1'}, {ID: 'm2'}], Total: 3})
    const post = await api({endpoint: '/mail/v4/messages', flags: {...NO_FLAGS, paginate: true}, method: 'POST'})
    expect(post.status).to.equal(1)
    expect(post.stderr()).to.equal('')
  })

  it('refuses a bad METHOD or ENDPOINT before anything is sent', async () => {
    expect((await api({endpoint: '/x', method: 'BREW'})).status).to.equal(1)
    expect((await api({endpoint: 'https://elsewhere.test/x', method: 'GET'})).status).to.equal(1)
    expect(suite.server.requests).to.deep.equal([])
  })
})
