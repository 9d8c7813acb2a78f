/**
 * auth logout in-process: a profile's session is ended and removed; a
 * session from the environment is ended on the service only, and the
 * profile's file is left byte for byte as it was.
 */
import {expect} from 'chai'
import {readFileSync} from 'node:fs'

import {authLogout} from '../../../../src/lib/account/commands/auth-logout.ts'
import type {ParsedLine} from '../../../../src/lib/core/parsed-line.ts'
import {execute} from '../../../../src/lib/run/plain-command.ts'
import {testRun} from '../../../helpers/invocation.ts'
import {json, serverForSuite} from '../../../helpers/scripted-server.ts'
import {TOKENS} from '../../../helpers/session-files.ts'

const LINE: ParsedLine = {args: {}, argv: [], flags: {}, flagsInOrder: []}
const ENV_SESSION = {PROTON_ACCESS_TOKEN: 'env-access-3b8e-secret', PROTON_UID: 'env-uid-77'}

describe('auth logout (plain command)', () => {
  const suite = serverForSuite({handler: json(200, '{"Code":1000}'), perTest: 'server+home'})

  const sent = () => suite.server.requests.map(({headers, method, url}) => `${method} ${url} ${headers['x-pm-uid']} ${headers.authorization}`)

  it('with a session in the environment: ends that one on the service and leaves the profile’s file as it was', async () => {
    await suite.home.writeSession(suite.server.url, 'work')
    const before = readFileSync(suite.home.store.pathOf('work'))
    const run = testRun(suite.home, {env: ENV_SESSION, flags: {'api-url': suite.server.url, profile: 'work'}})
    expect(await execute(authLogout, run.invocation, LINE)).to.equal(0)
    expect(sent()).to.deep.equal([`DELETE /core/v4/auth env-uid-77 Bearer ${ENV_SESSION.PROTON_ACCESS_TOKEN}`])
    expect(run.stderr()).to.equal('logged out: ended the session from PROTON_UID/PROTON_ACCESS_TOKEN; stored sessions are kept (unset those variables to log out of profile work)\n')
    expect(readFileSync(suite.home.store.pathOf('work')).equals(before)).to.equal(true)
    expect(run.stdout()).to.equal('')
  })

  it('with a session in the environment and none stored: still ends it', async () => {
    const run = testRun(suite.home, {env: ENV_SESSION, flags: {'api-url': suite.server.url}})
    expect(await execute(authLogout, run.invocation, LINE)).to.equal(0)
    expect(sent()).to.have.length(1)
    expect(await suite.home.store.list()).to.deep.equal([])
  })

  it('a session in the environment the service does not end: the failure, its status, and no file touched', async () => {
    suite.server.handle(json(401, '{"Code":10013,"Error":"Invalid access token"}'))
    await suite.home.writeSession(suite.server.url)
    const before = readFileSync(suite.home.store.pathOf('default'))
    const run = testRun(suite.home, {env: ENV_SESSION, flags: {'api-url': suite.server.url}})
    expect(await execute(authLogout, run.invocation, LINE)).to.equal(2)
    expect(run.stderr()).to.match(
      /^Error: the service did not end the session from PROTON_UID\/PROTON_ACCESS_TOKEN \(HTTP 401 Unauthorized, Code 10013\b.*: Invalid access token\); no stored session was touched\n$/,
    )
    expect(readFileSync(suite.home.store.pathOf('default')).equals(before)).to.equal(true)
  })

  it('half a session in the environment is refused, nothing sent, nothing removed', async () => {
    await suite.home.writeSession(suite.server.url)
    const run = testRun(suite.home, {env: {PROTON_UID: 'env-uid-77'}, flags: {'api-url': suite.server.url}})
    expect(await execute(authLogout, run.invocation, LINE)).to.equal(2)
    expect(run.stderr()).to.equal('Error: PROTON_UID and PROTON_ACCESS_TOKEN go together; only PROTON_UID is set\n')
    expect(suite.server.requests).to.deep.equal([])
    expect(await suite.home.store.list()).to.deep.equal(['default'])
  })

  it('without one: ends the profile’s session on the service and removes its file', async () => {
    await suite.home.writeSession(suite.server.url)
    const run = testRun(suite.home)
    expect(await execute(authLogout, run.invocation, LINE)).to.equal(0)
    expect(sent()).to.deep.equal([`DELETE /core/v4/auth ${TOKENS.UID} Bearer ${TOKENS.AccessToken}`])
    expect(run.stderr()).to.equal('logged out (profile default)\n')
    expect(await suite.home.store.list()).to.deep.equal([])
  })
})
