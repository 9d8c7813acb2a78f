/**
 * Uploads and downloads (@protontech/drive-sdk 0.9.9 src/internal/upload/apiService.ts and download/apiService.ts):
 * a draft file and its first revision, a new revision of a file, the verification data, block upload links, the
 * commit with the manifest signature, revisions with their blocks' storage URLs; and the storage server itself,
 * which the sandbox serves on its own loopback address (POST and GET /storage/blocks with the pm-storage-token
 * header, the block in the form field "Block", as WebClients applications/drive sends it).
 */
import {CODE} from '../../../lib/contract/contract.ts'
import {SandboxError} from '../../backend/api-error.ts'
import {RawAnswer, type Route, type RouteRequest} from '../../backend/route-types.ts'
import {formParts} from '../../backend/multipart.ts'
import type {JsonObject} from '../../backend/validation.ts'
import {linkIds, armored, base64, newChild, optionalArmored, optionalText, ownEmail, text} from './fields.ts'
import {page, perLink, revisionFields, success} from './answers.ts'
import {type Block, type DriveOwner, type DriveStore, invalid, LINK_STATE, LINK_TYPE, MAX_BLOCK_BYTES, REVISION_STATE} from '../../backend/drive-store.ts'

const ID = '([^/]+)'
const V2 = `/drive/v2/volumes/${ID}`
export const STORAGE_PATH = '/storage/blocks'
/** A block upload's body: the block and its multipart envelope. */
export const STORAGE_MAX_BODY_BYTES = MAX_BLOCK_BYTES + 64 * 1024
const STORAGE_TOKEN_HEADER = 'pm-storage-token'
/** Block pages of GET revision: the SDK asks for 20 (download/apiService.ts BLOCKS_PAGE_SIZE). */
const MAX_BLOCK_PAGE = 100

export function transferRoutes(store: DriveStore, owner: () => DriveOwner): Route[] {
  const volume = (volumeId: string) => store.volume(volumeId)
  const file = (volumeId: string, linkId: string) => {
    volume(volumeId)
    const link = store.link(linkId)
    if (link.Type !== LINK_TYPE.FILE) throw new SandboxError(422, 2001, 'The link is not a file')
    return link
  }

  const storageUrl = (request: RouteRequest) => `http://${String(request.headers.host)}${STORAGE_PATH}`

  const createDraft = ({params: [volumeId], ...request}: RouteRequest): JsonObject => {
    const {body, email, hash, parent} = newChild(store, owner, volumeId, () => request.json(), 'SignatureAddress')
    const link = store.addLink({
      ContentKeyPacket: base64(body, 'ContentKeyPacket'),
      ContentKeyPacketSignature: optionalArmored(body, 'ContentKeyPacketSignature', 'SIGNATURE'),
      MIMEType: text(body, 'MIMEType'),
      Name: armored(body, 'Name', 'MESSAGE'),
      NameHash: hash,
      NameSignatureEmail: email,
      NodeHashKey: null,
      NodeKey: armored(body, 'NodeKey', 'PRIVATE KEY BLOCK'),
      NodePassphrase: armored(body, 'NodePassphrase', 'MESSAGE'),
      NodePassphraseSignature: armored(body, 'NodePassphraseSignature', 'SIGNATURE'),
      ParentLinkID: parent.LinkID,
      SignatureEmail: email,
      State: LINK_STATE.DRAFT,
      Type: LINK_TYPE.FILE,
      XAttr: null,
    })
    const revision = store.addRevision(link, {ClientUID: optionalText(body, 'ClientUID'), SignatureEmail: email})
    return {...success, File: {ClientUID: revision.ClientUID, ID: link.LinkID, RevisionID: revision.ID}}
  }

  const createRevision = ({params: [volumeId, linkId], ...request}: RouteRequest): JsonObject => {
    const link = file(volumeId, linkId)
    const body = request.json()
    const current = store.activeRevision(link)
    if (!current || current.ID !== text(body, 'CurrentRevisionID')) throw new SandboxError(422, CODE.INVALID_REQUIREMENT_ERROR, 'CurrentRevisionID is not the active revision')
    const revision = store.addRevision(link, {ClientUID: optionalText(body, 'ClientUID'), SignatureEmail: owner().email})
    return {...success, Revision: {ID: revision.ID}}
  }

  const requestBlocks = (request: RouteRequest): JsonObject => {
    const body = request.json()
    const link = file(text(body, 'VolumeID'), text(body, 'LinkID'))
    const revision = store.revision(link, text(body, 'RevisionID'))
    if (revision.State !== REVISION_STATE.DRAFT) throw invalid('The revision is already committed')
    if (text(body, 'AddressID') !== owner().addressId) throw invalid('AddressID must be one of your addresses')
    const list = body.BlockList
    if (!Array.isArray(list) || list.length > 1000) throw invalid('BlockList must hold at most 1000 blocks')
    // Thumbnails are not kept: a client that sends some is told so rather than given no links for them.
    if (Array.isArray(body.ThumbnailList) && body.ThumbnailList.length > 0) throw invalid('The sandbox keeps no thumbnails: ThumbnailList must be empty')
    const url = storageUrl(request)
    const UploadLinks = list.map((item: unknown) => {
      const block = (item ?? {}) as JsonObject
      const index = block.Index
      const size = block.Size
      if (!Number.isInteger(index) || (index as number) < 1) throw invalid('BlockList[].Index must be an integer from 1')
      if (!Number.isInteger(size) || (size as number) < 1 || (size as number) > MAX_BLOCK_BYTES) throw invalid(`BlockList[].Size must be from 1 to ${MAX_BLOCK_BYTES}`)
      const verifier = base64((block.Verifier ?? {}) as JsonObject, 'Token')
      const stored: Block = {
        EncSignature: armored(block, 'EncSignature', 'MESSAGE'),
        Hash: base64(block, 'Hash'),
        Index: index as number,
        SignatureEmail: revision.SignatureEmail,
        Size: size as number,
        verifier: Buffer.from(verifier, 'base64'),
      }
      revision.blocks.set(stored.Index, stored)
      return {BareURL: url, Index: stored.Index, Token: store.token({index: stored.Index, kind: 'put', linkId: link.LinkID, revisionId: revision.ID})}
    })
    return {...success, ThumbnailLinks: [], UploadLinks}
  }

  const commit = ({params: [volumeId, linkId, revisionId], ...request}: RouteRequest): JsonObject => {
    const link = file(volumeId, linkId)
    const revision = store.revision(link, revisionId)
    if (revision.State !== REVISION_STATE.DRAFT) throw invalid('The revision is already committed')
    const body = request.json()
    const {emails} = owner()
    if ([...revision.blocks.values()].some((block) => !block.data)) throw invalid('Some blocks were not uploaded')
    revision.ManifestSignature = armored(body, 'ManifestSignature', 'SIGNATURE')
    revision.SignatureEmail = ownEmail(body, 'SignatureAddress', emails)
    revision.XAttr = optionalArmored(body, 'XAttr', 'MESSAGE')
    const previous = store.activeRevision(link)
    if (previous) previous.State = REVISION_STATE.OBSOLETE
    revision.State = REVISION_STATE.ACTIVE
    if (link.State === LINK_STATE.DRAFT) link.State = LINK_STATE.ACTIVE
    store.touch(link)
    return success
  }

  const revision = ({params: [volumeId, linkId, revisionId], query, ...request}: RouteRequest): JsonObject => {
    const link = file(volumeId, linkId)
    const found = store.revision(link, revisionId)
    const from = Math.max(1, page(query, 'FromBlockIndex', 1, 1_000_000))
    const size = Math.max(1, page(query, 'PageSize', MAX_BLOCK_PAGE, MAX_BLOCK_PAGE))
    const urls = query.get('NoBlockUrls') !== 'true'
    const url = storageUrl({...request, params: [], query})
    const Blocks = [...found.blocks.values()]
      .filter((block) => block.Index >= from)
      .sort((a, b) => a.Index - b.Index)
      .slice(0, size)
      .map((block) => ({
        EncSignature: block.EncSignature,
        Hash: block.Hash,
        Index: block.Index,
        SignatureEmail: block.SignatureEmail,
        Size: block.Size,
        ...(urls ? {BareURL: url, Token: store.token({index: block.Index, kind: 'get', linkId: link.LinkID, revisionId: found.ID})} : {}),
      }))
    return {...success, Revision: {...revisionFields(found), Blocks}}
  }

  return [
    {
      access: 'full',
      // Drafts only (upload/apiService.ts deleteDraft); anything else goes through the trash.
      handle: ({params: [volumeId], ...request}) => {
        volume(volumeId)
        return perLink(linkIds(request.json()), (id) => {
          if (store.link(id).State !== LINK_STATE.DRAFT) throw invalid('Only a draft can be deleted directly')
          store.remove(id)
        })
      },
      method: 'POST',
      path: new RegExp(`^${V2}/delete_multiple$`),
    },
    {
      access: 'full',
      handle: ({params: [volumeId, linkId]}) => ({...success, Revisions: [...file(volumeId, linkId).revisions.values()].map((found) => revisionFields(found))}),
      method: 'GET',
      path: new RegExp(`^${V2}/files/${ID}/revisions$`),
    },
    {access: 'full', handle: createRevision, method: 'POST', path: new RegExp(`^${V2}/files/${ID}/revisions$`)},
    {access: 'full', handle: revision, method: 'GET', path: new RegExp(`^${V2}/files/${ID}/revisions/${ID}$`)},
    {access: 'full', handle: commit, method: 'PUT', path: new RegExp(`^${V2}/files/${ID}/revisions/${ID}$`)},
    {
      access: 'full',
      // The SDK's deleteDraftRevision writes its path with a leading "/" after the base URL's: "//drive/…".
      handle: ({params: [volumeId, linkId, revisionId]}) => {
        const link = file(volumeId, linkId)
        const found = store.revision(link, revisionId)
        if (found.State === REVISION_STATE.ACTIVE) throw invalid('The active revision cannot be deleted')
        store.dropBlocks(found)
        link.revisions.delete(found.ID)
        return success
      },
      method: 'DELETE',
      path: new RegExp(`^/?/drive/v2/volumes/${ID}/files/${ID}/revisions/${ID}$`),
    },
    {access: 'full', handle: createDraft, method: 'POST', path: new RegExp(`^${V2}/files$`)},
    {
      access: 'full',
      handle: ({params: [volumeId, linkId, revisionId]}) => {
        const link = file(volumeId, linkId)
        const found = store.revision(link, revisionId)
        if (found.State !== REVISION_STATE.DRAFT) throw invalid('The revision is already committed')
        return {...success, ContentKeyPacket: link.ContentKeyPacket, VerificationCode: found.verificationCode.toString('base64')}
      },
      method: 'GET',
      path: new RegExp(`^${V2}/links/${ID}/revisions/${ID}/verification$`),
    },
    {access: 'full', handle: requestBlocks, method: 'POST', path: /^\/drive\/blocks$/},
    // The storage server: the block is the form field "Block" (upload/apiService.ts uploadBlock), the answer its bytes.
    {
      access: 'none',
      handle: ({body, headers}) => {
        const block = formParts(headers['content-type'], body).get('Block')
        if (!block) throw invalid('The form field Block is required')
        store.putBlock(storageToken(headers), block)
        return success
      },
      method: 'POST',
      path: new RegExp(`^${STORAGE_PATH}$`),
    },
    {access: 'none', handle: ({headers}) => new RawAnswer(store.getBlock(storageToken(headers))), method: 'GET', path: new RegExp(`^${STORAGE_PATH}$`)},
  ]
}

function storageToken(headers: RouteRequest['headers']): string | undefined {
  const value = headers[STORAGE_TOKEN_HEADER]
  return typeof value === 'string' ? value : undefined
}
