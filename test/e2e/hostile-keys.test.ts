/**
 * Keys from a hostile or broken service (issue 26), the built binary
 * against a scripted server: key lists holding null, Argon2 keys (v6) that
 * ask for gigabytes, and keys whose unlocking outlasts --timeout. The keys
 * are the sandbox's fixture and keys made here with OpenPGP.js; the
 * session holds the key passphrase sealed as auth login seals it.
 */
import {expect} from 'chai'
import {randomBytes} from 'node:crypto'

import * as openpgp from 'openpgp'

import {MAX_ARGON2_MEMORY_EXPONENT, MAX_ARGON2_PASSES} from '../../src/lib/keys/keyring.ts'
import {sealPassphrase} from '../../src/lib/keys/local-key.ts'
import {keyPassphrase} from '../../src/lib/keys/passphrase.ts'
import {KEY_FIXTURE} from '../../src/lib/sandbox/key-fixture.ts'
import {baseEnv} from '../helpers/run-binary.ts'
import {runMeasured} from '../helpers/run-measured.ts'
import {jsonAnswers, serverForSuite} from '../helpers/scripted-server.ts'
import {TOKENS} from '../helpers/session-files.ts'

const MESSAGE_ID = 'msg-1'
const TEXT = 'Hello from a service that sends odd key lists.'

describe('hostile key lists and costly keys from the service (built binary)', function () {
  this.timeout(120_000)
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
    const config = {aeadProtect: true, s2kArgon2Params: {memoryExponent: 16, parallelism: 4, passes: 3}, s2kType: openpgp.enums.s2k.argon2 as const, v6Keys: true}
    const {privateKey} = await openpgp.generateKey({config, format: 'armored', passphrase, type: 'curve25519', userIDs: [{email: 'demo@proton.test'}]})
    argon2Key = privateKey
    const greedy = await openpgp.readPrivateKey({armoredKey: privateKey})
    for (const {keyPacket} of greedy.getKeys()) (keyPacket as unknown as {s2k: {encodedM: number}}).s2k.encodedM = 20
    greedyKey = greedy.armor()
    suite.server.handle(
      jsonAnswers((request) => {
        const path = request.url.split('?')[0]
        if (path === `/mail/v4/messages/${MESSAGE_ID}`) {
          return [200, {Code: 1000, Message: {AddressID: 'address-1', Body: body, ID: MESSAGE_ID, MIMEType: 'text/plain', Sender: {Address: 'friend@example.test', Name: 'Friend'}, Subject: 'Keys', Time: 1_700_000_000}}]
        }

        if (path === '/auth/v4/sessions/local/key') return [200, {ClientKey: clientKey.toString('base64'), Code: 1000}]
        if (path === '/core/v4/users') return [200, {Code: 1000, User: {ID: 'user-1', Keys: lists.user, Name: 'demo'}}]
        if (path === '/core/v4/addresses') return [200, {Addresses: [{Email: 'demo@proton.test', ID: 'address-1', Keys: lists.address}], Code: 1000}]
        if (path === '/core/v4/keys/all') return [200, {Address: {Keys: lists.published}, Code: 1000}]
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
    expect(result.stderr).to.equal(`Error: no user key could be unlocked (user key greedy: its Argon2 S2K asks for 1 GiB of memory and 3 passes, more than the 256 MiB and ${MAX_ARGON2_PASSES} passes allowed)\n`)
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
})
