/**
 * The account's keys (keys/account-keys.ts) against a loopback service: the three answers fetched, the user keys
 * unlocked with the sealed passphrase, an address's keys through their Tokens (keys and bodies made by OpenPGP.js in
 * scripts/generate-sandbox-keys.js: the unlocked address key must decrypt the sandbox's body), memoised per address
 * and purpose; a sender's published keys, Address and Unverified (WKD) alike. Keys are unlocked inside each test.
 */
import {expect} from 'chai'
import * as openpgp from 'openpgp'

import {fetchKeyAnswers, type KeyAnswers, senderKeys, unlockAccount} from '../../../src/lib/keys/account-keys.ts'
import {newClientKey, sealPassphrase} from '../../../src/lib/keys/local-key.ts'
import {KEY_FIXTURE} from '../../../src/lib/sandbox/key-fixture.ts'
import {exitOf, plainCommandSuite, testRun} from '../../helpers/invocation.ts'
import {jsonAnswers, type Recorded} from '../../helpers/scripted-server.ts'
import {FIXTURE_ADDRESS_KEY as addressKey, FIXTURE_PASSPHRASE as PASSPHRASE, FIXTURE_USER_KEY as userKey, NO_COMPILE_CACHE as ENV} from '../../helpers/fixture-account.ts'
import {TOKENS} from '../../helpers/session-files.ts'


describe('account-keys: the account’s keys from the session, the user and the addresses', function () {
  this.timeout(20_000)
  const suite = plainCommandSuite()
  const clientKey = newClientKey()
  const addresses = [{Email: 'Demo@Proton.Test', ID: 'a1', Keys: [addressKey]}, 'not an address', {Email: 'broken@proton.test', ID: 'a2', Keys: [{...addressKey, Signature: KEY_FIXTURE.addressKeys[1].Signature}, {...addressKey, ID: 'ak2', Signature: KEY_FIXTURE.addressKeys[1].Signature}]}]
  const answer = (data: unknown) => ({body: Buffer.from(JSON.stringify(data)), data}) as KeyAnswers['user']
  const answers = (over: {addresses?: unknown; user?: unknown} = {}): KeyAnswers => ({
    addresses: answer('addresses' in over ? over.addresses : {Addresses: addresses, Code: 1000}),
    localKey: answer({ClientKey: clientKey.toString('base64'), Code: 1000}),
    user: answer('user' in over ? over.user : {Code: 1000, User: {ID: 'u', Keys: [userKey]}}),
  })
  const withSession = () => suite.home.writeSession(suite.server.url, 'default', {KeyPassphrase: sealPassphrase(PASSPHRASE, clientKey, TOKENS.UID)})
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => (error as Error).message,
    )

  it('fetchKeyAnswers: the local key, the user and the addresses, fetched together; a failed one ends the command; a session without keys sends nothing', async () => {
    await withSession()
    suite.server.handle(jsonAnswers(({url}: Recorded) => [200, {Code: 1000, Path: url}]))
    const got = await fetchKeyAnswers(testRun(suite.home, {env: ENV}).invocation)
    expect([got.localKey.data, got.user.data, got.addresses.data]).to.deep.equal([
      {Code: 1000, Path: '/auth/v4/sessions/local/key'},
      {Code: 1000, Path: '/core/v4/users'},
      {Code: 1000, Path: '/core/v4/addresses'},
    ])
    suite.server.handle(jsonAnswers(({url}: Recorded) => (url === '/core/v4/addresses' ? [404, {Code: 2501}] : [200, {Code: 1000}])))
    expect(await exitOf(fetchKeyAnswers(testRun(suite.home, {env: ENV}).invocation))).to.equal(3)
    suite.server.requests.length = 0
    await suite.home.writeSession(suite.server.url)
    expect(await failure(fetchKeyAnswers(testRun(suite.home, {env: ENV}).invocation))).to.match(/^the session of profile default holds no unlocked keys/)
    expect(suite.server.requests).to.deep.equal([])
  })

  it('unlockAccount: the user keys, an address’s keys through its Token (they decrypt its mail), memoised per address and purpose', async () => {
    await withSession()
    const account = await unlockAccount(testRun(suite.home, {env: ENV}).invocation, answers())
    expect(account.passphrase).to.equal(PASSPHRASE)
    expect(account.userKeys.map((key) => key.getFingerprint())).to.deep.equal([(await openpgp.readKey({armoredKey: KEY_FIXTURE.userKey})).getFingerprint()])
    // Records only.
    expect(account.addresses.map(({ID}) => ID)).to.deep.equal(['a1', 'a2'])
    const keys = account.addressKeys('a1')
    expect(account.addressKeys('a1')).to.equal(keys)
    const {data} = await openpgp.decrypt({decryptionKeys: await keys, message: await openpgp.readMessage({armoredMessage: KEY_FIXTURE.bodies[0].Body})})
    expect(data).to.include('Welcome to the Proton sandbox')
    // Signing: another unlock (the signing packets too), memoised on its own.
    const signing = account.addressKeys('a1', {signing: true})
    expect(signing).to.not.equal(keys)
    expect(account.addressKeys('a1', {signing: true})).to.equal(signing)
    expect((await signing)[0].getKeys().every(({keyPacket}) => (keyPacket as openpgp.SecretKeyPacket).isDecrypted())).to.equal(true)
    // Decrypting only: the primary (signing) packet stays locked.
    expect((await keys)[0].keyPacket.isDecrypted()).to.equal(false)
  })

  it('unlockAccount: an address not of this account, an address whose Token’s signature fails, refused with their lines', async () => {
    await withSession()
    const account = await unlockAccount(testRun(suite.home, {env: ENV}).invocation, answers())
    expect(await failure(account.addressKeys('nope'))).to.equal("address nope is not one of this account's")
    expect(await failure(account.addressKeys('a2'))).to.match(/^no key of address broken@proton\.test could be unlocked \(address key ak: .+; address key ak2: .+\)$/)
  })

  it('unlockAccount: a passphrase that opens no user key, answers that are not records: refused, saying to log in again', async () => {
    await withSession()
    const refused = 'the stored key passphrase no longer unlocks the user keys (the password changed?): run "proton auth login" again'
    for (const user of [{Code: 1000, User: {Keys: [{...userKey, PrivateKey: KEY_FIXTURE.addressKeys[0].PrivateKey}]}}, {Code: 1000, User: 'x'}, [], null]) {
      expect(await failure(unlockAccount(testRun(suite.home, {env: ENV}).invocation, answers({user})))).to.equal(refused)
    }

    const account = await unlockAccount(testRun(suite.home, {env: ENV}).invocation, answers({addresses: {Addresses: 'x'}}))
    expect(account.addresses).to.deep.equal([])
    expect((await unlockAccount(testRun(suite.home, {env: ENV}).invocation, answers({addresses: 7}))).addresses).to.deep.equal([])
  })

  it('ownPublicKeys: the public halves of an address’s keys by its email, in any case, past addresses without an Email and entries without a PrivateKey; another email, none', async () => {
    await withSession()
    const account = await unlockAccount(testRun(suite.home, {env: ENV}).invocation, answers({addresses: {Addresses: [{Email: 7, ID: 'a0', Keys: []}, {Email: 'Demo@Proton.Test', ID: 'a1', Keys: [{ID: 'none'}, addressKey]}], Code: 1000}}))
    const own = await account.ownPublicKeys('demo@PROTON.test')
    expect(own.map((key) => [key.isPrivate(), key.getFingerprint()])).to.deep.equal([[false, (await openpgp.readKey({armoredKey: addressKey.PrivateKey})).getFingerprint()]])
    expect(await account.ownPublicKeys('other@proton.test')).to.deep.equal([])
  })

  it('senderKeys: Address and Unverified (WKD) keys alike, malformed entries noted; an answer not 200 or not JSON, none', async () => {
    await withSession()
    const run = testRun(suite.home, {env: ENV})
    const session = await run.invocation.session()
    suite.server.handle(jsonAnswers(() => [200, {Address: {Keys: [{PublicKey: 'A'}, null, {PublicKey: 7}]}, Code: 1000, Unverified: {Keys: [{PublicKey: 'W'}]}}]))
    expect(await senderKeys(run.invocation, session, 'sam@example.test')).to.deep.equal(['A', 'W'])
    expect(suite.server.requests.map(({url}) => url)).to.deep.equal(['/core/v4/keys/all?Email=sam%40example.test'])
    expect(run.stderr()).to.equal('Note: skipped 1 malformed entry of the published keys of sam@example.test (not a key object)\n')
    suite.server.handle(jsonAnswers(() => [200, {Address: {Keys: 'x'}, Code: 1000, Unverified: {Keys: [{PublicKey: 'W'}]}}]))
    expect(await senderKeys(run.invocation, session, 'sam@example.test')).to.deep.equal(['W'])
    // An external sender: no Address at all, its WKD keys only.
    suite.server.handle(jsonAnswers(() => [200, {Code: 1000, Unverified: {Keys: [{PublicKey: 'W'}]}}]))
    expect(await senderKeys(run.invocation, session, 'sam@example.test')).to.deep.equal(['W'])
    suite.server.handle(jsonAnswers(() => [200, {Address: {Keys: [{PublicKey: 'A'}]}, Code: 1000}]))
    expect(await senderKeys(run.invocation, session, 'sam@example.test')).to.deep.equal(['A'])
    suite.server.handle(jsonAnswers(() => [422, {Address: {Keys: [{PublicKey: 'A'}]}, Code: 2000}]))
    expect(await senderKeys(run.invocation, session, 'sam@example.test')).to.deep.equal([])
    suite.server.handle((_request, response) => response.end('not json'))
    expect(await senderKeys(run.invocation, session, 'sam@example.test')).to.deep.equal([])
  })
})
