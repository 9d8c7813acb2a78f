/**
 * The session's user keys (keys/user-keys.ts) against a loopback service: the key passphrase sealed in the session
 * file with the local key the service keeps, opened, the user keys unlocked with it (keys made by OpenPGP.js in
 * scripts/generate-sandbox-keys.js, src/lib/sandbox/key-fixture.ts); a session without keys, a wrong local key, a
 * passphrase that no longer opens them, a failed request each refused with its line. Keys are unlocked inside each
 * test (no `before` hook), so that Stryker's perTest coverage counts the unlocking for the tests that rely on it.
 */
import {expect} from 'chai'
import * as openpgp from 'openpgp'

import {newClientKey, sealPassphrase} from '../../../src/lib/keys/local-key.ts'
import {keyList, sealedPassphrase, sessionUserKeys, sessionWithKeys} from '../../../src/lib/keys/user-keys.ts'
import {KEY_FIXTURE} from '../../../src/lib/sandbox/key-fixture.ts'
import {exitOf, plainCommandSuite, testRun} from '../../helpers/invocation.ts'
import {jsonAnswers, type Recorded} from '../../helpers/scripted-server.ts'
import {FIXTURE_PASSPHRASE as PASSPHRASE, FIXTURE_USER_KEY as userKey, NO_COMPILE_CACHE as ENV} from '../../helpers/fixture-account.ts'
import {TOKENS} from '../../helpers/session-files.ts'


/** The fingerprint a session's unlocked key has, from the armored key itself. */
const fingerprintOf = async (armoredKey: string) => (await openpgp.readKey({armoredKey})).getFingerprint()

describe('user-keys: the session’s user keys, unlocked with the sealed key passphrase', function () {
  this.timeout(20_000)
  const suite = plainCommandSuite()
  const clientKey = newClientKey()
  // An address key: the key passphrase does not open it (its Token does).
  const otherKey = {Active: 1, ID: 'other', Primary: 0, PrivateKey: KEY_FIXTURE.addressKeys[0].PrivateKey}

  /** The session file holding the passphrase sealed for this session, and a service answering the local key and the user. */
  const serve = async (keys: unknown[], {sealed = sealPassphrase(PASSPHRASE, clientKey, TOKENS.UID), localKey = clientKey.toString('base64') as unknown, users = 200, user = undefined as unknown} = {}) => {
    await suite.home.writeSession(suite.server.url, 'default', {KeyPassphrase: sealed})
    suite.server.handle(
      jsonAnswers(({url}: Recorded) => {
        if (url === '/auth/v4/sessions/local/key') return [200, {ClientKey: localKey, Code: 1000}]
        if (url === '/core/v4/users') return users === 200 ? [200, user ?? {Code: 1000, User: {ID: 'u', Keys: keys}}] : [users, {Code: 2000, Error: 'refused'}]
        return [404, {Code: 2000}]
      }),
    )
  }

  it('unlocks the active user keys the passphrase opens; signing: the primary key too, unlocked whole, after a key that is not primary', async () => {
    await serve([otherKey, userKey])
    const run = testRun(suite.home, {env: ENV})
    const {keys, primary} = await sessionUserKeys(run.invocation, {signing: true})
    expect(keys.map((key) => key.getFingerprint())).to.deep.equal([await fingerprintOf(KEY_FIXTURE.userKey)])
    expect(primary?.getFingerprint()).to.equal(await fingerprintOf(KEY_FIXTURE.userKey))
    // Whole: every packet unlocked, the primary (signing) one included.
    expect(primary?.getKeys().every(({keyPacket}) => (keyPacket as openpgp.SecretKeyPacket).isDecrypted())).to.equal(true)
    expect(suite.server.requests.map(({method, url}) => `${method} ${url}`).sort()).to.deep.equal(['GET /auth/v4/sessions/local/key', 'GET /core/v4/users'])
    // Without signing: no primary key.
    const plain = await sessionUserKeys(testRun(suite.home, {env: ENV}).invocation)
    expect(plain.primary).to.equal(undefined)
    expect(plain.keys).to.have.length(1)
  })

  it('without a key marked primary, the first one signs; Primary: true counts as primary; a primary key that will not open is refused', async () => {
    await serve([{...userKey, Primary: 0}])
    expect((await sessionUserKeys(testRun(suite.home, {env: ENV}).invocation, {signing: true})).primary?.getFingerprint()).to.equal(await fingerprintOf(KEY_FIXTURE.userKey))
    await serve([{...userKey, Primary: 0}, {...otherKey, Primary: true}])
    const run = testRun(suite.home, {env: ENV})
    const failure = await sessionUserKeys(run.invocation, {signing: true}).then(
      () => undefined,
      (error: unknown) => error as {exitStatus?: number; message: string},
    )
    expect(failure?.message).to.equal('the primary user key cannot be unlocked to sign with: run "proton auth login" again')
    expect(failure?.exitStatus).to.equal(2)
  })

  it('a passphrase that opens no user key, a local key that does not open the sealed passphrase: refused, saying to log in again', async () => {
    await serve([otherKey])
    const refusal = async () => {
      const failure = await sessionUserKeys(testRun(suite.home, {env: ENV}).invocation).then(
        () => undefined,
        (error: unknown) => error as {exitStatus?: number; message: string},
      )
      return {message: failure?.message, status: failure?.exitStatus}
    }

    expect(await refusal()).to.deep.equal({message: 'the stored key passphrase no longer unlocks the user keys (the password changed?): run "proton auth login" again', status: 2})
    await serve([userKey], {localKey: newClientKey().toString('base64')})
    expect(await refusal()).to.deep.equal({message: `the session's local key does not open the stored key passphrase (profile default): run "proton auth login" again`, status: 2})
    // No ClientKey in the answer: the same refusal, nothing unlocked.
    for (const localKey of ['', 7, null]) {
      await serve([userKey], {localKey})
      expect((await refusal()).message).to.match(/^the session's local key does not open/)
    }

    // A user answer that is not a record (null): no keys, the same refusal as a passphrase that opens none.
    await serve([userKey], {user: 'null'})
    expect((await refusal()).message).to.match(/^the stored key passphrase no longer unlocks the user keys/)
  })

  it('a failed request ends the command with its status; a session without a sealed passphrase, or from the environment, sends nothing', async () => {
    await serve([userKey], {users: 409})
    expect(await exitOf(sessionUserKeys(testRun(suite.home, {env: ENV}).invocation))).to.equal(4)
    suite.server.requests.length = 0
    for (const sealed of ['', undefined]) {
      await suite.home.writeSession(suite.server.url, 'default', sealed === undefined ? {} : {KeyPassphrase: sealed})
      const failure = await sessionWithKeys(testRun(suite.home, {env: ENV}).invocation).then(
        () => undefined,
        (error: unknown) => error as Error,
      )
      expect(failure?.message).to.equal('the session of profile default holds no unlocked keys: run "proton auth login" (with the password) to use encrypted data')
    }

    const env = testRun(suite.home, {env: {...ENV, PROTON_ACCESS_TOKEN: TOKENS.AccessToken, PROTON_API_URL: suite.server.url, PROTON_UID: TOKENS.UID}})
    const session = await env.invocation.session()
    expect(() => sealedPassphrase(env.invocation, session)).to.throw('a session from PROTON_UID / PROTON_ACCESS_TOKEN carries no keys: run "proton auth login" to use encrypted data')
    expect(suite.server.requests).to.deep.equal([])
  })

  it('keyList: a list as given, anything else none', () => {
    const keys = [{ID: 'k'}]
    expect(keyList(keys)).to.equal(keys)
    expect(keyList({ID: 'k'})).to.deep.equal([])
    expect(keyList(undefined)).to.deep.equal([])
  })
})
