/**
 * The account the drive SDK asks for (src/lib/drive/drive-account.ts), on address keys GnuPG made (ed25519 +
 * cv25519, legacy: locked with the key passphrase) and unlocked as account/keys.ts hands them (decrypting packets
 * only; which keys open and which is primary is account/keys.ts's, tested there): the active addresses and the
 * primary one; the keys decrypt what GnuPG encrypted and, their signing packets unlocked on first use, sign what
 * GnuPG verifies; the public keys, the account's own or published at /core/v4/keys/all (asked of a scripted
 * Invocation: no network).
 */
import {expect} from 'chai'

import {spawnSync} from 'node:child_process'
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import type {AccountKeys, OwnKey} from '../../../src/lib/account/keys.ts'
import type {JsonRecord} from '../../../src/lib/core/records.ts'
import type {Invocation} from '../../../src/lib/run/invocation.ts'
import type {ActiveSession} from '../../../src/lib/session/session.ts'

import {driveAccount, type DriveKeys} from '../../../src/lib/drive/drive-account.ts'
import {driveCryptoProxy} from '../../../src/lib/drive/drive-crypto.ts'
import {openpgp, unlockOne} from '../../../src/lib/crypto/keyring.ts'

const PASSPHRASE = 'key passphrase'

describe('drive account on GnuPG-made address keys', function () {
  this.timeout(30_000)
  let home: string
  const gpg = (args: string[], input?: Buffer | string | Uint8Array, passphrase = PASSPHRASE) => {
    const result = spawnSync('gpg', ['--homedir', home, '--batch', '--pinentry-mode', 'loopback', '--passphrase', passphrase, '--trust-model', 'always', ...args], {
      input: input === undefined ? undefined : Buffer.from(input),
    })
    return {status: result.status, stderr: result.stderr.toString(), stdout: result.stdout}
  }

  const fingerprint = (email: string) =>
    gpg(['--list-keys', '--with-colons', email])
      .stdout.toString()
      .match(/^fpr:+([\dA-F]+):/m)?.[1] ?? ''
  const armored: Record<string, string> = {}
  const published: Record<string, string> = {}

  before(() => {
    home = mkdtempSync(join(tmpdir(), 'drive-account-gpg-'))
    // A small S2K count: GnuPG's calibrated one costs OpenPGP.js a second per unlock.
    writeFileSync(join(home, 'gpg-agent.conf'), 's2k-count 65536\n')
    // "other" is locked with another passphrase: it will not open.
    for (const [name, passphrase] of [
      ['first', PASSPHRASE],
      ['second', PASSPHRASE],
      ['other', 'another passphrase'],
    ]) {
      const email = `${name}@test.invalid`
      expect(gpg(['--quick-gen-key', email, 'ed25519', 'sign,cert', 'never'], undefined, passphrase).status).to.equal(0)
      expect(gpg(['--quick-add-key', fingerprint(email), 'cv25519', 'encr', 'never'], undefined, passphrase).status).to.equal(0)
      armored[name] = gpg(['--armor', '--export-secret-keys', email], undefined, passphrase).stdout.toString()
      published[name] = gpg(['--armor', '--export', email]).stdout.toString()
    }
  })

  after(() => {
    spawnSync('gpgconf', ['--homedir', home, '--kill', 'gpg-agent'])
    rmSync(home, {force: true, recursive: true})
  })

  const session = {apiUrl: new URL('https://mail.proton.invalid/api/')} as ActiveSession

  /** An Invocation that answers /core/v4/keys/all from `publishedKeys` (by Email) and records what was asked. */
  const scripted = (publishedKeys: Record<string, unknown[]> = {}) => {
    const asked: string[] = []
    const notes: string[] = []
    const invocation = {
      note: (line: string) => notes.push(line),
      async request(_session: ActiveSession, {url}: {url: URL | string}) {
        const email = new URL(String(url)).searchParams.get('Email') ?? ''
        asked.push(email)
        const keys = publishedKeys[email]
        return keys ? {body: Buffer.from(JSON.stringify({Address: {Keys: keys}})), statusCode: 200} : {body: Buffer.from('{"Code":33102}'), statusCode: 422}
      },
    } as unknown as Invocation
    return {asked, invocation, notes}
  }

  /** The account as account/keys.ts gives it: each address's keys in the list's order, decrypting packets unlocked. */
  const account = (addresses: JsonRecord[], ownPublicKeys: AccountKeys['ownPublicKeys'] = async () => []): AccountKeys => {
    const secrets: string[] = []
    const ownAddressKeys = async (addressId: string): Promise<OwnKey[]> => {
      const pgp = await openpgp()
      const listed = (addresses.find(({ID}) => ID === addressId)?.Keys ?? []) as JsonRecord[]
      return Promise.all(listed.map(async (entry) => ({id: String(entry.ID), key: await unlockOne(pgp, String(entry.PrivateKey), PASSPHRASE), primary: false})))
    }

    return {
      addressKeys: async () => expect.fail('the drive account asks for the keys with their IDs'),
      addresses,
      async addressKeySecret(addressId, keyId) {
        secrets.push(`${addressId}/${keyId}`)
        return PASSPHRASE
      },
      ownAddressKeys,
      ownPublicKeys,
      passphrase: PASSPHRASE,
      primaryUserKey: async () => expect.fail('the drive account signs with address keys'),
      flushSeal: async () => expect.fail('the drive account seals nothing itself'),
      sealedKey: async () => expect.fail('the drive account seals nothing itself'),
      user: {},
      userKeys: [],
      secrets,
    } as AccountKeys
  }

  /** The account as the drive client is given it without a seal: its keys unlocked with OpenPGP.js. */
  const keysOf = (keys: AccountKeys): DriveKeys => ({addresses: keys.addresses, keys: async () => keys})

  const key = (id: string, name: string, fields: JsonRecord = {}): JsonRecord => ({ID: id, PrivateKey: armored[name], ...fields})

  it("an address's keys as account/keys.ts unlocks them, by ID, the first the primary; they open what GnuPG encrypted and sign what it verifies once their signing packets are unlocked", async () => {
    const addresses = [{Email: 'First@Test.invalid', ID: 'A1', Keys: [key('k1', 'first'), key('k2', 'second')]}]
    const own = account(addresses)
    const drive = driveAccount(scripted().invocation, session, keysOf(own))
    const address = await drive.getOwnAddress('A1')
    expect([address.addressId, address.email, address.keys.map(({id}) => id), address.primaryKeyIndex]).to.deep.equal(['A1', 'First@Test.invalid', ['k1', 'k2'], 0])
    // One unlocking per address: by ID or by its email in any case, the same answer.
    expect(await drive.getOwnAddress('first@test.INVALID')).to.equal(address)

    const proxy = driveCryptoProxy()
    const message = gpg(['--encrypt', '--recipient', 'second@test.invalid', '--output', '-'], 'to the second key').stdout
    const {data} = await proxy.decryptMessage({binaryMessage: message, decryptionKeys: address.keys[1].key, format: 'utf8'})
    expect(data).to.equal('to the second key')
    // The signing packet was left locked, its secret not even asked for; the first signature asks for it and unlocks it.
    expect((own as unknown as {secrets: string[]}).secrets).to.deep.equal([])
    const signature = await proxy.signMessage({binaryData: new TextEncoder().encode('node'), detached: true, format: 'armored', signingKeys: address.keys[1].key})
    expect((own as unknown as {secrets: string[]}).secrets).to.deep.equal(['A1/k2'])
    const dir = mkdtempSync(join(home, 'sig-'))
    writeFileSync(join(dir, 'node'), 'node')
    writeFileSync(join(dir, 'node.asc'), signature as string)
    const verified = gpg(['--verify', join(dir, 'node.asc'), join(dir, 'node')])
    expect(verified.status, verified.stderr).to.equal(0)
    expect(verified.stderr).to.include('Good signature from "second@test.invalid"')
  })

  it('the active addresses (as WebClients getIsAddressActive); the primary one the first by Order, one without Order last; an unknown one refused', async () => {
    const active = {Receive: 1, Send: 1, Status: 1}
    const addresses: JsonRecord[] = [
      {Email: 'no-order@test.invalid', ID: 'A0', Keys: [key('k', 'first')], ...active},
      {Email: 'second@test.invalid', ID: 'A2', Keys: [key('k', 'first')], Order: 2, ...active},
      {Email: 'disabled@test.invalid', ID: 'A9', Keys: [key('k', 'first')], Order: 0, ...active, Status: 0},
      {Email: 'first@test.invalid', ID: 'A1', Keys: [key('k', 'first')], Order: 1, ...active},
    ]
    const drive = driveAccount(scripted().invocation, session, keysOf(account(addresses)))
    expect((await drive.getOwnAddresses()).map(({addressId}) => addressId)).to.deep.equal(['A0', 'A2', 'A1'])
    expect((await drive.getOwnPrimaryAddress()).addressId).to.equal('A1')
    const withoutOrder = driveAccount(scripted().invocation, session, keysOf(account([addresses[0], addresses[1]])))
    expect((await withoutOrder.getOwnPrimaryAddress()).addressId).to.equal('A2')
    const reversed = driveAccount(scripted().invocation, session, keysOf(account([addresses[1], addresses[0]])))
    expect((await reversed.getOwnPrimaryAddress()).addressId).to.equal('A2')

    const messageOf = (promise: Promise<unknown>) =>
      promise.then(
        () => expect.fail('answered'),
        (error: Error) => error.message,
      )
    expect(await messageOf(drive.getOwnAddress('someone@test.invalid'))).to.equal("someone@test.invalid is not one of this account's addresses")
    const none = driveAccount(scripted().invocation, session, keysOf(account([addresses[2]])))
    expect(await messageOf(none.getOwnAddresses())).to.equal('the account has no active address')
    expect(await messageOf(none.getOwnPrimaryAddress())).to.equal('the account has no active address')
    // A disabled address is still the account's own: asked by name, it is opened.
    expect((await none.getOwnAddress('disabled@test.invalid')).addressId).to.equal('A9')
  })

  it("public keys: the account's own first, else the published ones GnuPG exported (an unreadable one dropped); a Proton account has either", async () => {
    const pgp = await import('openpgp')
    const own = await pgp.readKey({armoredKey: published.first})
    const {asked, invocation} = scripted({'elsewhere@test.invalid': [{PublicKey: published.second}, {PublicKey: 'not a key'}], 'none@test.invalid': []})
    const drive = driveAccount(
      invocation,
      session,
      keysOf(
        account(
          [
            {ID: 'A0', Keys: []},
            {Email: 'first@test.invalid', ID: 'A1', Keys: []},
          ],
          async (email: string) => (email === 'first@test.invalid' ? [own] : []),
        ),
      ),
    )

    const ownKeys = await drive.getPublicKeys('first@test.invalid')
    expect(ownKeys).to.deep.equal([own])
    expect(asked).to.deep.equal([])
    const theirs = (await drive.getPublicKeys('elsewhere@test.invalid')) as unknown as Array<{getFingerprint(): string}>
    expect(theirs.map((key) => key.getFingerprint().toUpperCase())).to.deep.equal([fingerprint('second@test.invalid')])
    expect(await drive.getPublicKeys('unknown@test.invalid')).to.deep.equal([])
    expect(asked).to.deep.equal(['elsewhere@test.invalid', 'unknown@test.invalid'])

    asked.length = 0
    const answers = await Promise.all(['First@test.invalid', 'A1', 'elsewhere@test.invalid', 'none@test.invalid', 'unknown@test.invalid'].map((email) => drive.hasProtonAccount(email)))
    // The address without an Email (A0) is passed over, not an error.
    expect(answers).to.deep.equal([true, true, true, false, false])
    expect(asked).to.deep.equal(['elsewhere@test.invalid', 'none@test.invalid', 'unknown@test.invalid'])
  })
})
