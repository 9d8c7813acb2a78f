/**
 * The sandbox's drive read and written by @protontech/drive-sdk itself (minimal adapters: sdk-client.ts): the
 * seeded tree (scripts/generate-sandbox-drive.js) decrypts and verifies, its files download byte-identical, an
 * upload round-trips with nothing in clear on the wire (the request recorder), GnuPG verifies the SDK's manifest
 * signature and reads the seed's share passphrase and a manifest, folders are made, renamed, moved, trashed, restored and the trash emptied, a tampered block is refused,
 * and a user without a volume gets one only through POST /drive/volumes.
 */
import {spawnSync} from 'node:child_process'
import {randomBytes} from 'node:crypto'
import {existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import type {MaybeNode, NodeEntity, ProtonDriveClient} from '@protontech/drive-sdk'
import {expect} from 'chai'
import type * as openpgp from 'openpgp'

import {DRIVE_FIXTURE} from '../../../../src/sandbox/fixtures/drive-fixture.ts'
import type {StoredSession} from '../../../../src/lib/session/store.ts'
import {type Harness, startHarness} from '../../harness.ts'
import {primaryAddressKey, sdkClient} from './sdk-client.ts'

const GPG = existsSync('/usr/bin/gpg') ? '/usr/bin/gpg' : 'gpg'
const [, DOCUMENTS, NOTES, RESUME] = DRIVE_FIXTURE.links.map((link) => link.LinkID)
const expected = DRIVE_FIXTURE.expected as Record<string, {Content?: string; Name: string}>

function node(result: MaybeNode): NodeEntity {
  if (!result.ok) throw new Error(`the SDK could not read a node: ${JSON.stringify(result.error)}`)
  return result.value
}

async function children(client: ProtonDriveClient, uid: string): Promise<NodeEntity[]> {
  const found: NodeEntity[] = []
  for await (const child of client.iterateFolderChildren(uid)) found.push(node(child))
  return found.sort((a, b) => a.name.localeCompare(b.name))
}

async function download(client: ProtonDriveClient, uid: string): Promise<Buffer> {
  const chunks: Uint8Array[] = []
  const downloader = await client.getFileDownloader(uid)
  await downloader.downloadToStream(new WritableStream({write: (chunk: Uint8Array) => void chunks.push(chunk)})).completion()
  return Buffer.concat(chunks)
}

async function upload(client: ProtonDriveClient, parentUid: string, name: string, data: Buffer): Promise<string> {
  const uploader = await client.getFileUploader(parentUid, name, {expectedSize: data.length, mediaType: 'application/octet-stream'})
  const controller = await uploader.uploadFromStream(new Blob([data]).stream(), [])
  return (await controller.completion()).nodeUid
}

describe('sandbox drive through @protontech/drive-sdk', function () {
  this.timeout(60_000)
  let harness: Harness
  let addressKey: openpgp.PrivateKey
  let client: ProtonDriveClient
  let session: StoredSession
  let rootUid: string
  const uid = (linkId: string) => `${DRIVE_FIXTURE.volumeId}~${linkId}`

  let gnupgHome: string
  const gpg = (args: string[]) => {
    const result = spawnSync(GPG, ['--homedir', gnupgHome, '--batch', '--no-tty', '--trust-model', 'always', ...args], {encoding: 'utf8', timeout: 30_000})
    expect(result.error, `${GPG} could not run (install GnuPG: .ci/run does)`).to.equal(undefined)
    return result
  }

  /** GnuPG's --verify of a manifest signature over the blocks' hashes (base64) concatenated in this order. */
  const verifyManifest = (hashes: string[], signature: string) => {
    writeFileSync(join(gnupgHome, 'manifest'), Buffer.concat(hashes.map((hash) => Buffer.from(hash, 'base64'))))
    writeFileSync(join(gnupgHome, 'manifest.asc'), signature)
    return gpg(['--verify', join(gnupgHome, 'manifest.asc'), join(gnupgHome, 'manifest')])
  }

  before(async () => {
    harness = await startHarness()
    addressKey = await primaryAddressKey()
    gnupgHome = mkdtempSync(join(tmpdir(), 'proton-cli-drive-gnupg-'))
    writeFileSync(join(gnupgHome, 'key.asc'), addressKey.armor())
    expect(gpg(['--import', join(gnupgHome, 'key.asc')]).status).to.equal(0)
    session = await harness.login()
    client = sdkClient(harness, session, addressKey)
    rootUid = node(await client.getMyFilesRootFolder()).uid
  })

  after(async () => {
    spawnSync('gpgconf', ['--homedir', gnupgHome, '--kill', 'gpg-agent'], {timeout: 10_000})
    rmSync(gnupgHome, {force: true, recursive: true})
    await harness.close()
  })

  it('lists the seeded tree with its names decrypted and every key and name signature valid', async () => {
    const top = await children(client, rootUid)
    expect(top.map((entry) => [entry.name, entry.type])).to.deep.equal([
      ['Documents', 'folder'],
      ['notes.txt', 'file'],
    ])
    const inside = await children(client, uid(DOCUMENTS))
    expect(inside.map((entry) => entry.name)).to.deep.equal([expected[RESUME].Name])
    for (const entry of [...top, ...inside]) {
      expect(entry.keyAuthor, entry.name).to.deep.equal({ok: true, value: DRIVE_FIXTURE.email})
      expect(entry.nameAuthor, entry.name).to.deep.equal({ok: true, value: DRIVE_FIXTURE.email})
    }

    const notes = top.find((entry) => entry.name === 'notes.txt')
    expect(notes?.activeRevision?.claimedSize).to.equal(Buffer.byteLength(String(expected[NOTES].Content)))
  })

  it('downloads the seeded files byte-identical: three blocks and one, the manifest verified', async () => {
    expect((await download(client, uid(NOTES))).toString('utf8')).to.equal(expected[NOTES].Content)
    expect((await download(client, uid(RESUME))).toString('utf8')).to.equal(expected[RESUME].Content)
  })

  it('round-trips an upload byte-identical, with neither its content nor its name in clear in any request body', async () => {
    await harness.call('DELETE', '/__sandbox/drive/requests')
    const data = randomBytes(5 * 1024 * 1024 + 123)
    const name = 'Tagebuch – 日記 secret-name.bin'
    const uploaded = await upload(client, rootUid, name, data)
    expect((await download(client, uploaded)).equals(data)).to.equal(true)
    expect((await children(client, rootUid)).map((entry) => entry.name)).to.include(name)

    const recorded = (await harness.call('GET', '/__sandbox/drive/requests')).json as {Dropped: number; Requests: Array<{Body: string; Method: string; Path: string}>}
    expect(recorded.Dropped).to.equal(0)
    const bodies = recorded.Requests.map((request) => Buffer.from(request.Body, 'base64'))
    expect(recorded.Requests.filter((request) => request.Path === '/storage/blocks' && request.Method === 'POST')).to.have.length(2)
    for (const needle of [Buffer.from(name), Buffer.from('secret-name'), data.subarray(0, 32), data.subarray(4 * 1024 * 1024, 4 * 1024 * 1024 + 32), data.subarray(-32)]) {
      expect(
        bodies.some((body) => body.includes(needle)),
        `a request body holds ${needle.toString('hex').slice(0, 16)}…`,
      ).to.equal(false)
    }

    // GnuPG verifies the manifest signature the SDK made: the address key's, over the blocks' SHA-256 in order.
    const {drive} = harness.sandbox.state
    const revision = drive.activeRevision(drive.link(uploaded.split('~')[1]))
    const hashes = [...(revision?.blocks.values() ?? [])].sort((a, b) => a.Index - b.Index).map((block) => block.Hash)
    expect(verifyManifest(hashes, String(revision?.ManifestSignature)).status).to.equal(0)
    expect(verifyManifest(hashes.toReversed(), String(revision?.ManifestSignature)).status).to.not.equal(0)

    // A new revision of the same file: it becomes the active one, the first stays as obsolete.
    const second = Buffer.from('second revision\n')
    const uploader = await client.getFileRevisionUploader(uploaded, {expectedSize: second.length, mediaType: 'application/octet-stream'})
    await (await uploader.uploadFromStream(new Blob([second]).stream(), [])).completion()
    expect((await download(sdkClient(harness, session, addressKey), uploaded)).equals(second)).to.equal(true)
    const states: string[] = []
    for await (const found of client.iterateRevisions(uploaded)) states.push(found.state)
    expect(states.sort()).to.deep.equal(['active', 'superseded'])
  })

  it('GnuPG reads the seed: the share passphrase decrypts with the address key and its signature verifies, and so does a manifest', () => {
    writeFileSync(join(gnupgHome, 'passphrase.asc'), DRIVE_FIXTURE.share.Passphrase)
    writeFileSync(join(gnupgHome, 'passphrase.sig'), DRIVE_FIXTURE.share.PassphraseSignature)
    const decrypted = gpg(['--decrypt', '--output', join(gnupgHome, 'passphrase'), join(gnupgHome, 'passphrase.asc')])
    expect(decrypted.status, decrypted.stderr).to.equal(0)
    expect(readFileSync(join(gnupgHome, 'passphrase'), 'utf8')).to.match(/^[A-Za-z0-9+/]{43}=$/)
    const verified = gpg(['--verify', join(gnupgHome, 'passphrase.sig'), join(gnupgHome, 'passphrase')])
    expect(verified.status, verified.stderr).to.equal(0)
    expect(verified.stderr).to.include(`<${DRIVE_FIXTURE.email}>`)
    const {Blocks, ManifestSignature} = DRIVE_FIXTURE.links[2].File.Revision
    expect(
      verifyManifest(
        Blocks.map((block) => block.Hash),
        ManifestSignature,
      ).status,
    ).to.equal(0)
    expect(
      verifyManifest(
        Blocks.slice(1).map((block) => block.Hash),
        ManifestSignature,
      ).status,
    ).to.not.equal(0)
  })

  it('makes, renames, moves, trashes, restores and deletes through the SDK, and refuses a name taken', async () => {
    const folder = node(await client.createFolder(rootUid, 'Projects'))
    let conflict: unknown
    try {
      await client.createFolder(rootUid, 'Projects')
    } catch (error) {
      conflict = error
    }

    // 2500 with Details.ConflictLinkID, which the SDK turns into this error (nodes/apiService.ts).
    expect(conflict).to.have.property('name', 'NodeWithSameNameExistsValidationError')
    expect(conflict).to.have.property('existingNodeUid', folder.uid)
    await client.renameNode(folder.uid, 'Projets – 計画')
    const moved = []
    for await (const result of client.moveNodes([folder.uid], uid(DOCUMENTS))) moved.push(result)
    expect(moved).to.deep.equal([{ok: true, uid: folder.uid}])
    expect((await children(client, uid(DOCUMENTS))).map((entry) => entry.name)).to.include('Projets – 計画')

    for await (const result of client.trashNodes([folder.uid])) expect(result.ok).to.equal(true)
    const trashed: string[] = []
    for await (const entry of client.iterateTrashedNodes()) trashed.push(node(entry).name)
    expect(trashed).to.deep.equal(['Projets – 計画'])
    for await (const result of client.restoreNodes([folder.uid])) expect(result.ok).to.equal(true)
    // The SDK's own cache keeps the node as it saw it in the trash; the sandbox has it back where it was.
    const restored = harness.sandbox.state.drive.link(folder.uid.split('~')[1])
    expect([restored.State, restored.TrashTime, restored.ParentLinkID]).to.deep.equal([1, null, DOCUMENTS])

    for await (const result of client.trashNodes([folder.uid])) expect(result.ok).to.equal(true)
    await client.emptyTrash()
    expect(harness.sandbox.state.drive.links.has(folder.uid.split('~')[1])).to.equal(false)
  })

  it('refuses a tampered block, a manifest signed over other blocks, and flags a node key signed for another', async () => {
    const failure = async (linkId: string) => {
      try {
        await download(sdkClient(harness, session, addressKey), uid(linkId))
      } catch (error) {
        return error as Error
      }

      throw new Error('the download succeeded')
    }

    expect((await harness.call('POST', '/__sandbox/drive/tamper', {body: {LinkID: RESUME, Part: 'manifest'}})).status).to.equal(200)
    // The SDK's words (download/cryptoService.ts): the manifest check, then a block's own hash check.
    expect((await failure(RESUME)).message).to.equal('Data integrity check failed')
    expect((await harness.call('POST', '/__sandbox/drive/tamper', {body: {Index: 2, LinkID: NOTES}})).status).to.equal(200)
    expect((await failure(NOTES)).message).to.equal('Data integrity check of one part failed')

    expect((await harness.call('POST', '/__sandbox/drive/tamper', {body: {LinkID: DOCUMENTS, Part: 'key'}})).status).to.equal(200)
    const documents = node(await sdkClient(harness, session, addressKey).getNode(uid(DOCUMENTS)))
    expect(documents.keyAuthor.ok).to.equal(false)
    expect(documents.nameAuthor).to.deep.equal({ok: true, value: DRIVE_FIXTURE.email})
  })

  it('gives a user without a volume a new one only through POST /drive/volumes', async () => {
    expect((await harness.call('POST', '/__sandbox/drive/reset', {body: {Volume: false}})).status).to.equal(200)
    const missing = await harness.call('GET', '/drive/v2/shares/my-files', {session})
    expect([missing.status, missing.json?.Code]).to.deep.equal([422, 2501])
    expect((await harness.call('GET', '/drive/volumes', {session})).json?.Volumes).to.have.length(1)

    // The SDK answers 2501 by creating the volume itself (shares/manager.ts), which the sandbox stores as sent.
    const fresh = sdkClient(harness, session, addressKey)
    const root = node(await fresh.getMyFilesRootFolder())
    expect(root.name).to.equal('root')
    expect(await children(fresh, root.uid)).to.deep.equal([])
    const volumes = (await harness.call('GET', '/drive/volumes', {session})).json?.Volumes as Array<{Type: number; VolumeID: string}>
    expect(volumes.map((volume) => volume.Type)).to.deep.equal([1, 2])
    expect(root.uid.split('~')[0]).to.equal(volumes[0].VolumeID)
    await harness.call('POST', '/__sandbox/drive/reset', {body: {Volume: true}})
  })
})
