/**
 * Nothing secret at rest (issue 45): after every encrypted read, twice (the first seals what it unlocked, the second
 * reads the seals), no file under the tool's configuration and cache directories holds, in clear, any secret those
 * reads handled (the whole home the tool runs with: its configuration and cache directories): the key passphrase, an address key's Token, the calendar's passphrase, the drive share's and every
 * node's passphrase, the secret of any key unlocked (user, address, calendar, share, node), or the session key of
 * any seeded event or file. Each secret is worked out here with OpenPGP.js from the sandbox's fixtures, not by the
 * tool, and looked for raw, in hex and in base64 (and reversed, as an MPI may hold a scalar). Every key the seal
 * holds carries one of them (they are the secrets the tool keeps), and a planted copy is found: the scan can fail.
 */
import {expect} from 'chai'
import {readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import * as openpgp from 'openpgp'

import {sealPath, unseal} from '../../src/lib/account/key-seal.ts'
import {CALENDAR_FIXTURE} from '../../src/sandbox/fixtures/calendar-fixture.ts'
import {DRIVE_FIXTURE} from '../../src/sandbox/fixtures/drive-fixture.ts'
import {KEY_FIXTURE} from '../../src/sandbox/fixtures/key-fixture.ts'
import {FIXTURE_PASSPHRASE} from '../helpers/fixture-account.ts'
import {baseEnv, runBinary} from '../helpers/run-binary.ts'
import {sandboxForSuite} from '../helpers/sandbox-process.ts'

/** The secret parameters of every packet of an unlocked key (an EdDSA seed, an ECDH scalar). */
const secretsOf = (key: openpgp.PrivateKey): Uint8Array[] =>
  [key.keyPacket, ...key.subkeys.map((subkey) => subkey.keyPacket)].flatMap((packet) => Object.values((packet as unknown as {privateParams?: Record<string, Uint8Array>}).privateParams ?? {}))

const unlock = async (armoredKey: string, passphrase: string) => openpgp.decryptKey({passphrase, privateKey: await openpgp.readPrivateKey({armoredKey})})
const decryptText = async (armoredMessage: string, decryptionKeys: openpgp.PrivateKey) => (await openpgp.decrypt({decryptionKeys, message: await openpgp.readMessage({armoredMessage})})).data
const sessionKeyOf = async (base64: string, key: openpgp.PrivateKey) => {
  const [found] = await openpgp.decryptSessionKeys({decryptionKeys: key, message: await openpgp.readMessage({binaryMessage: Buffer.from(base64, 'base64')})})
  return found.data
}

/** Every secret the seeded account's reads handle, named. */
async function seededSecrets(): Promise<Map<string, Buffer>> {
  const secrets = new Map<string, Buffer>([['key passphrase', Buffer.from(FIXTURE_PASSPHRASE)]])
  const keep = (name: string, key: openpgp.PrivateKey) => secretsOf(key).forEach((bytes, index) => secrets.set(`${name} secret ${index}`, Buffer.from(bytes)))
  const user = await unlock(KEY_FIXTURE.userKey, FIXTURE_PASSPHRASE)
  keep('user key', user)
  const addressKeys: openpgp.PrivateKey[] = []
  for (const [index, {PrivateKey, Token}] of KEY_FIXTURE.addressKeys.entries()) {
    const token = await decryptText(Token, user)
    secrets.set(`address key ${index} token`, Buffer.from(token))
    const key = await unlock(PrivateKey, token)
    addressKeys.push(key)
    keep(`address key ${index}`, key)
  }

  // The calendar key's passphrase: its key packet opened with the primary address key, then its data packet.
  const {DataPacket, KeyPacket} = CALENDAR_FIXTURE.keySetup.Passphrase
  const passphraseKey = await sessionKeyOf(KeyPacket, addressKeys[0])
  const message = await openpgp.readMessage({binaryMessage: Buffer.concat([Buffer.from(KeyPacket, 'base64'), Buffer.from(DataPacket, 'base64')])})
  const calendarPassphrase = (await openpgp.decrypt({decryptionKeys: addressKeys[0], message})).data
  secrets.set('calendar passphrase', Buffer.from(calendarPassphrase))
  secrets.set('calendar passphrase session key', Buffer.from(passphraseKey))
  const calendar = await unlock(CALENDAR_FIXTURE.keySetup.PrivateKey, calendarPassphrase)
  keep('calendar key', calendar)
  for (const [index, event] of CALENDAR_FIXTURE.events.entries()) secrets.set(`event ${index} session key`, Buffer.from(await sessionKeyOf(event.SharedKeyPacket, calendar)))

  // Drive: the share key through the address key, each node key through its parent's, each file's content key.
  const share = await unlock(DRIVE_FIXTURE.share.Key, await decryptText(DRIVE_FIXTURE.share.Passphrase, addressKeys[0]))
  secrets.set('share passphrase', Buffer.from(await decryptText(DRIVE_FIXTURE.share.Passphrase, addressKeys[0])))
  keep('share key', share)
  const nodes = new Map<string | null, openpgp.PrivateKey>([[null, share]])
  for (const link of DRIVE_FIXTURE.links) {
    const passphrase = await decryptText(link.NodePassphrase, nodes.get(link.ParentLinkID)!)
    secrets.set(`node ${link.LinkID} passphrase`, Buffer.from(passphrase))
    const key = await unlock(link.NodeKey, passphrase)
    nodes.set(link.LinkID, key)
    keep(`node ${link.LinkID} key`, key)
    if ('File' in link) secrets.set(`node ${link.LinkID} content session key`, Buffer.from(await sessionKeyOf(link.File.ContentKeyPacket, key)))
  }

  return secrets
}

/** The forms a secret could be written in. */
const formsOf = (bytes: Buffer): Buffer[] => {
  const reversed = Buffer.from(bytes).reverse()
  return [
    bytes,
    reversed,
    ...[bytes, reversed].flatMap((each) => [each.toString('hex'), each.toString('hex').toUpperCase(), each.toString('base64'), each.toString('base64url')].map((text) => Buffer.from(text))),
  ]
}

/** Every regular file under `directory`, with its bytes. */
const filesUnder = (directory: string): Array<[string, Buffer]> =>
  readdirSync(directory, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .map((path) => [path, readFileSync(path)])

/** The secrets some file holds in clear, as "secret in file". */
function found(secrets: Map<string, Buffer>, directories: string[]): string[] {
  const files = directories.flatMap(filesUnder)
  return [...secrets].flatMap(([name, bytes]) => files.filter(([, content]) => formsOf(bytes).some((form) => content.includes(form))).map(([path]) => `${name} in ${path}`))
}

describe('nothing secret at rest after the encrypted reads: every file scanned for every secret they handled (built binary, sandbox)', function () {
  this.timeout(180_000)
  const suite = sandboxForSuite()
  const run = async (args: string[]) => {
    const result = await runBinary(['--profile', 'sandbox', ...args], {env: baseEnv(suite.home.home, {TZ: 'UTC'})})
    expect(result.status, `${args.join(' ')}: ${result.stderr}`).to.equal(0)
    return result.stdout.toString('utf8')
  }

  it('mail read, contacts get and export, calendar events list, drive ls, info and download: no key, passphrase, Token or session key in clear in any file', async () => {
    const secrets = await seededSecrets()
    // Every secret is one the scan could find: none is so short it would match by chance.
    for (const [name, bytes] of secrets) expect(bytes.length, name).to.be.at.least(16)
    const message = (JSON.parse(await run(['mail', 'list', '--output', 'json'])) as {Messages: Array<{ID: string}>}).Messages[0].ID
    const contact = (JSON.parse(await run(['contacts', 'list', '--output', 'json'])) as {Contacts: Array<{ID: string}>}).Contacts[0].ID
    const download = join(suite.home.home, 'download')
    for (let round = 0; round < 2; round++) {
      await run(['mail', 'read', '--', message])
      await run(['contacts', 'get', contact])
      await run(['contacts', 'export'])
      await run(['calendar', 'events', 'list', '--start', '2024-07-01', '--end', '2025-07-01'])
      await run(['drive', 'ls'])
      await run(['drive', 'ls', 'Documents'])
      await run(['drive', 'info', 'notes.txt'])
      rmSync(download, {force: true, recursive: true})
      await run(['drive', 'download', 'notes.txt', '--output-file', download])
    }

    rmSync(download, {force: true})
    // The home holds both: the configuration (the session) and the cache (the seals, the code caches, completion).
    const directories = [suite.home.home]
    // The seals are there (what is scanned is what the reads kept).
    expect(filesUnder(suite.home.home).map(([path]) => path.replace(/.*\//, ''))).to.include.members(['sandbox.json', 'sandbox.sealed', 'sandbox.event-keys'])
    expect(found(secrets, directories)).to.deep.equal([])
    // The secrets worked out here are the ones the tool keeps: every key its seal holds (opened with the session's
    // local key, as the tool opens it) carries one of them.
    const {UID} = JSON.parse(readFileSync(join(suite.home.home, 'proton-cli', 'sessions', 'sandbox.json'), 'utf8')) as {UID: string}
    const clientKey = Buffer.from((JSON.parse(await run(['api', 'GET', '/auth/v4/sessions/local/key'])) as {ClientKey: string}).ClientKey, 'base64')
    const userId = (JSON.parse(await run(['api', 'GET', '/core/v4/users'])) as {User: {ID: string}}).User.ID
    const sealed = [...(unseal(readFileSync(sealPath(join(suite.home.home, 'cache', 'proton-cli'), 'sandbox')), clientKey, UID, userId)?.values() ?? [])]
    expect(sealed.length).to.be.at.least(KEY_FIXTURE.addressKeys.length + 2 + DRIVE_FIXTURE.links.length)
    expect(sealed.filter((key) => ![...secrets.values()].some((secret) => key.includes(secret)))).to.deep.equal([])
    // A secret written out is found: the scan can fail.
    const planted = join(suite.home.home, 'cache', 'planted')
    writeFileSync(planted, secrets.get('calendar key secret 0')!.toString('base64'))
    expect(found(secrets, directories)).to.deep.equal([`calendar key secret 0 in ${planted}`])
  })
})
