/**
 * Every command that unlocks the account's keys does what mail read does (issue 41: they go through
 * account/keys.ts): contacts get, calendar events list, drive ls and mail send, the built binary against a scripted
 * server, each with a malformed key entry (skipped with its note), an Argon2 user key asking for 1 GiB (refused
 * before any is spent: one line, exit 5) and twelve Argon2 keys with --timeout 1 (one line, exit 5). Before, those
 * four said "the password changed?" with exit 2 and ignored --timeout. The keys are the sandbox's fixture and keys
 * made here with OpenPGP.js; the session holds the key passphrase sealed as auth login seals it.
 */
import {expect} from 'chai'
import {randomBytes} from 'node:crypto'
import {readdirSync, readFileSync} from 'node:fs'
import {join} from 'node:path'

import * as openpgp from 'openpgp'

import {MAX_ARGON2_PASSES} from '../../src/lib/keys/keyring.ts'
import {sealPassphrase} from '../../src/lib/keys/local-key.ts'
import {keyPassphrase} from '../../src/lib/keys/passphrase.ts'
import {KEY_FIXTURE} from '../../src/lib/sandbox/key-fixture.ts'
import {baseEnv} from '../helpers/run-binary.ts'
import {runMeasured} from '../helpers/run-measured.ts'
import {jsonAnswers, serverForSuite} from '../helpers/scripted-server.ts'
import {TOKENS} from '../helpers/session-files.ts'

describe('every command unlocks keys as mail read does: contacts, calendar, drive, send (built binary)', function () {
  this.timeout(180_000)
  const clientKey = randomBytes(32)
  const passphrase = keyPassphrase(KEY_FIXTURE.password, KEY_FIXTURE.keySalt)
  const suite = serverForSuite({session: {fields: {KeyPassphrase: sealPassphrase(passphrase, clientKey, TOKENS.UID), KeysUserID: 'user-1'}}})
  const userKey = {Active: 1, ID: 'user-key-1', Primary: 1, PrivateKey: KEY_FIXTURE.userKey}
  const addressKey = {Active: 1, ID: 'address-key-1', Primary: 1, ...KEY_FIXTURE.addressKeys[0]}
  let argon2Key = ''
  let greedyKey = ''
  let userKeys: unknown[] = []

  before(async () => {
    const config = {aeadProtect: true, s2kArgon2Params: {memoryExponent: 16, parallelism: 4, passes: 3}, s2kType: openpgp.enums.s2k.argon2 as const, v6Keys: true}
    const {privateKey} = await openpgp.generateKey({config, format: 'armored', passphrase, type: 'curve25519', userIDs: [{email: 'demo@proton.test'}]})
    argon2Key = privateKey
    const greedy = await openpgp.readPrivateKey({armoredKey: privateKey})
    for (const {keyPacket} of greedy.getKeys()) (keyPacket as unknown as {s2k: {encodedM: number}}).s2k.encodedM = 20
    greedyKey = greedy.armor()
    suite.server.handle(
      jsonAnswers((request) => {
        const path = request.url.split('?')[0]
        if (path === '/auth/v4/sessions/local/key') return [200, {ClientKey: clientKey.toString('base64'), Code: 1000}]
        if (path === '/core/v4/users') return [200, {Code: 1000, User: {ID: 'user-1', Keys: userKeys, MaxUpload: 1_000_000, Name: 'demo'}}]
        if (path === '/core/v4/addresses') return [200, {Addresses: [{Email: 'demo@proton.test', ID: 'address-1', Keys: [addressKey], Order: 1, Receive: 1, Send: 1, Status: 1}], Code: 1000}]
        if (path === '/core/v4/keys/all') return [200, {Address: {Keys: []}, Code: 1000}]
        if (path === '/contacts/v4/contacts/emails') return [200, {Code: 1000, ContactEmails: []}]
        if (path === '/contacts/v4/contacts/contact-1') return [200, {Code: 1000, Contact: {Cards: [], ContactEmails: [], ID: 'contact-1', LabelIDs: [], Name: 'Sam'}}]
        if (path === '/calendar/v1') return [200, {Calendars: [{ID: 'calendar-1', Members: [{AddressID: 'address-1', Email: 'demo@proton.test', ID: 'member-1', Name: 'Work'}]}], Code: 1000}]
        if (path === '/calendar/v2/calendar-1/bootstrap') return [200, {Code: 1000, Keys: [], Passphrase: {MemberPassphrases: [{MemberID: 'member-1', Passphrase: 'x', Signature: 'y'}]}}]
        if (path.startsWith('/calendar/v1/calendar-1/events')) return [200, {Code: 1000, Events: [], More: 0}]
        if (path === '/drive/v2/shares/my-files') return [200, {Code: 1000}]
        return [404, {Code: 2501, Error: 'not here'}]
      }),
    )
  })

  const COMMANDS: Array<[string, string[]]> = [
    ['contacts get', ['contacts', 'get', 'contact-1']],
    ['calendar events list', ['calendar', 'events', 'list', '--calendar', 'calendar-1', '--start', '2025-03-01', '--end', '2025-03-02', '--timezone', 'UTC']],
    ['drive ls', ['drive', 'ls']],
    ['mail send', ['mail', 'send', '--to', 'friend@example.test', '--subject', 'Keys', '--body', 'hello']],
  ]
  const run = (args: string[], ...flags: string[]) => runMeasured([...flags, ...args], baseEnv(suite.home.home, {TZ: 'UTC'}))
  /** What a refused run asked of the service besides reading: nothing (no draft, no contact, no calendar made). */
  const changes = async (work: () => Promise<void>) => {
    const before = suite.server.requests.length
    await work()
    return suite.server.requests.slice(before).filter(({method}) => method !== 'GET').map(({method, url}) => `${method} ${url}`)
  }

  for (const [name, args] of COMMANDS) {
    describe(name, () => {
      it('a malformed entry of User.Keys: skipped with the note mail read gives', async () => {
        userKeys = [null, userKey]
        const result = await run(args)
        expect(result.stderr.split('\n')).to.include('Note: skipped 1 malformed entry of User.Keys (not a key object)')
        expect(result.stderr).to.not.match(/password changed/)
      })

      it('an Argon2 key asking for 1 GiB: refused before any is spent, one line, exit 5, nothing on stdout (not "the password changed?", exit 2)', async () => {
        userKeys = [{...userKey, ID: 'greedy', PrivateKey: greedyKey}]
        const sent = await changes(async () => {
          const result = await run(args)
          expect(result.stderr).to.equal(`Error: no user key could be unlocked (user key greedy: its Argon2 S2K asks for 1 GiB of memory and 3 passes, more than the 256 MiB and ${MAX_ARGON2_PASSES} passes allowed)\n`)
          expect(result.status).to.equal(5)
          expect(result.stdout.length).to.equal(0)
          expect(result.peakMiB).to.be.below(512)
        })
        expect(sent).to.deep.equal([])
      })

      it('unlocking counts inside --timeout: twelve Argon2 keys with --timeout 1, one line, exit 5', async () => {
        userKeys = Array.from({length: 12}, (_, index) => ({...userKey, ID: `argon2-${index}`, Primary: index === 0 ? 1 : 0, PrivateKey: argon2Key}))
        const sent = await changes(async () => {
          const result = await run(args, '--timeout', '1')
          expect(result.stderr).to.equal('Error: gave up unlocking the keys: not done within 1 s (timeout; see --timeout)\n')
          expect(result.status).to.equal(5)
          expect(result.stdout.length).to.equal(0)
        })
        expect(sent).to.deep.equal([])
      })
    })
  }
  // Last: it logs out (mocha runs a suite's own tests before its nested suites, so this one is nested too).
  describe('the sealed keys', () => {
    it('a second read derives nothing (DEBUG counts it), and the seal holds no key in clear; auth logout removes it', async () => {
      userKeys = [userKey]
      const cache = join(suite.home.home, 'cache')
      const seals = () => readdirSync(cache, {recursive: true, withFileTypes: true}).filter((entry) => entry.isFile() && entry.name.endsWith('.sealed')).map((entry) => join(entry.parentPath, entry.name))
      const debug = baseEnv(suite.home.home, {DEBUG: 'proton-cli:keys', TZ: 'UTC'})
      const counted = async () => {
        const result = await runMeasured(['contacts', 'get', 'contact-1'], debug)
        expect(result.status, result.stderr).to.equal(0)
        return result.stderr.split('\n').filter((line) => line.startsWith('proton-cli:keys '))
      }

      await counted()
      expect(seals()).to.have.length(1)
      expect(await counted()).to.deep.equal(['proton-cli:keys 1 keys opened from the seal, 0 derived'])
      const sealed = readFileSync(seals()[0])
      const unlocked = await openpgp.decryptKey({passphrase, privateKey: await openpgp.readPrivateKey({armoredKey: userKey.PrivateKey})})
      for (const secret of [Buffer.from(userKey.PrivateKey), Buffer.from(unlocked.write()), Buffer.from(unlocked.armor()), Buffer.from(passphrase)]) expect(sealed.includes(secret)).to.equal(false)
      const logout = await runMeasured(['auth', 'logout'], baseEnv(suite.home.home))
      expect(logout.status, logout.stderr).to.equal(0)
      expect(seals()).to.deep.equal([])
    })
  })
})
