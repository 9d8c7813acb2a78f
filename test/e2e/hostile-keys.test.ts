/**
 * Keys from a hostile or broken service (issue 26), the built binary
 * against a scripted server: key lists holding null, Argon2 keys (v6) that
 * ask for gigabytes, and keys whose unlocking outlasts --timeout. The keys
 * are the sandbox's fixture and keys made here with OpenPGP.js; the
 * session holds the key passphrase sealed as auth login seals it. Mail
 * read first, then contacts get, calendar events list, drive ls and mail
 * send, which unlock the keys the same way (account/keys.ts); last, the
 * keys sealed between runs (a second read derives none) and removed at
 * logout.
 */
import {expect} from 'chai'
import {randomBytes} from 'node:crypto'
import {readdirSync, readFileSync} from 'node:fs'
import {join} from 'node:path'

import * as openpgp from 'openpgp'

import {MAX_ARGON2_MEMORY_EXPONENT, MAX_ARGON2_PASSES} from '../../src/lib/crypto/keyring.ts'
import {sealPassphrase} from '../../src/lib/crypto/local-key.ts'
import {keyPassphrase} from '../../src/lib/crypto/passphrase.ts'
import {KEY_FIXTURE} from '../../src/sandbox/fixtures/key-fixture.ts'
import {baseEnv} from '../helpers/run-binary.ts'
import {runMeasured} from '../helpers/run-measured.ts'
import {jsonAnswers, serverForSuite} from '../helpers/scripted-server.ts'
import {argon2Keys} from '../helpers/fixture-account.ts'
import {TOKENS} from '../helpers/session-files.ts'

const MESSAGE_ID = 'msg-1'
const TEXT = 'Hello from a service that sends odd key lists.'

describe('hostile key lists and costly keys from the service (built binary)', function () {
  this.timeout(240_000)
  const clientKey = randomBytes(32)
  const passphrase = keyPassphrase(KEY_FIXTURE.password, KEY_FIXTURE.keySalt)
  const suite = serverForSuite({session: {fields: {KeyPassphrase: sealPassphrase(passphrase, clientKey, TOKENS.UID), KeysUserID: 'user-1'}}})
  const userKey = {Active: 1, ID: 'user-key-1', Primary: 1, PrivateKey: KEY_FIXTURE.userKey}
  const addressKey = {Active: 1, ID: 'address-key-1', Primary: 1, ...KEY_FIXTURE.addressKeys[0]}
  let body = ''
  /** An Argon2 (v6) user key locked with the key passphrase, within the bounds (2^16 KiB, 3 passes, as OpenPGP.js makes them). */
  let argon2Key = ''
  /** The same key saying it needs 2^20 KiB (1 GiB) of memory. */
  let greedyKey = ''
  const lists = {address: [] as unknown[], published: [] as unknown[], user: [] as unknown[]}

  before(async () => {
    const addressPublic = (await openpgp.readPrivateKey({armoredKey: addressKey.PrivateKey})).toPublic()
    body = await openpgp.encrypt({encryptionKeys: addressPublic, format: 'armored', message: await openpgp.createMessage({text: TEXT})})
    const made = await argon2Keys(passphrase)
    argon2Key = made.argon2Key
    greedyKey = made.greedyKey
    suite.server.handle(
      jsonAnswers((request) => {
        const path = request.url.split('?')[0]
        if (path === `/mail/v4/messages/${MESSAGE_ID}`) {
          return [
            200,
            {
              Code: 1000,
              Message: {AddressID: 'address-1', Body: body, ID: MESSAGE_ID, MIMEType: 'text/plain', Sender: {Address: 'friend@example.test', Name: 'Friend'}, Subject: 'Keys', Time: 1_700_000_000},
            },
          ]
        }

        if (path === '/auth/v4/sessions/local/key') return [200, {ClientKey: clientKey.toString('base64'), Code: 1000}]
        if (path === '/core/v4/users') return [200, {Code: 1000, User: {ID: 'user-1', Keys: lists.user, MaxUpload: 1_000_000, Name: 'demo'}}]
        if (path === '/core/v4/addresses') return [200, {Addresses: [{Email: 'demo@proton.test', ID: 'address-1', Keys: lists.address, Order: 1, Receive: 1, Send: 1, Status: 1}], Code: 1000}]
        if (path === '/core/v4/keys/all') return [200, {Address: {Keys: lists.published}, Code: 1000}]
        if (path === '/mail/v4/settings') return [200, {Code: 1000, MailSettings: {DelaySendSeconds: 0, PGPScheme: 16, Sign: 0}}]
        // What contacts get, calendar events list, drive ls and mail send ask for before the keys matter.
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

  const read = (...flags: string[]) => runMeasured(['mail', 'read', ...flags, '--', MESSAGE_ID], baseEnv(suite.home.home, {TZ: 'UTC'}))

  it('null and other entries that are not keys, in User.Keys, Addresses[].Keys and the published keys: skipped with a note each', async () => {
    lists.user = [null, userKey]
    lists.address = [null, 7, 'key', addressKey]
    lists.published = [null]
    const result = await read()
    // The published keys are asked for alongside the unlocking: their note may come at any point.
    expect(result.stderr.split('\n').sort()).to.deep.equal([
      '',
      'Note: skipped 1 malformed entry of User.Keys (not a key object)',
      'Note: skipped 1 malformed entry of the published keys of friend@example.test (not a key object)',
      'Note: skipped 3 malformed entries of the keys of address demo@proton.test (not a key object)',
    ])
    expect(result.status).to.equal(0)
    expect(result.stdout.toString('utf8')).to.match(new RegExp(`\\n\\n${TEXT.replaceAll('.', '\\.')}\\n$`))
  })

  it(`an Argon2 key asking for more than 2^${MAX_ARGON2_MEMORY_EXPONENT} KiB is refused before any is spent: one line, exit 5, nothing on stdout`, async () => {
    lists.user = [{...userKey, ID: 'greedy', PrivateKey: greedyKey}]
    lists.address = [addressKey]
    lists.published = []
    const result = await read()
    expect(result.stderr).to.equal(
      `Error: no user key could be unlocked (user key greedy: its Argon2 S2K asks for 1 GiB of memory and 3 passes, more than the 256 MiB and ${MAX_ARGON2_PASSES} passes allowed)\n`,
    )
    expect(result.status).to.equal(5)
    expect(result.stdout.length).to.equal(0)
    expect(result.peakMiB).to.be.below(512)
  })

  it('unlocking keys counts inside --timeout: twelve Argon2 keys with --timeout 1 end in one line, exit 5', async () => {
    lists.user = Array.from({length: 12}, (_, index) => ({...userKey, ID: `argon2-${index}`, Primary: index === 0 ? 1 : 0, PrivateKey: argon2Key}))
    const result = await read('--timeout', '1')
    expect(result.stderr).to.equal('Error: gave up unlocking the keys: not done within 1 s (timeout; see --timeout)\n')
    expect(result.status).to.equal(5)
    expect(result.stdout.length).to.equal(0)
  })

  // Issue 41: every command that unlocks the account's keys (account/keys.ts) does what mail read does above; before,
  // these four said "the password changed?" with exit 2 for the same keys and ignored --timeout.
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
    return suite.server.requests
      .slice(before)
      .filter(({method}) => method !== 'GET')
      .map(({method, url}) => `${method} ${url}`)
  }

  for (const [name, args] of COMMANDS) {
    describe(name, () => {
      it('a malformed entry of User.Keys: skipped with the note mail read gives', async () => {
        lists.user = [null, userKey]
        lists.address = [addressKey]
        const result = await run(args)
        expect(result.stderr.split('\n')).to.include('Note: skipped 1 malformed entry of User.Keys (not a key object)')
        expect(result.stderr).to.not.match(/password changed/)
      })

      it('an Argon2 key asking for 1 GiB: refused before any is spent, one line, exit 5, nothing on stdout (not "the password changed?", exit 2)', async () => {
        lists.user = [{...userKey, ID: 'greedy', PrivateKey: greedyKey}]
        lists.address = [addressKey]
        const sent = await changes(async () => {
          const result = await run(args)
          expect(result.stderr).to.equal(
            `Error: no user key could be unlocked (user key greedy: its Argon2 S2K asks for 1 GiB of memory and 3 passes, more than the 256 MiB and ${MAX_ARGON2_PASSES} passes allowed)\n`,
          )
          expect(result.status).to.equal(5)
          expect(result.stdout.length).to.equal(0)
          expect(result.peakMiB).to.be.below(512)
        })
        expect(sent).to.deep.equal([])
      })

      it('unlocking counts inside --timeout: twelve Argon2 keys with --timeout 1, one line, exit 5', async () => {
        lists.user = Array.from({length: 12}, (_, index) => ({...userKey, ID: `argon2-${index}`, Primary: index === 0 ? 1 : 0, PrivateKey: argon2Key}))
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
      lists.user = [userKey]
      lists.address = [addressKey]
      const cache = join(suite.home.home, 'cache')
      const seals = () =>
        readdirSync(cache, {recursive: true, withFileTypes: true})
          .filter((entry) => entry.isFile() && entry.name.endsWith('.sealed'))
          .map((entry) => join(entry.parentPath, entry.name))
      const debug = baseEnv(suite.home.home, {DEBUG: 'proton-cli:keys', TZ: 'UTC'})
      const counted = async () => {
        const result = await runMeasured(['contacts', 'get', 'contact-1'], debug)
        expect(result.status, result.stderr).to.equal(0)
        return result.stderr.split('\n').filter((line) => line.startsWith('proton-cli:keys '))
      }

      await counted()
      expect(seals()).to.have.length(1)
      expect(await counted()).to.deep.equal(['proton-cli:keys 1 keys opened from the seal, 0 derived (0 S2K runs so far)'])
      const sealed = readFileSync(seals()[0])
      const unlocked = await openpgp.decryptKey({passphrase, privateKey: await openpgp.readPrivateKey({armoredKey: userKey.PrivateKey})})
      for (const secret of [Buffer.from(userKey.PrivateKey), Buffer.from(unlocked.write()), Buffer.from(unlocked.armor()), Buffer.from(passphrase)]) expect(sealed.includes(secret)).to.equal(false)
      const logout = await runMeasured(['auth', 'logout'], baseEnv(suite.home.home))
      expect(logout.status, logout.stderr).to.equal(0)
      expect(seals()).to.deep.equal([])
    })
  })
})
