/**
 * Encrypted reads without OpenPGP.js (issue 45: crypto/direct, account/direct-keys.ts), through the built binary
 * against the sandbox: every seeded message, contact and calendar month reads exactly as it does with OpenPGP.js
 * (the first run, without a seal, goes the usual way and seals the keys; the second reads the seal directly, as DEBUG
 * says), and a signature that does not hold is still OpenPGP.js's verdict, with nothing read directly.
 */
import {expect} from 'chai'
import * as openpgp from 'openpgp'

import {removeSeal} from '../../src/lib/account/key-seal.ts'
import {KEY_FIXTURE} from '../../src/sandbox/fixtures/key-fixture.ts'
import {FIXTURE_PASSPHRASE} from '../helpers/fixture-account.ts'
import {baseEnv, runBinary, type RunResult} from '../helpers/run-binary.ts'
import {sandboxFetch, sandboxForSuite} from '../helpers/sandbox-process.ts'

describe('encrypted reads without OpenPGP.js: the same answers, OpenPGP.js’s verdict on what does not hold (built binary, sandbox)', function () {
  this.timeout(120_000)
  const suite = sandboxForSuite()
  const run = (args: string[]): Promise<RunResult> => runBinary(['--profile', 'sandbox', ...args], {env: baseEnv(suite.home.home, {DEBUG: 'proton-cli:keys', TZ: 'UTC'})})
  const cache = () => `${suite.home.home}/cache/proton-cli`
  const direct = (result: RunResult) => result.stderr.split('\n').filter((line) => line.startsWith('proton-cli:direct ') && line.endsWith(' without OpenPGP.js'))
  const fellBack = (result: RunResult) => result.stderr.split('\n').filter((line) => line.startsWith('proton-cli:direct ') && line.includes(' with OpenPGP.js: '))
  const keyLines = (result: RunResult) => [...result.stderr.matchAll(/^proton-cli:keys \d+ keys opened from the seal, (\d+) derived \((\d+) S2K runs so far\)$/gm)]
  const derived = (result: RunResult) => keyLines(result).reduce((sum, line) => sum + Number(line[1]), 0)
  /** The S2Ks the process ran, as its last proton-cli:keys line counts them (there is always one). */
  const s2k = (result: RunResult) => Number(keyLines(result).at(-1)?.[2] ?? Number.NaN)
  /** What a user sees, without the DEBUG lines. */
  const seen = (result: RunResult) => ({status: result.status, stderr: result.stderr.replaceAll(/^proton-cli:.*\n/gm, ''), stdout: result.stdout.toString('utf8')})

  /** The read with OpenPGP.js (no seal: the keys derived, then sealed), then without (from the seal): the same. */
  async function both(args: string[]): Promise<{usual: RunResult; read: RunResult}> {
    removeSeal(cache(), 'sandbox')
    const usual = await run(args)
    expect(derived(usual), usual.stderr).to.be.greaterThan(0)
    expect(s2k(usual), usual.stderr).to.be.greaterThan(0)
    expect(direct(usual)).to.deep.equal([])
    const read = await run(args)
    expect(derived(read)).to.equal(0)
    expect(s2k(read), read.stderr).to.equal(0)
    expect(seen(read)).to.deep.equal(seen(usual))
    return {read, usual}
  }

  it('every seeded message (mail read, text and --output json): the same body, headers and signature verdict', async () => {
    const list = await run(['mail', 'list', '--output', 'json'])
    const ids = (JSON.parse(list.stdout.toString('utf8')) as {Messages: Array<{ID: string}>}).Messages.map(({ID}) => ID)
    expect(ids.length).to.be.greaterThan(3)
    let directly = 0
    for (const id of ids) {
      for (const output of [[], ['--output', 'json']]) {
        const {read} = await both(['mail', 'read', ...output, '--', id])
        if (direct(read).includes('proton-cli:direct message decrypted without OpenPGP.js')) directly++
      }
    }

    // Every message of the kinds crypto/direct reads went without OpenPGP.js (the seeded ones all are).
    expect(directly).to.equal(ids.length * 2)
  })

  it('every seeded contact (contacts get, and contacts export): the same cards and verdicts', async () => {
    const list = await run(['contacts', 'list', '--output', 'json'])
    const ids = (JSON.parse(list.stdout.toString('utf8')) as {Contacts: Array<{ID: string}>}).Contacts.map(({ID}) => ID)
    expect(ids.length).to.be.greaterThan(0)
    let failed = 0
    for (const id of ids) {
      const {read} = await both(['contacts', 'get', '--output', 'json', id])
      // A card whose signature does not hold (the sandbox seeds one such contact) is OpenPGP.js's to say; the others go directly.
      const holds = !read.stderr.includes('does not hold')
      if (!holds) failed++
      expect(direct(read)).to.deep.equal(holds ? ['proton-cli:direct contact cards opened without OpenPGP.js'] : [])
      expect(fellBack(read)).to.deep.equal(holds ? [] : ['proton-cli:direct contact cards opened with OpenPGP.js: a signature that does not hold'])
    }

    expect(failed).to.equal(1)
    expect(direct((await both(['contacts', 'export'])).read).length).to.equal(ids.length - failed)
  })

  it('calendar events list of every calendar, a year: the same events, times and verdicts', async () => {
    for (const output of ['text', 'json']) {
      const {read} = await both(['calendar', 'events', 'list', '--start', '2024-07-01', '--end', '2025-07-01', '--timezone', 'Europe/Zurich', '--output', output])
      expect(direct(read)).to.have.length(1)
      expect(direct(read)[0]).to.match(/^proton-cli:direct [1-9]\d* events opened without OpenPGP\.js$/)
      expect(fellBack(read)).to.deep.equal([])
    }
  })

  it('an address key locked anew on the service (another record, as after a password change): mail read derives it again with OpenPGP.js, reads the same, then directly again; a calendar month, which uses no address key’s secret once its own key is sealed, stays direct', async () => {
    const relock = (AddressKeys: string[]) => sandboxFetch(suite.sandbox, 'keys', {body: JSON.stringify({AddressKeys}), headers: {'content-type': 'application/json'}, method: 'PUT'})
    const user = await openpgp.decryptKey({passphrase: FIXTURE_PASSPHRASE, privateKey: await openpgp.readPrivateKey({armoredKey: KEY_FIXTURE.userKey})})
    const originals = KEY_FIXTURE.addressKeys.map(({PrivateKey}) => PrivateKey)
    // The same key and Token, locked again (a new salt): its record is not the one sealed.
    const [{PrivateKey, Token}] = KEY_FIXTURE.addressKeys
    const token = (await openpgp.decrypt({decryptionKeys: user, message: await openpgp.readMessage({armoredMessage: Token})})).data
    const unlocked = await openpgp.decryptKey({passphrase: token, privateKey: await openpgp.readPrivateKey({armoredKey: PrivateKey})})
    const relocked = (await openpgp.encryptKey({passphrase: token, privateKey: unlocked})).armor()
    const month = ['calendar', 'events', 'list', '--start', '2025-03-01', '--end', '2025-04-01', '--timezone', 'Europe/Zurich']
    const message = (JSON.parse((await run(['mail', 'list', '--output', 'json'])).stdout.toString('utf8')) as {Messages: Array<{ID: string}>}).Messages[0].ID
    const mail = ['mail', 'read', '--', message]
    try {
      const {read: before} = await both(mail)
      const {read: listed} = await both(month)
      expect((await relock([relocked, ...originals.slice(1)])).status).to.equal(200)
      // The month first, while the seal still holds only the record the service no longer lists.
      const still = await run(month)
      expect(seen(still)).to.deep.equal(seen(listed))
      expect([derived(still), s2k(still), direct(still).length]).to.deep.equal([0, 0, 1])
      const changed = await run(mail)
      expect(seen(changed)).to.deep.equal(seen(before))
      // The one key derived again: its decryption packet.
      expect([derived(changed), s2k(changed), direct(changed)]).to.deep.equal([1, 1, []])
      const after = await run(mail)
      expect(seen(after)).to.deep.equal(seen(before))
      expect([derived(after), s2k(after), direct(after)]).to.deep.equal([0, 0, ['proton-cli:direct message decrypted without OpenPGP.js']])
    } finally {
      expect((await relock(originals)).status).to.equal(200)
    }
  })

  it('a message signed by a key that is not the sender’s: FAILED, as OpenPGP.js says it, and not read directly', async () => {
    const list = await run(['mail', 'list', '--output', 'json'])
    const [first] = (JSON.parse(list.stdout.toString('utf8')) as {Messages: Array<{ID: string}>}).Messages
    const record = JSON.parse((await run(['api', 'GET', `/mail/v4/messages/${first.ID}`])).stdout.toString('utf8')) as {Message: Record<string, unknown>}
    // Encrypted to the address's key as the service would deliver it, signed by a stranger's key.
    const {privateKey: stranger} = await openpgp.generateKey({curve: 'curve25519Legacy', format: 'object', type: 'ecc', userIDs: [{email: 'sandbox@proton.test'}]})
    const address = await openpgp.readKey({armoredKey: KEY_FIXTURE.addressKeys[0].PrivateKey})
    const Body = await openpgp.encrypt({encryptionKeys: address, message: await openpgp.createMessage({text: 'Not from the sender.'}), signingKeys: stranger})
    const fault = {Body: {Code: 1000, Message: {...record.Message, Body, MIMEType: 'text/plain'}}, Count: 0, Kind: 'status', Method: 'GET', Path: '/mail/v4/messages/', Status: 200}
    expect((await sandboxFetch(suite.sandbox, 'faults', {body: JSON.stringify(fault), headers: {'content-type': 'application/json'}, method: 'POST'})).status).to.equal(200)
    try {
      await run(['mail', 'read', '--', first.ID])
      const result = await run(['mail', 'read', '--output', 'json', '--', first.ID])
      expect(derived(result)).to.equal(0)
      expect(direct(result)).to.deep.equal([])
      expect(fellBack(result)).to.deep.equal(['proton-cli:direct message decrypted with OpenPGP.js: no signature holds'])
      expect((JSON.parse(result.stdout.toString('utf8')) as {SignatureStatus: string}).SignatureStatus).to.equal('failed')
    } finally {
      await sandboxFetch(suite.sandbox, 'faults', {method: 'DELETE'})
    }
  })
})
