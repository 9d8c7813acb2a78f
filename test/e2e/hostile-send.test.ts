/**
 * Issue 40: mail to the account's own addresses, the built binary against a scripted server that answers
 * /core/v4/keys/all with a key of its own for every address. An own address is encrypted to its own key that unlocks
 * with the user keys, never to the server's; one whose keys do not unlock (a private key the server made), or that is
 * disabled, is refused before anything is created: never sent in clear, never to the server's key. The keys are the
 * sandbox's fixture and a key made here by OpenPGP.js.
 */
import {expect} from 'chai'
import {randomBytes} from 'node:crypto'

import * as openpgp from 'openpgp'

import {sealPassphrase} from '../../src/lib/crypto/local-key.ts'
import {FIXTURE_ADDRESS_KEY, FIXTURE_PASSPHRASE, FIXTURE_USER_KEY} from '../helpers/fixture-account.ts'
import {baseEnv, runBinary} from '../helpers/run-binary.ts'
import {jsonAnswers, serverForSuite} from '../helpers/scripted-server.ts'
import {TOKENS} from '../helpers/session-files.ts'

describe('mail send to the account’s own addresses, against a server that picks their keys (built binary; issue 40)', function () {
  this.timeout(60_000)
  const clientKey = randomBytes(32)
  const suite = serverForSuite({session: {fields: {KeyPassphrase: sealPassphrase(FIXTURE_PASSPHRASE, clientKey, TOKENS.UID), KeysUserID: 'user-1'}}})
  const sender = {Email: 'demo@proton.test', ID: 'address-1', Keys: [{...FIXTURE_ADDRESS_KEY, Primary: 1}], Order: 1, Receive: 1, Send: 1, Status: 1}
  const own = {Email: 'own@proton.test', ID: 'address-2', Keys: [] as unknown[], Order: 2, Receive: 1, Send: 1, Status: 1}

  before(async () => {
    // The server's key: published for every address, and served as own@'s private key, locked with a passphrase the
    // account does not have (no Token: the legacy path, the key passphrase, does not open it).
    const {privateKey, publicKey} = await openpgp.generateKey({format: 'armored', passphrase: 'the server’s', type: 'curve25519', userIDs: [{email: 'own@proton.test'}]})
    own.Keys = [{Active: 1, ID: 'server-made', Primary: 1, PrivateKey: privateKey}]
    suite.server.handle(
      jsonAnswers((request) => {
        const path = request.url.split('?')[0]
        if (path === '/auth/v4/sessions/local/key') return [200, {ClientKey: clientKey.toString('base64'), Code: 1000}]
        if (path === '/core/v4/users') return [200, {Code: 1000, User: {ID: 'user-1', Keys: [FIXTURE_USER_KEY], Name: 'demo'}}]
        if (path === '/core/v4/addresses') return [200, {Addresses: [sender, own], Code: 1000}]
        if (path === '/mail/v4/settings') return [200, {Code: 1000, MailSettings: {DelaySendSeconds: 0, PGPScheme: 16, Sign: 0}}]
        if (path === '/core/v4/keys/all') return [200, {Address: {Keys: [{Flags: 3, PublicKey: publicKey}]}, Code: 1000}]
        return [404, {Code: 2501, Error: 'not here'}]
      }),
    )
  })

  const send = (...args: string[]) => runBinary(['mail', 'send', '--subject', 'Self', '--body', 'to myself', ...args], {env: baseEnv(suite.home.home, {TZ: 'UTC'}), timeoutMs: 30_000})
  const created = () => suite.server.requests.filter((request) => request.method !== 'GET').map((request) => `${request.method} ${request.url}`)

  it('an own address none of whose keys unlocks: refused, named, nothing created (exit 1); --dry-run says so', async () => {
    const dry = await send('--to', 'own@proton.test', '--dry-run')
    expect(dry.stdout.toString()).to.include('To: own@proton.test (refused: an address of this account none of whose keys unlocks: not sent in clear, nor to a key the service chose)\n')
    const result = await send('--to', 'own@proton.test')
    expect(result.status).to.equal(1)
    expect(result.stderr).to.equal(
      'Error: cannot send to own@proton.test (an address of this account none of whose keys unlocks: not sent in clear, nor to a key the service chose); nothing was created or sent\n',
    )
    expect(created()).to.deep.equal([])
    // Never asked of the server: its own keys are the account's.
    expect(suite.server.requests.map((request) => request.url).filter((url) => url.startsWith('/core/v4/keys/all'))).to.deep.equal([])
  })

  it('a disabled own address: refused, nothing created (exit 1)', async () => {
    own.Status = 0
    try {
      const result = await send('--to', 'own@proton.test')
      expect(result.status).to.equal(1)
      expect(result.stderr).to.equal('Error: cannot send to own@proton.test (an address of this account that is disabled or cannot receive); nothing was created or sent\n')
      expect(created()).to.deep.equal([])
    } finally {
      own.Status = 1
    }
  })
})
