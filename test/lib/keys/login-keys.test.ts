/** auth login's unlocking against a service whose key lists hold entries that are not keys (issue 26). */
import {expect} from 'chai'

import {keyEntries, malformedNote} from '../../../src/lib/keys/keyring.ts'
import {type KeyApi, unlockAtLogin} from '../../../src/lib/keys/login-keys.ts'
import {KEY_FIXTURE} from '../../../src/lib/sandbox/key-fixture.ts'

describe('login-keys: key lists with malformed entries', function () {
  this.timeout(20_000)

  it('keyEntries keeps the key objects and counts the rest', () => {
    const key = {ID: 'k'}
    const entries = keyEntries([null, key, 7, 'x', [key], key])
    expect(entries).to.deep.equal({keys: [key, key], malformed: 4})
    expect(malformedNote(entries, 'User.Keys')).to.equal('Note: skipped 4 malformed entries of User.Keys (not a key object)')
    expect(malformedNote(keyEntries([key]), 'User.Keys')).to.equal(undefined)
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
