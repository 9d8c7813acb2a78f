/**
 * The account's keys (account/keys.ts) against a loopback service: the three requests, the user keys unlocked with
 * the sealed passphrase, an address's keys through their Tokens (keys and bodies made by OpenPGP.js in
 * scripts/generate-sandbox-keys.js: the unlocked address key must decrypt the sandbox's body), memoised per
 * address and purpose; the one primary rule; the one refusal. Then the seal of the
 * unlocked keys (account/key-seal.ts): a second run derives nothing, and whatever the seal cannot vouch for (a key
 * changed on the service, another local key, a tampered file, a file another user owns or others may read, a link)
 * is derived again; no key material is ever in a file in clear. Keys are unlocked inside each test.
 */
import {expect} from 'chai'
import {chmodSync, chownSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync} from 'node:fs'
import {randomBytes} from 'node:crypto'
import {join} from 'node:path'
import * as openpgp from 'openpgp'

import {entryName, recordDigest, removeSeal, seal, sealAtLogin, sealPath, unseal} from '../../../src/lib/account/key-seal.ts'
import {accountKeys, accountRecords, needsOpenpgp, primaryAddress, primaryFirst} from '../../../src/lib/account/keys.ts'
import {s2kRuns} from '../../../src/lib/crypto/iterated-s2k.ts'
import {newClientKey, sealPassphrase} from '../../../src/lib/crypto/local-key.ts'
import {KEY_FIXTURE} from '../../../src/sandbox/fixtures/key-fixture.ts'
import {exitOf, plainCommandSuite, testRun} from '../../helpers/invocation.ts'
import {jsonAnswers, type Recorded} from '../../helpers/scripted-server.ts'
import {FIXTURE_ADDRESS_KEY as addressKey, FIXTURE_PASSPHRASE as PASSPHRASE, FIXTURE_USER_KEY as userKey, NO_COMPILE_CACHE as ENV} from '../../helpers/fixture-account.ts'
import {tempHome, TOKENS} from '../../helpers/session-files.ts'

const fingerprintOf = async (armoredKey: string) => (await openpgp.readKey({armoredKey})).getFingerprint()

describe('account/keys: the one way to the account’s keys', function () {
  this.timeout(30_000)
  const suite = plainCommandSuite()
  const clientKey = newClientKey()
  // An address key: the key passphrase does not open it (its Token does).
  const otherKey = {Active: 1, ID: 'other', Primary: 0, PrivateKey: KEY_FIXTURE.addressKeys[0].PrivateKey}
  const addresses = [
    {Email: 'Demo@Proton.Test', ID: 'a1', Keys: [addressKey]},
    'not an address',
    {
      Email: 'broken@proton.test',
      ID: 'a2',
      Keys: [
        {...addressKey, Signature: KEY_FIXTURE.addressKeys[1].Signature},
        {...addressKey, ID: 'ak2', Signature: KEY_FIXTURE.addressKeys[1].Signature},
      ],
    },
  ]
  const cacheDir = () => join(suite.home.home, 'cache')

  /** The session file holding the passphrase sealed for this session, and a service answering the three key requests. */
  const serve = async (options: {keys?: unknown[]; user?: unknown; addressList?: unknown; local?: Buffer; sealedWith?: Buffer} = {}) => {
    const {keys = [userKey], addressList = addresses, local = clientKey, sealedWith = clientKey} = options
    await suite.home.writeSession(suite.server.url, 'default', {KeyPassphrase: sealPassphrase(PASSPHRASE, sealedWith, TOKENS.UID)})
    suite.server.handle(
      jsonAnswers(({url}: Recorded) => {
        if (url === '/auth/v4/sessions/local/key') return [200, {ClientKey: local.toString('base64'), Code: 1000}]
        if (url === '/core/v4/users') return [200, 'user' in options ? options.user : {Code: 1000, User: {ID: 'u', Keys: keys}}]
        if (url === '/core/v4/addresses') return [200, {Addresses: addressList, Code: 1000}]
        return [404, {Code: 2501}]
      }),
    )
  }

  const run = () => testRun(suite.home, {env: {...ENV, DEBUG: 'proton-cli:keys'}})
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => (error as Error).message,
    )
  /** What the run's DEBUG lines say: keys opened from the seal and keys derived (an S2K each), summed. */
  const counts = (stderr: string) => {
    const lines = [...stderr.matchAll(/^proton-cli:keys (\d+) keys opened from the seal, (\d+) derived \(\d+ S2K runs so far\)$/gm)]
    return {derived: lines.reduce((sum, line) => sum + Number(line[2]), 0), sealed: lines.reduce((sum, line) => sum + Number(line[1]), 0)}
  }

  beforeEach(() => removeSeal(cacheDir(), 'default'))

  it('the local key, the user and the addresses, asked for together once per run; a failed one ends the command; a session without keys sends nothing', async () => {
    await serve()
    const {invocation} = run()
    const [records, again] = await Promise.all([accountRecords(invocation), accountRecords(invocation)])
    expect(again).to.equal(records)
    expect(suite.server.requests.map(({url}) => url).sort()).to.deep.equal(['/auth/v4/sessions/local/key', '/core/v4/addresses', '/core/v4/users'])
    expect(records.addresses.map(({ID}) => ID)).to.deep.equal(['a1', 'a2'])
    suite.server.handle(jsonAnswers(({url}: Recorded) => (url === '/core/v4/addresses' ? [404, {Code: 2501}] : [200, {Code: 1000}])))
    expect(await exitOf(accountKeys(run().invocation))).to.equal(3)
    suite.server.requests.length = 0
    await suite.home.writeSession(suite.server.url)
    expect(await failure(accountKeys(run().invocation))).to.match(/^the session of profile default holds no unlocked keys/)
    expect(suite.server.requests).to.deep.equal([])
  })

  it('the user keys; an address’s keys through its Token (they decrypt its mail), memoised per address and purpose', async () => {
    await serve({keys: [otherKey, userKey]})
    const account = await accountKeys(run().invocation)
    expect(account.passphrase).to.equal(PASSPHRASE)
    expect(account.userKeys.map((key) => key.getFingerprint())).to.deep.equal([await fingerprintOf(KEY_FIXTURE.userKey)])
    const keys = account.addressKeys('a1')
    expect(await account.ownAddressKeys('a1')).to.equal(await account.ownAddressKeys('a1'))
    const {data} = await openpgp.decrypt({decryptionKeys: await keys, message: await openpgp.readMessage({armoredMessage: KEY_FIXTURE.bodies[0].Body})})
    expect(data).to.include('Welcome to the Proton sandbox')
    const signing = await account.addressKeys('a1', {signing: true})
    expect(signing[0].getKeys().every(({keyPacket}) => (keyPacket as openpgp.SecretKeyPacket).isDecrypted())).to.equal(true)
    // Decrypting only: the primary (signing) packet stays locked.
    expect((await keys)[0].keyPacket.isDecrypted()).to.equal(false)
    expect(await failure(account.addressKeys('nope'))).to.equal("address nope is not one of this account's")
    expect(await failure(account.addressKeys('a2'))).to.match(/^no key of address broken@proton\.test could be unlocked \(address key ak: .+; address key ak2: .+\)$/)
  })

  it('the one refusal: a passphrase that opens no user key, answers that are not records; a local key that does not open the passphrase', async () => {
    const refused = 'the stored key passphrase no longer unlocks the user keys (the password changed?): run "proton auth login" again'
    for (const user of [{Code: 1000, User: {Keys: [otherKey]}}, {Code: 1000, User: 'x'}, [], null]) {
      await serve({user})
      expect(await failure(accountKeys(run().invocation))).to.equal(refused)
    }

    await serve({local: newClientKey()})
    expect(await failure(accountKeys(run().invocation))).to.equal('the session\'s local key does not open the stored key passphrase (profile default): run "proton auth login" again')
    await serve({addressList: 'x'})
    expect((await accountKeys(run().invocation)).addresses).to.deep.equal([])
  })

  it('one primary rule (WebClients): the flagged user key first, else the first listed; it signs, unlocked whole; the primary address the first active one by Order', async () => {
    expect(primaryFirst([{ID: 'a'}, {ID: 'b', Primary: 1}, {ID: 'c', Primary: true}]).map(({ID}) => ID)).to.deep.equal(['b', 'c', 'a'])
    expect(primaryFirst([{ID: 'a', Primary: 0}, {ID: 'b'}]).map(({ID}) => ID)).to.deep.equal(['a', 'b'])
    for (const keys of [
      [otherKey, userKey],
      [{...userKey, Primary: 0}, otherKey],
      [otherKey, {...userKey, Primary: true}],
    ]) {
      await serve({keys})
      const primary = await (await accountKeys(run().invocation)).primaryUserKey()
      expect(primary.getFingerprint()).to.equal(await fingerprintOf(KEY_FIXTURE.userKey))
      expect(primary.getKeys().every(({keyPacket}) => (keyPacket as openpgp.SecretKeyPacket).isDecrypted())).to.equal(true)
    }

    // The flagged key that will not open: no other key signs in its place.
    await serve({
      keys: [
        {...userKey, Primary: 0},
        {...otherKey, Primary: 1},
      ],
    })
    expect(await failure((await accountKeys(run().invocation)).primaryUserKey())).to.equal('the primary user key cannot be unlocked to sign with: run "proton auth login" again')

    const active = {Receive: 1, Send: 1, Status: 1}
    const list = [
      {ID: 'disabled', Order: 0, ...active, Status: 0},
      {ID: 'no-send', Order: 0, ...active, Send: 0},
      {ID: 'unordered', ...active},
      {ID: 'second', Order: 2, ...active},
      {ID: 'first', Order: 1, ...active},
      {ID: 7, Order: 0, ...active},
    ]
    expect(primaryAddress(list)?.ID).to.equal('first')
    expect(
      primaryAddress([
        {ID: 'u1', ...active},
        {ID: 'u2', ...active},
      ])?.ID,
    ).to.equal('u1')
    expect(primaryAddress([{ID: 'x', Status: 1}])).to.equal(undefined)
  })

  it('ownPublicKeys: the public halves of an address’s keys by its email, in any case; another email, none', async () => {
    await serve({
      addressList: [
        {Email: 7, ID: 'a0', Keys: []},
        {Email: 'Demo@Proton.Test', ID: 'a1', Keys: [{ID: 'none'}, addressKey]},
      ],
    })
    const account = await accountKeys(run().invocation)
    const own = await account.ownPublicKeys('demo@PROTON.test')
    expect(own.map((key) => [key.isPrivate(), key.getFingerprint()])).to.deep.equal([[false, await fingerprintOf(addressKey.PrivateKey)]])
    expect(await account.ownPublicKeys('other@proton.test')).to.deep.equal([])
  })

  describe('the seal of the unlocked keys', () => {
    /** One run: the user keys and the keys of address a1, what its DEBUG lines counted, and the S2Ks OpenPGP.js ran meanwhile. */
    const read = async () => {
      const {invocation, stderr} = run()
      const before = s2kRuns()
      const account = await accountKeys(invocation)
      const keys = await account.addressKeys('a1')
      return {counts: counts(stderr()), keys, s2k: s2kRuns() - before, userKeys: account.userKeys}
    }

    it('format: the header, IV, ciphertext and tag, bound to the client key, the session and the user; entries by record digest', () => {
      const entries = new Map([['d', Uint8Array.from([1, 2, 3])]])
      const bytes = seal(entries, clientKey, 'uid', 'user')
      expect(bytes.subarray(0, 26).toString('utf8')).to.equal('proton-cli sealed keys v1\n')
      expect(bytes.length).to.equal(26 + 12 + JSON.stringify({keys: {d: 'AQID'}}).length + 16)
      expect(unseal(bytes, clientKey, 'uid', 'user')).to.deep.equal(new Map([['d', Buffer.from([1, 2, 3])]]))
      for (const [key, uid, user] of [
        [newClientKey(), 'uid', 'user'],
        [clientKey, 'other uid', 'user'],
        [clientKey, 'uid', 'other user'],
      ] as const)
        expect(unseal(bytes, key, uid, user)).to.equal(undefined)
      for (let offset = 26; offset < bytes.length; offset += 7) {
        const tampered = Buffer.from(bytes)
        tampered[offset] ^= 1
        expect(unseal(tampered, clientKey, 'uid', 'user')).to.equal(undefined)
      }

      // Any field of the record: another digest.
      const base = recordDigest({ID: 'k', PrivateKey: 'P', Signature: 'S', Token: 'T'})
      for (const changed of [{ID: 'k2'}, {PrivateKey: 'P2'}, {Signature: 'S2'}, {Token: 'T2'}, {Fingerprint: 'F'}])
        expect(recordDigest({ID: 'k', PrivateKey: 'P', Signature: 'S', Token: 'T', ...changed})).to.not.equal(base)
    })

    it('a second run derives nothing: the keys come from the seal (0600, in a 0700 directory) and still decrypt', async () => {
      await serve()
      const first = await read()
      expect(first.counts).to.deep.equal({derived: 2, sealed: 0})
      // One secret packet of each key derived (decrypting only: the primary stays locked), the user key's and the address key's.
      expect(first.s2k).to.equal(2)
      const path = sealPath(cacheDir(), 'default')
      expect(statSync(path).mode & 0o777).to.equal(0o600)
      expect(statSync(join(cacheDir(), 'keys')).mode & 0o777).to.equal(0o700)
      const second = await read()
      expect(second.counts).to.deep.equal({derived: 0, sealed: 2})
      expect(second.s2k).to.equal(0)
      expect(second.userKeys.map((key) => key.getFingerprint())).to.deep.equal(first.userKeys.map((key) => key.getFingerprint()))
      const {data} = await openpgp.decrypt({decryptionKeys: second.keys, message: await openpgp.readMessage({armoredMessage: KEY_FIXTURE.bodies[0].Body})})
      expect(data).to.include('Welcome to the Proton sandbox')
    })

    it('a key changed on the service (rotated, or re-encrypted: another record) is derived again, and its old entry dropped', async () => {
      await serve()
      await read()
      const before = unseal(readFileSync(sealPath(cacheDir(), 'default')), clientKey, TOKENS.UID, 'u')
      await serve({keys: [{...userKey, ID: 'rotated'}]})
      expect((await read()).counts).to.deep.equal({derived: 1, sealed: 1})
      const after = unseal(readFileSync(sealPath(cacheDir(), 'default')), clientKey, TOKENS.UID, 'u')
      expect([...(after?.keys() ?? [])].sort()).to.deep.equal([entryName({...userKey, ID: 'rotated'}), entryName(addressKey)].sort())
      expect(after?.has(entryName(userKey))).to.equal(false)
      expect(before?.has(entryName(userKey))).to.equal(true)
    })

    it('another local key (a new login, a rotation): the seal opens nothing, the keys are derived and sealed anew', async () => {
      await serve()
      await read()
      const rotated = newClientKey()
      await serve({local: rotated, sealedWith: rotated})
      expect((await read()).counts).to.deep.equal({derived: 2, sealed: 0})
      expect(unseal(readFileSync(sealPath(cacheDir(), 'default')), rotated, TOKENS.UID, 'u')?.size).to.equal(2)
    })

    it('a tampered seal, a file others may read (0644), a file of another user, a symbolic link: not read; the keys are derived', async () => {
      await serve()
      await read()
      const path = sealPath(cacheDir(), 'default')
      const good = readFileSync(path)
      const tampered = Buffer.from(good)
      tampered[tampered.length - 20] ^= 1
      writeFileSync(path, tampered, {mode: 0o600})
      expect((await read()).counts).to.deep.equal({derived: 2, sealed: 0})

      writeFileSync(path, good)
      chmodSync(path, 0o644)
      expect((await read()).counts).to.deep.equal({derived: 2, sealed: 0})
      // Written anew, owner-only.
      expect(statSync(path).mode & 0o777).to.equal(0o600)

      const uid = process.getuid?.()
      if (uid === 0) {
        writeFileSync(path, good, {mode: 0o600})
        chownSync(path, 4242, 4242)
        expect((await read()).counts).to.deep.equal({derived: 2, sealed: 0})
        expect(statSync(path).uid).to.equal(0)
      }

      const elsewhere = join(suite.home.home, 'elsewhere.sealed')
      writeFileSync(elsewhere, good, {mode: 0o600})
      rmSync(path)
      symlinkSync(elsewhere, path)
      expect((await read()).counts).to.deep.equal({derived: 2, sealed: 0})
      // The link was replaced, not written through.
      expect(readFileSync(elsewhere)).to.deep.equal(good)
    })

    it('no key material in clear in any file under the cache directory: not the armored keys, not the unlocked keys as written', async () => {
      await serve()
      const {keys, userKeys} = await read()
      await read()
      const unlocked = [...keys, ...userKeys].map((key) => Buffer.from(key.write()))
      const secrets = [...unlocked, ...unlocked.map((bytes) => Buffer.from(bytes.toString('base64'))), Buffer.from(userKey.PrivateKey), Buffer.from(addressKey.PrivateKey), Buffer.from(PASSPHRASE)]
      const files = (directory: string): string[] =>
        readdirSync(directory, {withFileTypes: true}).flatMap((entry) => (entry.isDirectory() ? files(join(directory, entry.name)) : [join(directory, entry.name)]))
      const all = files(cacheDir())
      expect(all).to.include(sealPath(cacheDir(), 'default'))
      for (const file of all) for (const secret of secrets) expect(readFileSync(file).includes(secret), file).to.equal(false)
    })

    it('sealedKey (a calendar’s keys, drive’s node keys): unlocked once, then from the seal, though no user or address lists it', async () => {
      await serve()
      const record = {ID: 'calendar-key:c1', PrivateKey: addressKey.PrivateKey}
      let unlocks = 0
      const unlock = async () => {
        unlocks++
        return (await accountKeys(run().invocation)).addressKeys('a1').then(([key]) => key)
      }

      const firstRun = await accountKeys(run().invocation)
      const first = await firstRun.sealedKey(record, unlock)
      await firstRun.flushSeal()
      const secondRun = await accountKeys(run().invocation)
      const second = await secondRun.sealedKey(record, unlock)
      expect(unlocks).to.equal(1)
      expect(second.getFingerprint()).to.equal(first.getFingerprint())
      // A run of the user and address keys only, that writes (a key changed): the other key stays, as it is not theirs to drop.
      await serve({keys: [{...userKey, ID: 'rotated'}]})
      await accountKeys(run().invocation)
      expect(unseal(readFileSync(sealPath(cacheDir(), 'default')), clientKey, TOKENS.UID, 'u')?.has(entryName(record, true))).to.equal(true)
    })

    it('keys GnuPG made (its default S2K count, test/fixtures/gnupg): derived once, then opened from the seal without any S2K', async () => {
      const gnupg = (name: string) => readFileSync(new URL(`../../fixtures/gnupg/${name}`, import.meta.url), 'utf8')
      const user = {Active: 1, ID: 'gpg-user', Primary: 1, PrivateKey: gnupg('token-user.asc')}
      const address = {Active: 1, ID: 'gpg-address', Primary: 1, PrivateKey: gnupg('token-address.asc'), Signature: gnupg('token.sig.asc'), Token: gnupg('token.asc')}
      const counts = (await openpgp.readPrivateKey({armoredKey: user.PrivateKey})).getKeys().map(({keyPacket}) => (keyPacket as unknown as {s2k: {getCount(): number}}).s2k.getCount())
      // GnuPG's count, 62 MiB hashed a packet: four times the 16 MiB of keys OpenPGP.js (and Proton) make.
      expect(counts).to.deep.equal([65_011_712, 65_011_712])
      await suite.home.writeSession(suite.server.url, 'default', {KeyPassphrase: sealPassphrase('user-passphrase', clientKey, TOKENS.UID)})
      suite.server.handle(
        jsonAnswers(({url}: Recorded) => {
          if (url === '/auth/v4/sessions/local/key') return [200, {ClientKey: clientKey.toString('base64'), Code: 1000}]
          if (url === '/core/v4/users') return [200, {Code: 1000, User: {ID: 'u', Keys: [user]}}]
          if (url === '/core/v4/addresses') return [200, {Addresses: [{Email: 'address@example.test', ID: 'a1', Keys: [address]}], Code: 1000}]
          return [404, {Code: 2501}]
        }),
      )
      const first = await read()
      expect(first.counts).to.deep.equal({derived: 2, sealed: 0})
      expect(first.s2k).to.equal(2)
      const second = await read()
      expect(second.counts).to.deep.equal({derived: 0, sealed: 2})
      expect(second.s2k).to.equal(0)
      expect(second.keys[0].getUserIDs()).to.deep.equal(['address@example.test'])
    })

    it('removeSeal: the file goes; nothing there is nothing to do', async () => {
      await serve()
      await read()
      removeSeal(cacheDir(), 'default')
      expect(existsSync(sealPath(cacheDir(), 'default'))).to.equal(false)
      removeSeal(cacheDir(), 'default')
    })

    it('sealAtLogin: the new session’s seal replaces the old one, and the Pass names the old session sealed go', async () => {
      await serve()
      await read()
      const before = readFileSync(sealPath(cacheDir(), 'default'))
      writeFileSync(sealPath(cacheDir(), 'default', 'pass-names'), 'sealed under the previous session', {mode: 0o600})
      await sealAtLogin(cacheDir(), 'default', 'another-uid', {clientKey: randomBytes(32), keys: [], userId: 'user-1'})
      expect(existsSync(sealPath(cacheDir(), 'default', 'pass-names'))).to.equal(false)
      expect(readFileSync(sealPath(cacheDir(), 'default')).equals(before)).to.equal(false)
    })
  })
})

describe('account/keys needsOpenpgp: whether a read loads OpenPGP.js beside the key requests', () => {
  it('unless the keys are sealed and the login did not find them of a kind only OpenPGP.js reads', () => {
    const temporary = tempHome()
    const {home} = temporary
    try {
      const session = (KeysRead?: 'direct' | 'openpgp', source: 'env' | 'file' = 'file') =>
        ({profile: 'p', source, stored: KeysRead ? {KeysRead} : {}}) as unknown as Parameters<typeof needsOpenpgp>[1]
      // No seal yet: the keys are derived with OpenPGP.js.
      expect(needsOpenpgp(home, session('direct'))).to.equal(true)
      mkdirSync(join(home, 'keys'))
      writeFileSync(sealPath(home, 'p'), 'sealed')
      expect(needsOpenpgp(home, session('direct'))).to.equal(false)
      // A session from before KeysRead: as when they are sealed.
      expect(needsOpenpgp(home, session())).to.equal(false)
      expect(needsOpenpgp(home, session('openpgp'))).to.equal(true)
      expect(needsOpenpgp(home, session('direct', 'env'))).to.equal(true)
    } finally {
      temporary.remove()
    }
  })
})
