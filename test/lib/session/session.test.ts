import {expect} from 'chai'

import {CliFailure} from '../../../src/lib/core/errors.ts'
import {resolveSession} from '../../../src/lib/session/session.ts'
import {type TempHome, tempHome, TOKENS} from '../../helpers/session-files.ts'

describe('resolveSession', () => {
  let home: TempHome
  beforeEach(() => {
    home = tempHome()
  })
  afterEach(() => home.remove())

  const resolve = (env: NodeJS.ProcessEnv = {}, apiUrl?: string, profile = 'default') =>
    resolveSession({apiUrl, env, names: {bin: 'heroku', separator: ':', underTopic: () => true}, profile, store: home.store})

  async function failure(promise: Promise<unknown>): Promise<CliFailure> {
    try {
      await promise
    } catch (error) {
      expect(error).to.be.instanceOf(CliFailure)
      return error as CliFailure
    }

    throw new Error('expected a failure')
  }

  it('says how to log in when the profile has no session (exit 2), in the host’s syntax (heroku proton:auth:login)', async () => {
    const error = await failure(resolve({}, undefined, 'work'))
    expect(error.exitStatus).to.equal(2)
    expect(error.message).to.equal('not logged in (profile work): run "heroku proton:auth:login"')
  })

  it('uses the stored session and its own APIURL', async () => {
    await home.writeSession('http://127.0.0.1:4000/api')
    const session = await resolve()
    expect(session).to.include({accessToken: TOKENS.AccessToken, refreshToken: TOKENS.RefreshToken, source: 'file', uid: TOKENS.UID})
    expect(session.apiUrl.href).to.equal('http://127.0.0.1:4000/api')
    expect((await resolve({}, 'http://127.0.0.1:4000/api/')).apiUrl.href).to.equal('http://127.0.0.1:4000/api')
  })

  it('never sends a stored session to another base URL (exit 2, says why)', async () => {
    await home.writeSession('https://mail.proton.me/api')
    const error = await failure(resolve({}, 'https://evil.example/api'))
    expect(error.exitStatus).to.equal(2)
    expect(error.message).to.match(/belongs to https:\/\/mail\.proton\.me\/api and is never sent elsewhere/)
    expect((await failure(resolve({}, 'https://mail.proton.me/other'))).exitStatus).to.equal(2)
  })

  it('lets the environment win over the file', async () => {
    await home.writeSession('https://mail.proton.me/api')
    const session = await resolve({PROTON_ACCESS_TOKEN: 'env-token', PROTON_REFRESH_TOKEN: 'env-refresh', PROTON_UID: 'env-uid'}, 'http://127.0.0.1:9')
    expect(session).to.include({accessToken: 'env-token', refreshToken: 'env-refresh', source: 'env', uid: 'env-uid'})
    expect(session.apiUrl.href).to.equal('http://127.0.0.1:9/')
    expect((await resolve({PROTON_ACCESS_TOKEN: 't', PROTON_UID: 'u'})).apiUrl.href).to.equal('https://mail.proton.me/api')
  })

  it('refuses half an environment session', async () => {
    const error = await failure(resolve({PROTON_UID: 'u'}))
    expect(error.exitStatus).to.equal(2)
    expect(error.message).to.match(/go together; only PROTON_UID is set/)
  })

  it('checks the base URL before anything else (exit 1)', async () => {
    await home.writeSession('https://mail.proton.me/api')
    const error = await failure(resolve({}, 'http://mail.proton.me/api'))
    expect(error.exitStatus).to.equal(1)
    expect(error.message).to.match(/only for loopback/)
  })
})
