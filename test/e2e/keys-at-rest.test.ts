/**
 * Nothing secret at rest (issue 45): after every encrypted read, twice (the first seals what it unlocked, the second
 * reads the seals), no file of the home the tool runs with (its configuration and cache directories) holds, in
 * clear, any secret those reads handled: the session's local key (ClientKey) and the keys derived from it, the key
 * passphrase, each address key's Token, the calendar's passphrase, the drive share's and every node's passphrase,
 * the secret of every key unlocked (user, address, calendar, share, node), and the session key of every seeded
 * message body, contact card, event, node name, attribute block and file. Each is worked out here with OpenPGP.js
 * from the sandbox's fixtures, not by the tool, and looked for raw and reversed (as an MPI may hold a scalar), in
 * hex, as a list of numbers, and inside every base64 run of a file (armored or not, line breaks and escapes taken
 * out, read from each of its first four characters). Every key the seal holds carries one of them (they are the
 * secrets the tool keeps), and an unlocked key written out armored is found: the scan can fail. Not looked for: the
 * session's access and refresh tokens, which the session file keeps (mode 0600: see docs/sessions-and-security.md).
 */
import {expect} from 'chai'
import {hkdfSync} from 'node:crypto'
import {readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import * as openpgp from 'openpgp'

import {sealPath, unseal} from '../../src/lib/account/key-seal.ts'
import {EventKeys} from '../../src/lib/calendar/event-keys.ts'
import {CALENDAR_FIXTURE} from '../../src/sandbox/fixtures/calendar-fixture.ts'
import {CONTACT_FIXTURE} from '../../src/sandbox/fixtures/contact-fixture.ts'
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
/** The session key of a message (armored, or its key packets in base64) for one of the keys. */
const sessionKeyOf = async (message: string, keys: openpgp.PrivateKey | openpgp.PrivateKey[]) => {
  const read = message.startsWith('-----BEGIN') ? openpgp.readMessage({armoredMessage: message}) : openpgp.readMessage({binaryMessage: Buffer.from(message, 'base64')})
  const [found] = await openpgp.decryptSessionKeys({decryptionKeys: keys, message: await read})
  return Buffer.from(found.data)
}

/** Every secret the seeded account's reads handle, named. */
async function seededSecrets(clientKey: Buffer): Promise<Map<string, Buffer>> {
  const secrets = new Map<string, Buffer>([
    ['local key', clientKey],
    ['key passphrase', Buffer.from(FIXTURE_PASSPHRASE)],
  ])
  // The keys of the tool's seals, derived from the local key (each seal's HKDF info).
  for (const info of ['proton-cli unlocked keys v1', 'proton-cli event session keys v1', 'proton-cli pass names v1'])
    secrets.set(`key of "${info}"`, Buffer.from(hkdfSync('sha256', clientKey, Buffer.alloc(0), info, 32)))
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

  for (const [index, {Body}] of KEY_FIXTURE.bodies.entries()) secrets.set(`message ${index} session key`, await sessionKeyOf(Body, addressKeys))
  for (const [index, {Cards}] of CONTACT_FIXTURE.contacts.entries())
    for (const [at, card] of Cards.entries()) if (card.Type === 1 || card.Type === 3) secrets.set(`contact ${index} card ${at} session key`, await sessionKeyOf(card.Data, user))

  // The calendar key's passphrase: its key packet opened with the primary address key, then its data packet.
  const {DataPacket, KeyPacket} = CALENDAR_FIXTURE.keySetup.Passphrase
  const passphraseKey = await sessionKeyOf(KeyPacket, addressKeys[0])
  const message = await openpgp.readMessage({binaryMessage: Buffer.concat([Buffer.from(KeyPacket, 'base64'), Buffer.from(DataPacket, 'base64')])})
  const calendarPassphrase = (await openpgp.decrypt({decryptionKeys: addressKeys[0], message})).data
  secrets.set('calendar passphrase', Buffer.from(calendarPassphrase))
  secrets.set('calendar passphrase session key', passphraseKey)
  const calendar = await unlock(CALENDAR_FIXTURE.keySetup.PrivateKey, calendarPassphrase)
  keep('calendar key', calendar)
  for (const [index, event] of CALENDAR_FIXTURE.events.entries()) secrets.set(`event ${index} session key`, await sessionKeyOf(event.SharedKeyPacket, calendar))

  // Drive: the share key through the address key, each node key through its parent's; each node's name (to its
  // parent's key), attributes and content (to its own).
  const sharePassphrase = await decryptText(DRIVE_FIXTURE.share.Passphrase, addressKeys[0])
  secrets.set('share passphrase', Buffer.from(sharePassphrase))
  const share = await unlock(DRIVE_FIXTURE.share.Key, sharePassphrase)
  keep('share key', share)
  const nodes = new Map<string | null, openpgp.PrivateKey>([[null, share]])
  for (const link of DRIVE_FIXTURE.links) {
    const parent = nodes.get(link.ParentLinkID)!
    const passphrase = await decryptText(link.NodePassphrase, parent)
    secrets.set(`node ${link.LinkID} passphrase`, Buffer.from(passphrase))
    secrets.set(`node ${link.LinkID} name session key`, await sessionKeyOf(link.Name, parent))
    const key = await unlock(link.NodeKey, passphrase)
    nodes.set(link.LinkID, key)
    keep(`node ${link.LinkID} key`, key)
    if ('XAttr' in link) secrets.set(`node ${link.LinkID} attributes session key`, await sessionKeyOf(link.XAttr, key))
    if ('File' in link) secrets.set(`node ${link.LinkID} content session key`, await sessionKeyOf(link.File.ContentKeyPacket, key))
  }

  return secrets
}

/** A secret as it could be written in a file's bytes, or in its text (hex, a list of numbers), as is or reversed. */
const formsOf = (secret: Buffer): {raw: Buffer[]; text: Buffer[]} => {
  const both = [secret, Buffer.from(secret).reverse()]
  return {raw: both, text: both.flatMap((bytes) => [bytes.toString('hex'), [...bytes].join(',')].map((text) => Buffer.from(text)))}
}

/**
 * A file as a secret could be found in it: its bytes, and the bytes of every base64 run in it read from each of its
 * first four characters (a secret inside a larger encoding starts anywhere), armor lines, line breaks and their JSON
 * escapes taken out; and its text lower-cased, without white space.
 */
function readingsOf(content: Buffer): {raw: Buffer[]; text: Buffer} {
  const text = content
    .toString('latin1')
    .replaceAll(/-----(BEGIN|END) [^-]*-----/g, '|')
    .replaceAll(/^(Version|Comment): .*$/gm, '')
    .replaceAll(/\\[nr]|\s/g, '')
  const runs = text.match(/[A-Za-z0-9+/]{22,}=*|[A-Za-z0-9_-]{22,}/g) ?? []
  const decoded = runs.flatMap((run) => [0, 1, 2, 3].map((shift) => Buffer.from(run.slice(shift), /[_-]/.test(run) ? 'base64url' : 'base64')))
  return {raw: [content, ...decoded], text: Buffer.from(text.toLowerCase())}
}

/** Every regular file under `directory`, with its bytes. */
const filesUnder = (directory: string): Array<[string, Buffer]> =>
  readdirSync(directory, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .map((path) => [path, readFileSync(path)])

/** The secrets some file under `directory` holds in clear, as "secret in file". */
function found(secrets: Map<string, Buffer>, directory: string): string[] {
  const files = filesUnder(directory).map(([path, content]) => [path, readingsOf(content)] as const)
  return [...secrets].flatMap(([name, secret]) => {
    const {raw, text} = formsOf(secret)
    return files
      .filter(([, readings]) => raw.some((form) => readings.raw.some((reading) => reading.includes(form))) || text.some((form) => readings.text.includes(form)))
      .map(([path]) => `${name} in ${path}`)
  })
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
    const home = suite.home.home
    const cacheDir = join(home, 'cache', 'proton-cli')
    const {UID} = JSON.parse(readFileSync(join(home, 'proton-cli', 'sessions', 'sandbox.json'), 'utf8')) as {UID: string}
    const clientKey = Buffer.from((JSON.parse(await run(['api', 'GET', '/auth/v4/sessions/local/key'])) as {ClientKey: string}).ClientKey, 'base64')
    const userId = (JSON.parse(await run(['api', 'GET', '/core/v4/users'])) as {User: {ID: string}}).User.ID
    const secrets = await seededSecrets(clientKey)
    // Every secret is one the scan could find: none is so short it would match by chance.
    for (const [name, bytes] of secrets) expect(bytes.length, name).to.be.at.least(16)
    const message = (JSON.parse(await run(['mail', 'list', '--output', 'json'])) as {Messages: Array<{ID: string}>}).Messages[0].ID
    const contacts = (JSON.parse(await run(['contacts', 'list', '--output', 'json'])) as {Contacts: Array<{ID: string}>}).Contacts.map(({ID}) => ID)
    const download = join(home, 'download')
    for (let round = 0; round < 2; round++) {
      await run(['mail', 'read', '--', message])
      for (const contact of contacts) await run(['contacts', 'get', contact])
      await run(['contacts', 'export'])
      await run(['calendar', 'events', 'list', '--start', '2024-07-01', '--end', '2025-07-01'])
      await run(['drive', 'ls'])
      await run(['drive', 'ls', 'Documents'])
      await run(['drive', 'info', 'notes.txt'])
      rmSync(download, {force: true})
      await run(['drive', 'download', 'notes.txt', '--output-file', download])
    }

    rmSync(download, {force: true})
    // The seals are there (what is scanned is what the reads kept), and nothing holds a secret in clear.
    expect(filesUnder(home).map(([path]) => path.replace(/.*\//, ''))).to.include.members(['sandbox.json', 'sandbox.sealed', 'sandbox.event-keys'])
    expect(found(secrets, home)).to.deep.equal([])

    // The secrets worked out here are the ones the tool keeps: every key its seal holds (opened with the local key, as
    // the tool opens it) carries one of them, and the event session keys it kept are those of the seeded events.
    const sealed = [...(unseal(readFileSync(sealPath(cacheDir, 'sandbox')), clientKey, UID, userId)?.values() ?? [])]
    expect(sealed.length).to.be.at.least(KEY_FIXTURE.addressKeys.length + 2 + DRIVE_FIXTURE.links.length)
    expect(sealed.filter((key) => ![...secrets.values()].some((secret) => key.includes(secret)))).to.deep.equal([])
    const eventKeys = new EventKeys({cacheDir, profile: 'sandbox', uid: UID, userId}, clientKey)
    for (const [index, {SharedKeyPacket}] of CALENDAR_FIXTURE.events.entries()) {
      const kept = eventKeys.get(Buffer.from(SharedKeyPacket, 'base64'), () => expect.fail(`event ${index}: its session key was not kept`))
      expect(Buffer.from(kept.data), `event ${index}`).to.deep.equal(secrets.get(`event ${index} session key`))
    }

    // Secrets written out as a leak would write them are found: an unlocked key armored, a session key as JSON numbers.
    const calendar = await unlock(CALENDAR_FIXTURE.keySetup.PrivateKey, secrets.get('calendar passphrase')!.toString('utf8'))
    writeFileSync(join(cacheDir, 'planted.asc'), calendar.armor())
    writeFileSync(join(cacheDir, 'planted.json'), JSON.stringify({key: [...secrets.get('event 1 session key')!]}))
    expect(found(secrets, home).sort()).to.deep.equal(
      [`calendar key secret 0 in ${join(cacheDir, 'planted.asc')}`, `calendar key secret 1 in ${join(cacheDir, 'planted.asc')}`, `event 1 session key in ${join(cacheDir, 'planted.json')}`].sort(),
    )
  })
})
