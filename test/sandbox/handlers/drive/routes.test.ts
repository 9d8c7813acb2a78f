/**
 * The drive routes' shapes and refusals over HTTP, as @protontech/drive-sdk 0.9.9 reads them (its
 * src/internal/*\/apiService.ts): the seeded volume, children pages, link metadata, revisions with their block URLs,
 * the block storage and its tokens, and the upload steps with the checks the service makes without keys.
 */
import {createHash, randomBytes} from 'node:crypto'

import {expect} from 'chai'

import {DRIVE_FIXTURE} from '../../../../src/sandbox/fixtures/drive-fixture.ts'
import type {StoredSession} from '../../../../src/lib/session/store.ts'
import {type Answer, type Harness, startHarness} from '../../harness.ts'

const [ROOT, DOCUMENTS, NOTES] = DRIVE_FIXTURE.links.map((link) => link.LinkID)
const VOLUME = DRIVE_FIXTURE.volumeId
const V2 = `/drive/v2/volumes/${encodeURIComponent(VOLUME)}`
const armor = (kind: string) => `-----BEGIN PGP ${kind}-----\n\nwcBMA0t3c3Rib3g=\n-----END PGP ${kind}-----\n`
const hex = (text: string) => createHash('sha256').update(text).digest('hex')

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

describe('sandbox drive routes', function () {
  this.timeout(30_000)
  let harness: Harness
  let session: StoredSession
  const call = async (method: string, path: string, body?: unknown): Promise<Answer & {json: Json}> => {
    const answer = await harness.call(method, path, {body, session})
    return {...answer, json: (answer.json ?? {}) as Json}
  }

  const refused = (answer: Answer, status: number, code: number) => expect([answer.status, answer.json?.Code], answer.text).to.deep.equal([status, code])

  before(async () => {
    harness = await startHarness()
    session = await harness.login()
  })

  after(() => harness.close())

  it('GET /drive/v2/shares/my-files: the volume, its share on the primary address and the root link with its share', async () => {
    const {json} = await call('GET', '/drive/v2/shares/my-files')
    const [primary] = harness.sandbox.state.addresses
    expect(json.Volume.VolumeID).to.equal(VOLUME)
    expect(json.Share).to.include({AddressID: primary.ID, CreatorEmail: 'demo@proton.test', Key: DRIVE_FIXTURE.share.Key, ShareID: DRIVE_FIXTURE.share.ShareID})
    expect(json.Link.Link).to.include({LinkID: ROOT, ParentLinkID: null, State: 1, Type: 1})
    expect(json.Link.Sharing).to.deep.equal({ShareID: DRIVE_FIXTURE.share.ShareID, ShareURLID: null})
    const latest = (await call('GET', `/drive/volumes/${encodeURIComponent(VOLUME)}/events/latest`)).json.EventID
    expect((await call('GET', `${V2}/events/${latest}`)).json).to.deep.include({EventID: latest, Events: [], More: false, Refresh: false})
    const volumes = (await call('GET', '/drive/volumes')).json.Volumes as Json[]
    expect(volumes.map((volume) => [volume.Type, volume.VolumeID === VOLUME])).to.deep.equal([
      [1, true],
      [2, false],
    ])
  })

  it('lists children by ID in pages, folders only when asked; refuses an unknown volume and a file as folder', async () => {
    expect((await call('GET', `${V2}/folders/${ROOT}/children`)).json).to.deep.include({AnchorID: null, LinkIDs: [DOCUMENTS, NOTES], More: false})
    expect((await call('GET', `${V2}/folders/${ROOT}/children?FoldersOnly=1`)).json.LinkIDs).to.deep.equal([DOCUMENTS])
    refused(await call('GET', `/drive/v2/volumes/unknown/folders/${ROOT}/children`), 422, 2501)
    refused(await call('GET', `${V2}/folders/${NOTES}/children`), 422, 2001)
    expect((await harness.call('GET', `${V2}/folders/${ROOT}/children`)).status).to.equal(401)
  })

  it('POST links: folder and file metadata as sent at seeding, unknown IDs left out, at most 100 IDs', async () => {
    const {json} = await call('POST', `${V2}/links`, {LinkIDs: [DOCUMENTS, NOTES, 'unknown']})
    const [documents, notes] = json.Links as Json[]
    const seeded = DRIVE_FIXTURE.links[2]
    expect(json.Links).to.have.length(2)
    expect(documents.Folder).to.deep.equal({NodeHashKey: DRIVE_FIXTURE.links[1].NodeHashKey, XAttr: DRIVE_FIXTURE.links[1].XAttr})
    expect(documents.File).to.equal(null)
    expect(notes.Link).to.include({Name: seeded.Name, NameHash: seeded.NameHash, NodeKey: seeded.NodeKey, ParentLinkID: ROOT, SignatureEmail: 'demo@proton.test'})
    expect(notes.File).to.include({ContentKeyPacket: seeded.File.ContentKeyPacket, MediaType: 'text/plain'})
    expect(notes.File.ActiveRevision).to.include({ManifestSignature: seeded.File.Revision.ManifestSignature, RevisionID: seeded.File.Revision.ID})
    expect(notes.File.ActiveRevision.EncryptedSize).to.equal(seeded.File.Revision.Blocks.reduce((sum, block) => sum + block.Size, 0))
    refused(await call('POST', `${V2}/links`, {LinkIDs: Array.from({length: 101}, (_, index) => `id${index}`)}), 422, 2000)
  })

  it('GET a revision: its blocks in pages with storage URLs and tokens; the storage answers the stored bytes for a valid token only', async () => {
    const revision = DRIVE_FIXTURE.links[2].File.Revision
    const path = `${V2}/files/${NOTES}/revisions/${revision.ID}`
    const {json} = await call('GET', `${path}?PageSize=1&FromBlockIndex=2`)
    const [block] = json.Revision.Blocks as Json[]
    expect(json.Revision.Blocks).to.have.length(1)
    expect(block).to.include({BareURL: `${harness.sandbox.url}/storage/blocks`, Hash: revision.Blocks[1].Hash, Index: 2})
    expect((await call('GET', `${path}?NoBlockUrls=true`)).json.Revision.Blocks.map((found: Json) => [found.Index, 'BareURL' in found])).to.deep.equal(
      revision.Blocks.map((found) => [found.Index, false]),
    )

    // The storage server takes its token alone: no session, no app version.
    const bytes = await fetch(block.BareURL, {headers: {'pm-storage-token': block.Token}})
    expect(bytes.status).to.equal(200)
    expect(
      createHash('sha256')
        .update(Buffer.from(await bytes.arrayBuffer()))
        .digest('base64'),
    ).to.equal(revision.Blocks[1].Hash)
    const forged = `${String(block.Token).split('.')[0]}.${Buffer.alloc(32).toString('base64url')}`
    expect((await fetch(block.BareURL, {headers: {'pm-storage-token': forged}})).status).to.equal(403)
  })

  it('uploads: a name taken answers 2500 with the conflict; blocks are checked against their hash and verifier; a draft is listed only once committed', async () => {
    const draft = {
      ContentKeyPacket: randomBytes(96).toString('base64'),
      ContentKeyPacketSignature: armor('SIGNATURE'),
      MIMEType: 'application/octet-stream',
      Name: armor('MESSAGE'),
      NodeKey: armor('PRIVATE KEY BLOCK'),
      NodePassphrase: armor('MESSAGE'),
      NodePassphraseSignature: armor('SIGNATURE'),
      ParentLinkID: DOCUMENTS,
      SignatureAddress: 'demo@proton.test',
    }
    const taken = await call('POST', `${V2}/files`, {...draft, Hash: DRIVE_FIXTURE.links[2].NameHash, ParentLinkID: ROOT})
    refused(taken, 422, 2500)
    expect(taken.json.Details).to.deep.equal({ConflictLinkID: NOTES, ConflictRevisionID: DRIVE_FIXTURE.links[2].File.Revision.ID})
    refused(await call('POST', `${V2}/files`, {...draft, Hash: hex('x'), Name: 'clear name'}), 422, 2000)
    refused(await call('POST', `${V2}/files`, {...draft, Hash: hex('x'), SignatureAddress: 'someone@else.test'}), 422, 2000)

    const created = (await call('POST', `${V2}/files`, {...draft, ClientUID: 'test', Hash: hex('upload')})).json.File
    const revisionPath = `${V2}/files/${created.ID}/revisions/${created.RevisionID}`
    const verification = (await call('GET', `${V2}/links/${created.ID}/revisions/${created.RevisionID}/verification`)).json
    expect(verification.ContentKeyPacket).to.equal(draft.ContentKeyPacket)
    const code = Buffer.from(verification.VerificationCode, 'base64')
    expect(code).to.have.length(32)

    // The sandbox never decrypts: any bytes stand for an encrypted block.
    const block = randomBytes(1000)
    const token = Buffer.from(code.map((value, index) => value ^ block[index])).toString('base64')
    const request = {AddressID: harness.sandbox.state.addresses[0].ID, LinkID: created.ID, RevisionID: created.RevisionID, VolumeID: VOLUME}
    const entry = {EncSignature: armor('MESSAGE'), Hash: createHash('sha256').update(block).digest('base64'), Index: 1, Size: block.length, Verifier: {Token: token}}
    const links = (await call('POST', '/drive/blocks', {...request, BlockList: [entry], ThumbnailList: []})).json.UploadLinks as Json[]
    expect(links.map((link) => [link.Index, link.BareURL])).to.deep.equal([[1, `${harness.sandbox.url}/storage/blocks`]])
    refused(await call('POST', '/drive/blocks', {...request, BlockList: [entry], ThumbnailList: [{Hash: entry.Hash, Size: 10, Type: 1}]}), 422, 2000)
    refused(await call('PUT', revisionPath, {ManifestSignature: armor('SIGNATURE'), SignatureAddress: 'demo@proton.test'}), 422, 2000)

    const put = async (bytes: Buffer) => {
      const form = new FormData()
      form.append('Block', new Blob([bytes]), 'blob')
      return fetch(links[0].BareURL, {body: form, headers: {'pm-storage-token': links[0].Token}, method: 'POST'})
    }

    const flipped = Buffer.from(block)
    flipped[0] ^= 1
    expect((await put(flipped)).status).to.equal(422)
    expect((await put(block.subarray(1))).status).to.equal(422)
    expect((await put(block)).status).to.equal(200)
    expect((await call('GET', `${V2}/folders/${DOCUMENTS}/children`)).json.LinkIDs).to.not.include(created.ID)
    expect((await call('PUT', revisionPath, {ManifestSignature: armor('SIGNATURE'), SignatureAddress: 'demo@proton.test', XAttr: armor('MESSAGE')})).status).to.equal(200)
    expect((await call('GET', `${V2}/folders/${DOCUMENTS}/children`)).json.LinkIDs).to.include(created.ID)
    const [link] = (await call('POST', `${V2}/links`, {LinkIDs: [created.ID]})).json.Links as Json[]
    expect(link.Link.State).to.equal(1)
    expect(link.File.ActiveRevision).to.include({EncryptedSize: 1000, RevisionID: created.RevisionID, XAttr: armor('MESSAGE')})
    expect((await put(block)).status).to.equal(422)
  })

  it('refuses a folder moved into itself, a stale OriginalHash, the root trashed, and a restore onto a name taken', async () => {
    const folder = {
      NodeHashKey: armor('MESSAGE'),
      NodeKey: armor('PRIVATE KEY BLOCK'),
      NodePassphrase: armor('MESSAGE'),
      NodePassphraseSignature: armor('SIGNATURE'),
      SignatureEmail: 'demo@proton.test',
    }
    const make = async (parent: string, name: string) => (await call('POST', `${V2}/folders`, {...folder, Hash: hex(name), Name: armor('MESSAGE'), ParentLinkID: parent})).json.Folder.ID as string
    const outer = await make(ROOT, 'outer')
    const inner = await make(outer, 'inner')
    const move = {Hash: hex('outer'), Name: armor('MESSAGE'), NodePassphrase: armor('MESSAGE'), OriginalHash: hex('outer'), ParentLinkID: inner}
    refused(await call('PUT', `${V2}/links/${outer}/move`, move), 422, 2000)
    refused(await call('PUT', `${V2}/links/${outer}/move`, {...move, OriginalHash: hex('stale'), ParentLinkID: DOCUMENTS}), 422, 2000)
    refused(await call('PUT', `${V2}/links/${inner}/rename`, {Hash: hex('x'), Name: armor('MESSAGE'), NameSignatureEmail: 'demo@proton.test', OriginalHash: hex('stale')}), 422, 2000)

    const trash = (await call('POST', `${V2}/trash_multiple`, {LinkIDs: [ROOT, outer]})).json
    expect(trash.Code).to.equal(1001)
    expect(trash.Responses.map((answer: Json) => [answer.LinkID, answer.Response.Code])).to.deep.equal([
      [ROOT, 2000],
      [outer, 1000],
    ])
    expect((await call('GET', `/drive/volumes/${encodeURIComponent(VOLUME)}/trash?Page=0`)).json.Trash[0].LinkIDs).to.deep.equal([outer])
    expect((await call('GET', `/drive/volumes/${encodeURIComponent(VOLUME)}/trash?Page=1`)).json.Trash).to.deep.equal([])
    refused(await call('GET', `${V2}/folders/${outer}/children`), 422, 2501)

    await make(ROOT, 'outer')
    const restore = (await call('PUT', `${V2}/trash/restore_multiple`, {LinkIDs: [outer]})).json
    expect(restore.Responses[0].Response.Code).to.equal(2500)
    expect((await call('DELETE', `/drive/volumes/${encodeURIComponent(VOLUME)}/trash`)).status).to.equal(200)
    expect([harness.sandbox.state.drive.links.has(outer), harness.sandbox.state.drive.links.has(inner)]).to.deep.equal([false, false])
  })

  it('refuses a storage body past one block and its envelope (413), and records nothing of the controls', async () => {
    const form = new FormData()
    form.append('Block', new Blob([Buffer.alloc(4 * 1024 * 1024 + 200 * 1024)]), 'blob')
    expect((await fetch(`${harness.sandbox.url}/storage/blocks`, {body: form, headers: {'pm-storage-token': 'x'}, method: 'POST'})).status).to.equal(413)
    const recorded = (await harness.call('GET', '/__sandbox/drive/requests')).json as {Requests: Array<{Path: string}>}
    expect(recorded.Requests.length).to.be.greaterThan(0)
    expect(recorded.Requests.every((request) => /^\/(drive|storage)\//.test(request.Path))).to.equal(true)
  })
})
