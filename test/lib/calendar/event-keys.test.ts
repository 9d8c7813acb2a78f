/**
 * What listings of events keep sealed between runs (calendar/event-keys.ts): session keys, kept under the packet's
 * digest and opened again only for a packet not kept; signatures found to hold (made by GnuPG), known again only for
 * the same keys, signature and data, never one that failed or expires, nor before it was made; all bound to the
 * session's ClientKey, UID and user; a tampered file, one others may read, or a symbolic link in its place is ignored;
 * the least recently used go past MAX_ENTRIES; no key in clear on disk.
 */
import {expect} from 'chai'
import {chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {randomBytes} from 'node:crypto'

import {removeSeal, sealPath} from '../../../src/lib/account/key-seal.ts'
import type {SessionKey} from '../../../src/lib/crypto/direct/decrypt.ts'
import {type DirectKeySet, readKey} from '../../../src/lib/crypto/direct/keys.ts'
import {EventKeys, type EventKeysOwner, MAX_ENTRIES} from '../../../src/lib/calendar/event-keys.ts'
import {gnupgHome} from '../../helpers/gnupg-home.ts'

const TEXT = Buffer.from('BEGIN:VEVENT\r\nSUMMARY:Lunch\r\nEND:VEVENT')

describe('calendar/event-keys: what listings of events keep sealed between runs', function () {
  this.timeout(60_000)
  const gnupg = gnupgHome('proton-event-keys-')
  let cacheDir = ''
  let owner: EventKeysOwner
  const clientKey = randomBytes(32)
  const packets = Array.from({length: 3}, (_, index) => Buffer.from(`key packet ${index}`))
  const keys: SessionKey[] = packets.map(() => ({algorithm: 'aes256', data: randomBytes(32)}))
  const file = () => sealPath(cacheDir, owner.profile, 'event-keys')
  let signer: DirectKeySet
  let stranger: DirectKeySet
  let signature = ''
  let expiring = ''

  /** The account keys' seal that the file goes with (written only while there is one): its content is not read here. */
  const withKeySeal = (as: EventKeysOwner) => {
    mkdirSync(join(as.cacheDir, 'keys'), {mode: 0o700, recursive: true})
    writeFileSync(sealPath(as.cacheDir, as.profile), 'the keys, sealed', {mode: 0o600})
    return as
  }

  /** One run: each packet's key, counting what had to be opened. */
  const run = async (as = owner, key = clientKey, which = packets) => {
    const store = new EventKeys(withKeySeal(as), key)
    const got = which.map((packet) => store.get(packet, () => keys[packets.indexOf(packet)]))
    await store.write()
    return {counts: store.counts, got}
  }

  /** One run asking whether `armored` over `data` holds by `by`: the answer and the counts. */
  const check = async (data: Buffer, armored: string, by: DirectKeySet[] = [signer]) => {
    const store = new EventKeys(withKeySeal(owner), clientKey)
    const held = store.holds(data, armored, by)
    await store.write()
    return {counts: store.counts, held}
  }

  before(() => {
    gnupg.open()
    gnupg.makeKey('author@gnupg.test')
    gnupg.makeKey('stranger@gnupg.test')
    const sign = (options: string[]) => {
      const result = gnupg.gpg(['--armor', '--detach-sign', '--local-user', 'author@gnupg.test', '--output', '-', ...options, gnupg.file('part', TEXT)])
      expect(result.status, result.stderr).to.equal(0)
      return result.stdout.toString()
    }

    signature = sign([])
    expiring = sign(['--default-sig-expire', '1y'])
    signer = readKey(gnupg.gpg(['--armor', '--export', 'author@gnupg.test']).stdout.toString())
    stranger = readKey(gnupg.gpg(['--armor', '--export', 'stranger@gnupg.test']).stdout.toString())
  })
  after(() => gnupg.close())

  beforeEach(() => {
    cacheDir = mkdtempSync(join(tmpdir(), 'proton-cli-event-keys-'))
    owner = {cacheDir, profile: 'default', uid: 'uid-1', userId: 'user-1'}
  })
  afterEach(() => rmSync(cacheDir, {force: true, recursive: true}))

  it('session keys: opened once, then read from the seal (0600, in a 0700 directory), the same keys; no key in clear in the file', async () => {
    const first = await run()
    expect(first.counts).to.include({opened: 3, sealed: 0})
    expect(statSync(file()).mode & 0o777).to.equal(0o600)
    expect(statSync(join(cacheDir, 'keys')).mode & 0o777).to.equal(0o700)
    const second = await run()
    expect(second.counts).to.include({opened: 0, sealed: 3})
    expect(second.got.map(({algorithm, data}) => [algorithm, Buffer.from(data).toString('hex')])).to.deep.equal(keys.map(({algorithm, data}) => [algorithm, Buffer.from(data).toString('hex')]))
    const sealed = readFileSync(file())
    for (const {data} of keys)
      for (const form of [Buffer.from(data), Buffer.from(Buffer.from(data).toString('base64')), Buffer.from(Buffer.from(data).toString('hex'))]) expect(sealed.includes(form)).to.equal(false)
    // Nothing new: the file is not written again.
    const before = statSync(file()).mtimeMs
    await run()
    expect(statSync(file()).mtimeMs).to.equal(before)
  })

  it('signatures: GnuPG’s holds, checked once, then known; other data, another key, an expiring signature or one that fails is checked every time', async () => {
    expect(await check(TEXT, signature)).to.deep.include({counts: {checked: 1, known: 0, opened: 0, sealed: 0}, held: true})
    expect(await check(TEXT, signature)).to.deep.include({counts: {checked: 0, known: 1, opened: 0, sealed: 0}, held: true})
    // Another byte: not the signed data, never known.
    const changed = Buffer.from(TEXT)
    changed[10] ^= 1
    for (let run = 0; run < 2; run++) expect(await check(changed, signature)).to.deep.include({counts: {checked: 1, known: 0, opened: 0, sealed: 0}, held: false})
    // Other keys: checked again (and it holds by no key of a stranger's).
    expect(await check(TEXT, signature, [stranger])).to.deep.include({counts: {checked: 1, known: 0, opened: 0, sealed: 0}, held: false})
    expect((await check(TEXT, signature, [stranger, signer])).counts.checked).to.equal(1)
    // The signature's last line break moved to the front of the data: the same bytes end to end, another entry.
    expect(signature.endsWith('\n')).to.equal(true)
    const moved = Buffer.concat([Buffer.from('\n'), TEXT])
    expect(await check(moved, signature.slice(0, -1))).to.deep.include({counts: {checked: 1, known: 0, opened: 0, sealed: 0}, held: false})
    // A signature that expires: it holds, and is checked at every run.
    for (let run = 0; run < 2; run++) expect(await check(TEXT, expiring)).to.deep.include({counts: {checked: 1, known: 0, opened: 0, sealed: 0}, held: true})
  })

  it('a signature known to hold is checked again on a clock set back before it was made', async () => {
    await check(TEXT, signature)
    const now = Date.now
    Date.now = () => 0
    try {
      expect((await check(TEXT, signature)).counts).to.include({checked: 1, known: 0})
    } finally {
      Date.now = now
    }
  })

  it('nothing is written once the keys’ seal is gone (an auth logout while the run went on)', async () => {
    const store = new EventKeys(withKeySeal(owner), clientKey)
    store.get(packets[0], () => keys[0])
    rmSync(sealPath(cacheDir, owner.profile))
    await store.write()
    expect(() => statSync(file())).to.throw()
  })

  it('bound to the session: another ClientKey, UID, user or profile opens nothing (the keys are opened again)', async () => {
    await run()
    expect((await run(owner, randomBytes(32))).counts).to.include({opened: 3, sealed: 0})
    await run()
    expect((await run({...owner, uid: 'uid-2'})).counts.opened).to.equal(3)
    await run()
    expect((await run({...owner, userId: 'user-2'})).counts.opened).to.equal(3)
    await run()
    expect((await run({...owner, profile: 'other'})).counts.opened).to.equal(3)
  })

  it('a byte changed, a file others may read, or a link in its place: ignored, the keys opened again', async () => {
    await run()
    const bytes = readFileSync(file())
    bytes[bytes.length - 20] ^= 1
    writeFileSync(file(), bytes, {mode: 0o600})
    expect((await run()).counts.opened).to.equal(3)
    // Written again whole: it opens.
    expect((await run()).counts.sealed).to.equal(3)
    chmodSync(file(), 0o644)
    expect((await run()).counts.opened).to.equal(3)
    const elsewhere = join(cacheDir, 'elsewhere')
    mkdirSync(elsewhere)
    await run({...owner, cacheDir: elsewhere})
    rmSync(file())
    symlinkSync(sealPath(elsewhere, owner.profile, 'event-keys'), file())
    expect((await run()).counts.opened).to.equal(3)
  })

  it('the least recently used go past MAX_ENTRIES; removeSeal (logout, a new login) removes the file', async () => {
    const many = Array.from({length: MAX_ENTRIES + 5}, (_, index) => Buffer.from(`packet ${index}`))
    const key = (): SessionKey => ({algorithm: 'aes128', data: randomBytes(16)})
    const store = new EventKeys(withKeySeal(owner), clientKey)
    for (const packet of many) store.get(packet, key)
    // The first one used again: the most recent.
    store.get(many[0], key)
    await store.write()
    const next = new EventKeys(owner, clientKey)
    let opened = 0
    for (const packet of many)
      next.get(packet, () => {
        opened++
        return key()
      })
    // many[1..5] were dropped; every other one was kept.
    expect(opened).to.equal(5)
    await next.write()

    // A run that only reads the oldest entry of a full file writes its recency: it outlives entries added after.
    const mtime = statSync(file()).mtimeMs
    const reading = new EventKeys(owner, clientKey)
    reading.get(many[6], key)
    await reading.write()
    expect(statSync(file()).mtimeMs).to.not.equal(mtime)
    const adding = new EventKeys(owner, clientKey)
    for (const index of [1, 2, 3]) adding.get(Buffer.from(`new packet ${index}`), key)
    await adding.write()
    const last = new EventKeys(owner, clientKey)
    const reopened: number[] = []
    for (const index of [5, 6, 7, 8, 9])
      last.get(many[index], () => {
        reopened.push(index)
        return key()
      })
    // The file held many[5..]: many[5], many[7] and many[8], the oldest, made room for the three new ones; many[6],
    // read in between, was kept (without its recency written, many[6] would have gone instead of many[8]).
    expect(reopened).to.deep.equal([5, 7, 8])
    removeSeal(cacheDir, owner.profile)
    expect(() => statSync(file())).to.throw()
  })
})
