/**
 * refreshSession when several requests of one run meet a 401 together (a listing sends its key requests, its bootstrap
 * and its events at once): one refresh, which they all wait for. The service spends a refresh token once (a second
 * use is refused, Code 10013), so for an environment session, whose tokens live in memory only, a second refresh
 * would end the run. A 401 for a token the run has renewed since asks for no refresh at all.
 */
import {expect} from 'chai'

import {refreshSession} from '../../../src/lib/session/refresh.ts'
import {resolveSession} from '../../../src/lib/session/session.ts'
import {startServer, type ScriptedServer} from '../../helpers/scripted-server.ts'
import {type TempHome, tempHome, TOKENS} from '../../helpers/session-files.ts'

const names = {bin: 'proton', separator: ' ', underTopic: () => true}
const RENEWED = {AccessToken: 'acc-renewed-secret', RefreshToken: 'ref-renewed-secret'}

describe('session/refresh: one refresh for the requests of a run that meet a 401 together', () => {
  let home: TempHome
  let server: ScriptedServer
  const refreshes = () => server.requests.filter(({url}) => url === '/auth/v4/refresh')

  beforeEach(async () => {
    home = tempHome()
    const spent = new Set<string>()
    server = await startServer((request, response) => {
      const {RefreshToken} = JSON.parse(request.body.toString() || '{}') as {RefreshToken?: string}
      const refused = RefreshToken === undefined || spent.has(RefreshToken)
      if (RefreshToken) spent.add(RefreshToken)
      response.writeHead(refused ? 422 : 200, {'content-type': 'application/json'})
      response.end(JSON.stringify(refused ? {Code: 10013, Error: 'Invalid refresh token'} : {Code: 1000, ...RENEWED, Scopes: ['full'], UID: TOKENS.UID}))
    })
  })
  afterEach(async () => {
    await server.close()
    home.remove()
  })

  const context = async (env: NodeJS.ProcessEnv) => {
    const session = await resolveSession({apiUrl: server.url, env, names, profile: 'default', store: home.store})
    return {names, session, store: home.store, transport: {appVersion: 'Other', userAgent: 'proton-cli-test'}}
  }

  it('an environment session: three requests failing together wait for one refresh; a late 401 for the old token asks for none', async () => {
    const renewing = await context({PROTON_ACCESS_TOKEN: TOKENS.AccessToken, PROTON_REFRESH_TOKEN: TOKENS.RefreshToken, PROTON_UID: TOKENS.UID})
    await Promise.all([1, 2, 3].map(async () => refreshSession(renewing, TOKENS.AccessToken)))
    expect(refreshes()).to.have.length(1)
    expect(renewing.session).to.include({accessToken: RENEWED.AccessToken, refreshToken: RENEWED.RefreshToken})
    await refreshSession(renewing, TOKENS.AccessToken)
    expect(refreshes()).to.have.length(1)
    // The renewed token failing in its turn is refreshed with the renewed refresh token.
    await refreshSession(renewing, RENEWED.AccessToken).catch(() => undefined)
    expect(refreshes().map(({body}) => (JSON.parse(body.toString()) as {RefreshToken: string}).RefreshToken)).to.deep.equal([TOKENS.RefreshToken, RENEWED.RefreshToken])
  })

  it('a session file: the same, and the renewed pair is stored', async () => {
    await home.writeSession(server.url)
    const renewing = await context({})
    await Promise.all([1, 2, 3].map(async () => refreshSession(renewing, TOKENS.AccessToken)))
    expect(refreshes()).to.have.length(1)
    expect(await home.store.read('default')).to.include({...RENEWED, UID: TOKENS.UID})
  })
})
