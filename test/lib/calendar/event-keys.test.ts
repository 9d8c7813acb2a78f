/**
 * Events' session keys sealed between runs (calendar/event-keys.ts): kept under the packet's digest and opened again
 * only for a packet not kept; bound to the session's ClientKey, UID and user; a tampered file, one others may read,
 * or a symbolic link in its place is ignored; the least recently used go past MAX_KEYS; no key in clear on disk.
 */
import {expect} from 'chai'
import {chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {randomBytes} from 'node:crypto'

import {removeSeal, sealPath} from '../../../src/lib/account/key-seal.ts'
import type {SessionKey} from '../../../src/lib/crypto/direct/decrypt.ts'
import {EventKeys, type EventKeysOwner, MAX_KEYS} from '../../../src/lib/calendar/event-keys.ts'

describe('calendar/event-keys: events’ session keys sealed between runs', () => {
  let cacheDir = ''
  let owner: EventKeysOwner
  const clientKey = randomBytes(32)
  const packets = Array.from({length: 3}, (_, index) => Buffer.from(`key packet ${index}`))
  const keys: SessionKey[] = packets.map(() => ({algorithm: 'aes256', data: randomBytes(32)}))
  const file = () => sealPath(cacheDir, owner.profile, 'event-keys')

  /** One run: each packet's key, counting what had to be opened. */
  const run = async (as = owner, key = clientKey, which = packets) => {
    const store = new EventKeys(as, key)
    const got = which.map((packet) => store.get(packet, () => keys[packets.indexOf(packet)]))
    await store.write()
    return {counts: store.counts, got}
  }

  beforeEach(() => {
    cacheDir = mkdtempSync(join(tmpdir(), 'proton-cli-event-keys-'))
    owner = {cacheDir, profile: 'default', uid: 'uid-1', userId: 'user-1'}
  })
  afterEach(() => rmSync(cacheDir, {force: true, recursive: true}))

  it('opened once, then read from the seal (0600, in a 0700 directory), the same keys; no key in clear in the file', async () => {
    const first = await run()
    expect(first.counts).to.deep.equal({opened: 3, sealed: 0})
    expect(statSync(file()).mode & 0o777).to.equal(0o600)
    expect(statSync(join(cacheDir, 'keys')).mode & 0o777).to.equal(0o700)
    const second = await run()
    expect(second.counts).to.deep.equal({opened: 0, sealed: 3})
    expect(second.got.map(({algorithm, data}) => [algorithm, Buffer.from(data).toString('hex')])).to.deep.equal(keys.map(({algorithm, data}) => [algorithm, Buffer.from(data).toString('hex')]))
    const sealed = readFileSync(file())
    for (const {data} of keys)
      for (const form of [Buffer.from(data), Buffer.from(Buffer.from(data).toString('base64')), Buffer.from(Buffer.from(data).toString('hex'))]) expect(sealed.includes(form)).to.equal(false)
    // Nothing new: the file is not written again.
    const before = statSync(file()).mtimeMs
    await run()
    expect(statSync(file()).mtimeMs).to.equal(before)
  })

  it('bound to the session: another ClientKey, UID or user opens nothing (the keys are opened again)', async () => {
    await run()
    expect((await run(owner, randomBytes(32))).counts).to.deep.equal({opened: 3, sealed: 0})
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

  it('the least recently used go past MAX_KEYS; removeSeal (logout, a new login) removes the file', async () => {
    const many = Array.from({length: MAX_KEYS + 5}, (_, index) => Buffer.from(`packet ${index}`))
    const key = (): SessionKey => ({algorithm: 'aes128', data: randomBytes(16)})
    const store = new EventKeys(owner, clientKey)
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
    removeSeal(cacheDir, owner.profile)
    expect(() => statSync(file())).to.throw()
  })
})
