/** auth status, list and logout through the built binary. */
import {expect} from 'chai'
import {existsSync} from 'node:fs'

import {freePort} from '../helpers/free-port.ts'
import {baseEnv, runBinary} from '../helpers/run-binary.ts'
import {runInTerminal} from '../helpers/terminal.ts'
import {json, serverForSuite} from '../helpers/scripted-server.ts'
import {TOKENS} from '../helpers/session-files.ts'

describe('auth status, list, logout (child process)', function () {
  this.timeout(30_000)
  const suite = serverForSuite({handler: json(200, '{"Code":1000}'), perTest: 'home'})

  const run = (args: string[]) => runBinary(args, {env: baseEnv(suite.home.home)})
  const noToken = (text: string) => {
    for (const secret of [TOKENS.AccessToken, TOKENS.RefreshToken]) expect(text).not.to.include(secret)
  }

  it('status: exit 2 when not logged in', async () => {
    const result = await run(['auth', 'status', '--profile', 'work'])
    expect(result.status).to.equal(2)
    expect(result.stdout.length).to.equal(0)
    expect(result.stderr).to.equal('not logged in (profile work): run "proton auth login"\n')
  })

  it('status: user, API URL, scopes and ages, never a token', async () => {
    const created = new Date(Date.now() - 5 * 60_000).toISOString()
    await suite.home.writeSession(suite.server.url, 'default', {CreatedAt: created, Scopes: ['full', 'mail'], Username: 'alice'})
    const text = await run(['auth', 'status'])
    expect(text.status).to.equal(0)
    const out = text.stdout.toString()
    expect(out).to.match(/^profile {9}default\nuser {12}alice\nAPI URL {9}http:\/\/127\.0\.0\.1:\d+\nsession UID {5}uid-5f3e2d1c\n/)
    expect(out).to.include(`scopes          full mail\n`).and.include(`logged in       ${created} (5 minutes ago)\n`).and.include('state           active\n')
    noToken(out + text.stderr)

    const data = await run(['auth', 'status', '--output', 'json'])
    const parsed = JSON.parse(data.stdout.toString())
    expect(parsed).to.deep.include({apiUrl: suite.server.url, profile: 'default', scopes: ['full', 'mail'], state: 'active', username: 'alice'})
    noToken(data.stdout.toString())
  })

  it('status: an expired session says why and exits 2', async () => {
    await suite.home.writeSession(suite.server.url, 'default', {RefreshError: 'HTTP 422, Code 10013', RefreshRefusedAt: new Date().toISOString()})
    const result = await run(['auth', 'status'])
    expect(result.status).to.equal(2)
    const lines = result.stdout.toString().trimEnd().split('\n')
    expect(lines.at(-1)).to.match(/^state {2,}expired: the service refused to renew it \(HTTP 422, Code 10013\)$/)
    // Labels and values in two aligned columns.
    expect(new Set(lines.map((line) => /^\S+(?: \S+)* {2,}/.exec(line)?.[0].length))).to.have.property('size', 1)
  })

  it('list: every profile with a session, the one in use marked', async () => {
    expect((await run(['auth', 'list'])).stdout.toString()).to.equal('')
    await suite.home.writeSession(suite.server.url, 'work', {Username: 'bob'})
    await suite.home.writeSession('https://mail.proton.me/api', 'default', {Username: 'alice'})
    const env = baseEnv(suite.home.home, {PROTON_PROFILE: 'work'})
    // Piped: whole values, tab-separated, no header; the mark a column of its own.
    const result = await runBinary(['auth', 'list'], {env})
    expect(result.stdout.toString()).to.match(/^\tdefault\talice\thttps:\/\/mail\.proton\.me\/api\tactive\n\*\twork\tbob\thttp:\/\/127\.0\.0\.1:\d+\tactive\n$/)
    // On a terminal: a table under a header.
    const lines = (await runInTerminal(['auth', 'list'], env)).output.trimEnd().split('\n')
    expect(lines[0]).to.match(/^ {3}PROFILE +USER +API URL +STATE$/)
    expect(lines[1]).to.match(/^ {3}default +alice +https:\/\/mail\.proton\.me\/api +active$/)
    expect(lines[2]).to.match(/^\* {2}work +bob +http:\/\/127\.0\.0\.1:\d+ +active$/)
    expect(lines[1].indexOf('alice')).to.equal(lines[2].indexOf('bob'))
    const data = JSON.parse((await run(['auth', 'list', '--output', 'json'])).stdout.toString())
    expect(data.map((entry: {profile: string}) => entry.profile)).to.deep.equal(['default', 'work'])
    noToken(JSON.stringify(data))
  })

  it('logout: ends the session on the service, then removes it', async () => {
    await suite.home.writeSession(suite.server.url)
    const result = await run(['auth', 'logout'])
    expect(result.status).to.equal(0)
    expect(result.stderr).to.equal('logged out (profile default)\n')
    expect(suite.server.requests.map((request) => `${request.method} ${request.url} ${request.headers.authorization}`)).to.deep.equal([`DELETE /core/v4/auth Bearer ${TOKENS.AccessToken}`])
    expect(existsSync(suite.home.store.pathOf('default'))).to.equal(false)
    const again = await run(['auth', 'logout'])
    expect(again.status).to.equal(2)
  })

  it('logout: removes the local session even when the service cannot be reached', async () => {
    const port = await freePort()
    await suite.home.writeSession(`http://127.0.0.1:${port}`)
    const result = await run(['auth', 'logout'])
    expect(result.status).to.equal(0)
    expect(result.stderr).to.equal(
      `Warning: could not end the session on the service (the local session is removed anyway): cannot connect to http://127.0.0.1:${port} (connection refused): is the service reachable, and is --api-url / the session's API URL right?\nlogged out (profile default)\n`,
    )
    expect(existsSync(suite.home.store.pathOf('default'))).to.equal(false)
  })
})
