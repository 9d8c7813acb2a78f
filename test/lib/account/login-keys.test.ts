/** auth login's unlocking against a service whose key lists hold entries that are not keys (issue 26). */
import {expect} from 'chai'
import {createDecipheriv} from 'node:crypto'
import * as openpgp from 'openpgp'

import {keyEntries, malformedNote} from '../../../src/lib/crypto/keyring.ts'
import {type KeyApi, keysAtFork, keysAtLogin, sessionApi, unlockAtLogin, unlockForked} from '../../../src/lib/account/login-keys.ts'
import {keyPassphrase} from '../../../src/lib/crypto/passphrase.ts'
import type {CliFailure} from '../../../src/lib/core/errors.ts'
import {KEY_FIXTURE} from '../../../src/sandbox/fixtures/key-fixture.ts'
import {json, type ScriptedServer, startServer} from '../../helpers/scripted-server.ts'

describe('login-keys: key lists with malformed entries', function () {
  this.timeout(20_000)

  it('keyEntries keeps the key objects and counts the rest', () => {
    const key = {ID: 'k'}
    const entries = keyEntries([null, key, 7, 'x', [key], key])
    expect(entries).to.deep.equal({keys: [key, key], malformed: 4})
    expect(malformedNote(entries, 'User.Keys')).to.equal('Note: skipped 4 malformed entries of User.Keys (not a key object)')
    expect(malformedNote(keyEntries([key]), 'User.Keys')).to.equal(undefined)
    expect(malformedNote(keyEntries([key, null]), 'User.Keys')).to.equal('Note: skipped 1 malformed entry of User.Keys (not a key object)')
    expect(keyEntries(null)).to.deep.equal({keys: [], malformed: 0})
  })

  it('unlocks the keys past null entries in User.Keys and Addresses[].Keys, and says how many were skipped', async () => {
    const answers: Record<string, Record<string, unknown>> = {
      '/auth/v4/sessions/local/key': {Code: 1000},
      '/core/v4/addresses': {Addresses: [{Email: 'demo@proton.test', ID: 'a', Keys: [null, {Active: 1, ID: 'ak', ...KEY_FIXTURE.addressKeys[0]}]}], Code: 1000},
      '/core/v4/keys/salts': {Code: 1000, KeySalts: [null, {ID: 'uk', KeySalt: KEY_FIXTURE.keySalt}]},
      '/core/v4/users': {Code: 1000, User: {ID: 'u', Keys: [null, {Active: 1, ID: 'uk', Primary: 1, PrivateKey: KEY_FIXTURE.userKey}, null]}},
    }
    const api: KeyApi = async (_method, path) => answers[path]
    const {fields, note} = await unlockAtLogin(api, KEY_FIXTURE.password, 'uid-1')
    expect(note).to.equal('keys unlocked: the primary user key and 1 of 1 addresses; skipped 3 malformed key entries (not a key object)')
    expect(fields.KeyPassphrase).to.be.a('string')
  })
})

describe('login-keys: what auth login asks the service, unlocks, stores and says', function () {
  this.timeout(20_000)
  const uid = 'uid-1'
  const address = (Email: string, key?: Record<string, unknown>) => ({Email, ID: Email, Keys: key ? [{Active: 1, ID: `k-${Email}`, ...key}] : []})
  const userKey = {Active: 1, ID: 'uk', Primary: 1, PrivateKey: KEY_FIXTURE.userKey}
  /** A pretend service: its answers by path, the requests it got. */
  const service = (over: Record<string, Record<string, unknown>> = {}) => {
    const calls: Array<{body?: Record<string, unknown>; method: string; path: string}> = []
    const answers: Record<string, Record<string, unknown>> = {
      '/auth/v4/sessions/local/key': {Code: 1000},
      '/core/v4/addresses': {Addresses: [address('demo@proton.test', KEY_FIXTURE.addressKeys[0])], Code: 1000},
      '/core/v4/keys/salts': {
        Code: 1000,
        KeySalts: [
          {ID: 'other', KeySalt: 'AAAAAAAAAAAAAAAAAAAAAA=='},
          {ID: 'uk', KeySalt: KEY_FIXTURE.keySalt},
        ],
      },
      '/core/v4/users': {Code: 1000, User: {ID: 'u', Keys: [userKey]}},
      ...over,
    }
    const api: KeyApi = async (method, path, body) => {
      calls.push({body, method, path})
      return answers[path]
    }

    return {api, calls}
  }

  /** The sealed passphrase opened with node:crypto as local-key.ts documents it: v1. + base64(IV 12 | AES-256-GCM | tag 16), AAD the UID. */
  const unseal = (blob: string, key: Buffer) => {
    expect(blob.startsWith('v1.')).to.equal(true)
    const sealed = Buffer.from(blob.slice(3), 'base64')
    const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12))
    decipher.setAAD(Buffer.from(uid))
    decipher.setAuthTag(sealed.subarray(-16))
    return Buffer.concat([decipher.update(sealed.subarray(12, -16)), decipher.final()]).toString('utf8')
  }

  it('unlocks the primary user key and the addresses, sends a new local key, and stores the passphrase sealed with it: the passphrase opens the user key in OpenPGP.js', async () => {
    const {api, calls} = service({
      '/core/v4/addresses': {Addresses: [address('demo@proton.test', KEY_FIXTURE.addressKeys[0]), address('empty@proton.test'), address('alias@proton.test', {PrivateKey: 'not a key'})], Code: 1000},
      // A non-primary key with no salt first: the primary one is chosen.
      '/core/v4/users': {
        Code: 1000,
        User: {
          ID: 'u',
          Keys: [
            {Active: 1, ID: 'no-salt', Primary: 0, PrivateKey: KEY_FIXTURE.userKey},
            {...userKey, Primary: true},
          ],
        },
      },
    })
    const {fields, note} = await unlockAtLogin(api, KEY_FIXTURE.password, uid)
    expect(note).to.equal('keys unlocked: the primary user key and 1 of 3 addresses; no key unlocked for empty@proton.test, alias@proton.test')
    expect(calls.map(({method, path}) => `${method} ${path}`).sort()).to.deep.equal(['GET /core/v4/addresses', 'GET /core/v4/keys/salts', 'GET /core/v4/users', 'PUT /auth/v4/sessions/local/key'])
    const put = calls.find(({method}) => method === 'PUT')
    const clientKey = Buffer.from(String(put?.body?.Key), 'base64')
    expect(clientKey).to.have.length(32)
    expect(Object.keys(fields).sort()).to.deep.equal(['KeyPassphrase', 'KeysRead', 'KeysUserID'])
    expect(fields.KeysUserID).to.equal('u')
    // The fixture's keys are curve25519: reads open them without OpenPGP.js.
    expect(fields.KeysRead).to.equal('direct')
    const passphrase = unseal(String(fields.KeyPassphrase), clientKey)
    expect(passphrase).to.not.include(KEY_FIXTURE.password)
    const key = await openpgp.decryptKey({passphrase, privateKey: await openpgp.readPrivateKey({armoredKey: KEY_FIXTURE.userKey})})
    expect(key.isDecrypted()).to.equal(true)
  })

  it('no keys, no salt for the primary key, answers that are not lists: a note, nothing stored, no local key sent', async () => {
    const noKeys = service({'/core/v4/users': {Code: 1000, User: {ID: 'u', Keys: []}}})
    expect(await unlockAtLogin(noKeys.api, KEY_FIXTURE.password, uid)).to.deep.equal({
      fields: {},
      note: 'Note: this account has no keys yet; encrypted mail cannot be read until it has (log in once with a Proton app)',
    })
    expect(noKeys.calls.some(({method}) => method === 'PUT')).to.equal(false)
    const noUser = service({'/core/v4/users': {Code: 1000, User: null}})
    expect((await unlockAtLogin(noUser.api, KEY_FIXTURE.password, uid)).note).to.match(/^Note: this account has no keys yet/)
    for (const KeySalts of [[{ID: 'other', KeySalt: 'x'}], [{ID: 'uk', KeySalt: 7}], 'not a list', [null]]) {
      const noSalt = service({'/core/v4/keys/salts': {Code: 1000, KeySalts}})
      expect(await unlockAtLogin(noSalt.api, KEY_FIXTURE.password, uid)).to.deep.equal({
        fields: {},
        note: 'Warning: the service gave no key salt for the primary user key uk; encrypted mail cannot be read',
      })
      expect(noSalt.calls.some(({method}) => method === 'PUT')).to.equal(false)
    }

    // No Primary flag: the first key is taken; Addresses not a list: none.
    const first = service({'/core/v4/addresses': {Addresses: 'x', Code: 1000}, '/core/v4/users': {Code: 1000, User: {ID: 'u', Keys: [{...userKey, Primary: 0}]}}})
    expect((await unlockAtLogin(first.api, KEY_FIXTURE.password, uid)).note).to.equal('keys unlocked: the primary user key and 0 of 0 addresses')
  })

  it('a wrong password or mailbox password: the warning says which, nothing stored, no local key sent', async () => {
    const login = service()
    const wrong = await unlockAtLogin(login.api, 'not the password', uid)
    expect(wrong).to.deep.equal({
      fields: {},
      note: 'Warning: the password does not unlock this account’s keys (an account with a separate mailbox password? give it with --mailbox-password-stdin); logged in, but encrypted mail cannot be read',
    })
    expect(login.calls.some(({method}) => method === 'PUT')).to.equal(false)
    const mailbox = await unlockAtLogin(service().api, 'not the password', uid, true)
    expect(mailbox.note).to.equal('Warning: the mailbox password does not unlock this account’s keys; logged in, but encrypted mail cannot be read until "auth login" is given the right one')
  })

  it('one malformed entry is one "entry"; Primary 1 is the primary key', async () => {
    const {api} = service({'/core/v4/users': {Code: 1000, User: {ID: 'u', Keys: [{...userKey, ID: 'no-salt', Primary: 0}, userKey, 'x']}}})
    expect((await unlockAtLogin(api, KEY_FIXTURE.password, uid)).note).to.equal('keys unlocked: the primary user key and 1 of 1 addresses; skipped 1 malformed key entry (not a key object)')
  })

  it('unlockForked / keysAtFork: the key passphrase a fork carries unlocks as it is (no salts asked), the user’s name kept; a wrong one warns, nothing stored', async () => {
    const forked = service({'/core/v4/users': {Code: 1000, User: {ID: 'u', Keys: [userKey], Name: 'demo'}}})
    const {fields, note} = await unlockForked(forked.api, keyPassphrase(KEY_FIXTURE.password, KEY_FIXTURE.keySalt), uid)
    expect(note).to.equal('keys unlocked: the primary user key and 1 of 1 addresses')
    expect(fields).to.include({KeysUserID: 'u', Username: 'demo'})
    expect(forked.calls.map((call) => call.path)).to.not.include('/core/v4/keys/salts')
    // The password itself is not the passphrase: a fork's key password is used as it is.
    const wrong = service()
    expect(await keysAtFork(wrong.api, KEY_FIXTURE.password, uid)).to.deep.equal({
      fields: {},
      note: 'Warning: the key password the approving device sent does not unlock this account’s keys; logged in, but encrypted mail cannot be read',
    })
    expect(wrong.calls.map((call) => call.method)).to.not.include('PUT')
  })

  it('keysAtLogin: a failure (an error or anything thrown) leaves a warning with its message and no fields; success passes through', async () => {
    const failing =
      (thrown: unknown): KeyApi =>
      async () => {
        throw thrown
      }

    expect(await keysAtLogin(failing(new Error('HTTP 503')), KEY_FIXTURE.password, uid)).to.deep.equal({
      fields: {},
      note: 'Warning: logged in, but the keys could not be unlocked (HTTP 503); encrypted mail cannot be read until "auth login" succeeds at it',
    })
    expect((await keysAtLogin(failing('refused'), KEY_FIXTURE.password, uid)).note).to.include('(refused)')
    const ok = await keysAtLogin(service().api, 'not the password', uid, true)
    expect(ok.note).to.match(/^Warning: the mailbox password does not unlock/)
    expect((await keysAtLogin(service().api, 'not the password', uid)).note).to.match(/^Warning: the password does not unlock/)
  })
})

describe('login-keys sessionApi: requests on a session just made, against a loopback server', () => {
  let server: ScriptedServer
  const api = () => sessionApi(new URL(server.url), {appVersion: 'cli@0.0.0', retries: 0, userAgent: 'test'}, {AccessToken: 'access-token', UID: 'uid-9'})
  beforeEach(async () => {
    server = await startServer()
  })

  afterEach(() => server.close())

  it('sends the session’s token and UID, the body as JSON, and returns the answer parsed', async () => {
    server.handle(json(200, {Code: 1000, Salts: [1]}))
    expect(await api()('PUT', '/core/v4/keys/salts', {Key: 'k'})).to.deep.equal({Code: 1000, Salts: [1]})
    expect(await api()('GET', '/core/v4/users')).to.deep.equal({Code: 1000, Salts: [1]})
    const [put, get] = server.requests
    expect([put.method, put.url, get.method, get.url]).to.deep.equal(['PUT', '/core/v4/keys/salts', 'GET', '/core/v4/users'])
    expect(put.headers.authorization).to.equal('Bearer access-token')
    expect(put.headers['x-pm-uid']).to.equal('uid-9')
    expect(JSON.parse(put.body.toString())).to.deep.equal({Key: 'k'})
    expect(get.body).to.have.length(0)
  })

  it('an answer that is not JSON: exit 5; a refusal: its status and the service’s error', async () => {
    server.handle((_request, response) => response.end('<html>'))
    const failure = async () =>
      api()('GET', '/core/v4/users').then(
        () => undefined,
        (error: unknown) => error as CliFailure,
      )
    const notJson = await failure()
    expect([notJson?.message, notJson?.exitStatus]).to.deep.equal(['GET /core/v4/users: HTTP 200: the answer is not JSON', 5])
    server.handle(json(422, {Code: 2001, Error: 'Invalid input'}))
    const refused = await failure()
    expect(refused?.message).to.match(/^GET \/core\/v4\/users: .*Invalid input/)
    expect(refused?.exitStatus).to.equal(1)
    server.handle(json(200, {Code: 1000}))
    expect(await api()('GET', '/core/v4/users')).to.deep.equal({Code: 1000})
  })
})
