/**
 * The drive routes @protontech/drive-sdk 0.9.9 calls (its src/internal/{shares,nodes,upload,download,events}/
 * apiService.ts, whose paths, bodies and read fields these follow; shapes from its apiService/driveTypes.ts and
 * go-proton-api link_types.go, file_types.go, block_types.go), and the storage server's block routes, which the
 * sandbox serves itself on its loopback address (POST and GET /storage/blocks with the pm-storage-token header,
 * as WebClients applications/drive uploads and downloads blocks).
 *
 * Per-link batch answers (trash, restore, delete) are Code 1001 with {LinkID, Response: {Code, Error?}} each.
 */
import {CODE} from '../../contract/contract.ts'
import {SandboxError} from '../api-error.ts'
import {RawAnswer, type Route, type RouteRequest} from '../routes.ts'
import {formParts} from '../send/multipart.ts'
import type {JsonObject} from '../validation.ts'
import {armored, base64, linkIds, lookupHash, optionalArmored, optionalOwnEmail, optionalText, ownEmail, text} from './fields.ts'
import {type Block, type DriveOwner, DriveStore, invalid, LINK_STATE, LINK_TYPE, type Link, MAX_BLOCK_BYTES, notFound, REVISION_STATE, type Revision, type Share} from './store.ts'

const ID = '([^/]+)'
const V2 = `/drive/v2/volumes/${ID}`
export const STORAGE_PATH = '/storage/blocks'
/** A block upload's body: the block and its multipart envelope. */
export const STORAGE_MAX_BODY_BYTES = MAX_BLOCK_BYTES + 64 * 1024
const STORAGE_TOKEN_HEADER = 'pm-storage-token'
/** Children and trash pages, as the service pages them. */
const PAGE_SIZE = 150
/** Block pages of GET revision: the SDK asks for 20 (download/apiService.ts BLOCKS_PAGE_SIZE). */
const MAX_BLOCK_PAGE = 100

const success = {Code: CODE.SINGLE_SUCCESS}

export function encryptedSize(revision: Revision): number {
  let size = 0
  for (const block of revision.blocks.values()) size += block.Size
  return size
}

function shareFields(share: Share): JsonObject {
  return {
    AddressID: share.AddressID,
    AddressKeyID: share.AddressKeyID,
    CreateTime: share.CreateTime,
    Creator: share.Creator,
    CreatorEmail: share.Creator,
    Flags: 1,
    Key: share.Key,
    LinkID: share.LinkID,
    Locked: false,
    Memberships: [],
    Passphrase: share.Passphrase,
    PassphraseSignature: share.PassphraseSignature,
    ShareID: share.ShareID,
    State: 1,
    Type: 1,
    VolumeID: share.VolumeID,
  }
}

/** A link as POST /drive/v2/volumes/{id}/links lists it (nodes/apiService.ts linkToEncryptedNode reads these). */
function linkDetails(store: DriveStore, link: Link): JsonObject {
  const active = store.activeRevision(link)
  const {ContentKeyPacket, ContentKeyPacketSignature, CreateTime, LinkID, MIMEType, ModifyTime, Name, NameHash, NameSignatureEmail, NodeHashKey, NodeKey, NodePassphrase, NodePassphraseSignature, ParentLinkID, SignatureEmail, State, TrashTime, Type, XAttr} = link
  let total = 0
  for (const revision of link.revisions.values()) total += encryptedSize(revision)
  return {
    File:
      Type === LINK_TYPE.FILE
        ? {
            ActiveRevision: active
              ? {CreateTime: active.CreateTime, EncryptedSize: encryptedSize(active), ManifestSignature: active.ManifestSignature, RevisionID: active.ID, SignatureEmail: active.SignatureEmail, Thumbnails: [], XAttr: active.XAttr}
              : null,
            ContentKeyPacket,
            ContentKeyPacketSignature,
            MediaType: MIMEType,
            TotalEncryptedSize: total,
          }
        : null,
    Folder: Type === LINK_TYPE.FOLDER ? {NodeHashKey, XAttr} : null,
    Link: {CreateTime, DirectPermissions: null, LinkID, ModifyTime, Name, NameHash, NameSignatureEmail, NodeKey, NodePassphrase, NodePassphraseSignature, ParentLinkID, SignatureEmail, State, TrashTime, Type},
    Membership: null,
    // The share a root folder belongs to: the SDK takes its parent key from it (nodesAccess.ts getParentKeys).
    Sharing: store.share?.LinkID === LinkID ? {ShareID: store.share.ShareID, ShareURLID: null} : null,
  }
}

/** A revision as GET …/files/{id}/revisions[/{id}] answers it; with its blocks (and their storage URLs) when asked. */
function revisionFields(revision: Revision): JsonObject {
  return {
    ClientUID: revision.ClientUID,
    CreateTime: revision.CreateTime,
    ID: revision.ID,
    ManifestSignature: revision.ManifestSignature,
    SignatureEmail: revision.SignatureEmail,
    Size: encryptedSize(revision),
    State: revision.State,
    Thumbnails: [],
    XAttr: revision.XAttr,
  }
}

/** The batch answer: each link's own Code, so one refusal does not undo the others. */
function perLink(ids: string[], act: (id: string) => void): JsonObject {
  const Responses = ids.map((LinkID) => {
    try {
      act(LinkID)
      return {LinkID, Response: {Code: CODE.SINGLE_SUCCESS}}
    } catch (error) {
      if (!(error instanceof SandboxError)) throw error
      return {LinkID, Response: {Code: error.code, Error: error.message}}
    }
  })
  return {Code: CODE.GLOBAL_SUCCESS, Responses}
}

function page(query: URLSearchParams, name: string, fallback: number, max: number): number {
  const given = query.get(name)
  if (given === null) return fallback
  const value = /^\d{1,9}$/.test(given) ? Number(given) : Number.NaN
  if (!(value <= max)) throw invalid(`${name} must be an integer from 0 to ${max}`)
  return value
}

/**
 * `owner`: the account's primary address (the share's) and its emails; `volumes`: GET /drive/volumes's rows
 * (state.ts: the drive volume beside the seeded photos volume).
 */
export function driveRoutes(store: DriveStore, owner: () => DriveOwner, volumes: () => JsonObject[]): Route[] {
  /** The volume the path names (the user's own), else 2501. */
  const volume = (volumeId: string) => store.volume(volumeId)
  const volumeRow = (share: Share) => volumes().find((row) => row.VolumeID === share.VolumeID) ?? {Share: {LinkID: share.LinkID, ShareID: share.ShareID}, VolumeID: share.VolumeID}
  const file = (volumeId: string, linkId: string) => {
    volume(volumeId)
    const link = store.link(linkId)
    if (link.Type !== LINK_TYPE.FILE) throw new SandboxError(422, 2001, 'The link is not a file')
    return link
  }

  const storageUrl = (request: RouteRequest) => `http://${String(request.headers.host)}${STORAGE_PATH}`

  const createFolder = ({params: [volumeId], ...request}: RouteRequest): JsonObject => {
    volume(volumeId)
    const body = request.json()
    const {emails} = owner()
    const parent = store.folder(text(body, 'ParentLinkID'))
    const hash = lookupHash(body, 'Hash')
    store.checkNameFree(parent.LinkID, hash)
    const email = ownEmail(body, 'SignatureEmail', emails)
    const link = store.addLink({
      ContentKeyPacket: null,
      ContentKeyPacketSignature: null,
      MIMEType: null,
      Name: armored(body, 'Name', 'MESSAGE'),
      NameHash: hash,
      NameSignatureEmail: email,
      NodeHashKey: armored(body, 'NodeHashKey', 'MESSAGE'),
      NodeKey: armored(body, 'NodeKey', 'PRIVATE KEY BLOCK'),
      NodePassphrase: armored(body, 'NodePassphrase', 'MESSAGE'),
      NodePassphraseSignature: armored(body, 'NodePassphraseSignature', 'SIGNATURE'),
      ParentLinkID: parent.LinkID,
      SignatureEmail: email,
      State: LINK_STATE.ACTIVE,
      Type: LINK_TYPE.FOLDER,
      XAttr: optionalArmored(body, 'XAttr', 'MESSAGE'),
    })
    store.touch(parent)
    return {...success, Folder: {ID: link.LinkID}}
  }

  const createDraft = ({params: [volumeId], ...request}: RouteRequest): JsonObject => {
    volume(volumeId)
    const body = request.json()
    const {emails} = owner()
    const parent = store.folder(text(body, 'ParentLinkID'))
    const hash = lookupHash(body, 'Hash')
    store.checkNameFree(parent.LinkID, hash)
    const email = ownEmail(body, 'SignatureAddress', emails)
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
    const url = storageUrl(request)
    const UploadLinks = list.map((item: unknown) => {
      const block = (item ?? {}) as JsonObject
      const index = block.Index
      const size = block.Size
      if (!Number.isInteger(index) || (index as number) < 1) throw invalid('BlockList[].Index must be an integer from 1')
      if (!Number.isInteger(size) || (size as number) < 1 || (size as number) > MAX_BLOCK_BYTES) throw invalid(`BlockList[].Size must be from 1 to ${MAX_BLOCK_BYTES}`)
      const verifier = base64((block.Verifier ?? {}) as JsonObject, 'Token')
      const stored: Block = {EncSignature: armored(block, 'EncSignature', 'MESSAGE'), Hash: base64(block, 'Hash'), Index: index as number, SignatureEmail: revision.SignatureEmail, Size: size as number, verifier: Buffer.from(verifier, 'base64')}
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

  const rename = ({params: [volumeId, linkId], ...request}: RouteRequest): JsonObject => {
    volume(volumeId)
    const link = store.link(linkId)
    const body = request.json()
    const original = optionalText(body, 'OriginalHash')
    if (original !== null && original !== link.NameHash) throw new SandboxError(422, CODE.INVALID_REQUIREMENT_ERROR, 'The name changed meanwhile (OriginalHash)')
    const hash = lookupHash(body, 'Hash')
    if (link.ParentLinkID) store.checkNameFree(link.ParentLinkID, hash, link.LinkID)
    link.Name = armored(body, 'Name', 'MESSAGE')
    link.NameHash = hash
    link.NameSignatureEmail = ownEmail(body, 'NameSignatureEmail', owner().emails)
    store.touch(link)
    return success
  }

  const move = ({params: [volumeId, linkId], ...request}: RouteRequest): JsonObject => {
    volume(volumeId)
    const link = store.link(linkId)
    const body = request.json()
    const {emails} = owner()
    const parent = store.folder(text(body, 'ParentLinkID'))
    if (link.ParentLinkID === null) throw invalid('The root folder cannot be moved')
    if (store.isWithin(parent.LinkID, link.LinkID)) throw invalid('A folder cannot be moved into itself')
    if (text(body, 'OriginalHash') !== link.NameHash) throw new SandboxError(422, CODE.INVALID_REQUIREMENT_ERROR, 'The name changed meanwhile (OriginalHash)')
    const hash = lookupHash(body, 'Hash')
    store.checkNameFree(parent.LinkID, hash, link.LinkID)
    link.Name = armored(body, 'Name', 'MESSAGE')
    link.NodePassphrase = armored(body, 'NodePassphrase', 'MESSAGE')
    link.NodePassphraseSignature = optionalArmored(body, 'NodePassphraseSignature', 'SIGNATURE') ?? link.NodePassphraseSignature
    link.SignatureEmail = optionalOwnEmail(body, 'SignatureEmail', emails) ?? link.SignatureEmail
    link.NameSignatureEmail = optionalOwnEmail(body, 'NameSignatureEmail', emails) ?? link.NameSignatureEmail
    link.NameHash = hash
    link.ParentLinkID = parent.LinkID
    store.touch(link)
    return success
  }

  const restore = (id: string) => {
    const link = store.link(id)
    if (link.State !== LINK_STATE.TRASHED) throw invalid('The link is not in the trash')
    const parent = link.ParentLinkID === null ? undefined : store.links.get(link.ParentLinkID)
    if (!parent || parent.State !== LINK_STATE.ACTIVE) throw invalid('The folder it was in is not there any more')
    if (link.NameHash) store.checkNameFree(parent.LinkID, link.NameHash, link.LinkID)
    link.State = LINK_STATE.ACTIVE
    link.TrashTime = null
  }

  const trashed = () => [...store.links.values()].filter((link) => link.State === LINK_STATE.TRASHED)

  return [
    {
      access: 'full',
      handle: () => {
        const share = store.myFiles()
        return {...success, Link: linkDetails(store, store.link(share.LinkID)), Share: shareFields(share), Volume: {UsedSpace: volumeRow(share).UsedSpace, VolumeID: share.VolumeID}}
      },
      method: 'GET',
      path: /^\/drive\/v2\/shares\/my-files$/,
    },
    {
      access: 'full',
      handle: (request) => {
        const body = request.json()
        const share = store.createVolume({
          AddressID: text(body, 'AddressID'),
          AddressKeyID: text(body, 'AddressKeyID'),
          Root: {
            ContentKeyPacket: null,
            ContentKeyPacketSignature: null,
            MIMEType: null,
            Name: armored(body, 'FolderName', 'MESSAGE'),
            NameHash: null,
            NameSignatureEmail: owner().email,
            NodeHashKey: armored(body, 'FolderHashKey', 'MESSAGE'),
            NodeKey: armored(body, 'FolderKey', 'PRIVATE KEY BLOCK'),
            NodePassphrase: armored(body, 'FolderPassphrase', 'MESSAGE'),
            NodePassphraseSignature: armored(body, 'FolderPassphraseSignature', 'SIGNATURE'),
            ParentLinkID: null,
            SignatureEmail: owner().email,
            Type: LINK_TYPE.FOLDER,
            XAttr: null,
          },
          Share: {Key: armored(body, 'ShareKey', 'PRIVATE KEY BLOCK'), Passphrase: armored(body, 'SharePassphrase', 'MESSAGE'), PassphraseSignature: armored(body, 'SharePassphraseSignature', 'SIGNATURE')},
        })
        return {...success, Volume: volumeRow(share)}
      },
      method: 'POST',
      path: /^\/drive\/volumes$/,
    },
    {access: 'full', handle: () => ({...success, Volumes: volumes()}), method: 'GET', path: /^\/drive\/volumes$/},
    {access: 'full', handle: ({params}) => ({...success, Volume: volumeRow(volume(params[0]))}), method: 'GET', path: new RegExp(`^/drive/volumes/${ID}$`)},
    {
      access: 'full',
      handle: ({params}) => {
        const share = store.myFiles()
        if (share.ShareID !== params[0]) throw notFound('Share not found')
        return {...success, ...shareFields(share)}
      },
      method: 'GET',
      path: new RegExp(`^/drive/shares/${ID}$`),
    },
    {
      access: 'full',
      handle: ({params: [volumeId, linkId], query}) => {
        volume(volumeId)
        const folder = store.folder(linkId)
        const foldersOnly = query.get('FoldersOnly') === '1'
        const listed = store
          .children(folder.LinkID)
          .filter((link) => link.State === LINK_STATE.ACTIVE && (!foldersOnly || link.Type === LINK_TYPE.FOLDER))
          .map((link) => link.LinkID)
        const anchor = query.get('AnchorID')
        const start = anchor ? listed.indexOf(anchor) + 1 : 0
        if (anchor && start === 0) throw invalid('AnchorID is not a child of this folder')
        const LinkIDs = listed.slice(start, start + PAGE_SIZE)
        const More = start + PAGE_SIZE < listed.length
        return {...success, AnchorID: More ? LinkIDs.at(-1) : null, LinkIDs, More}
      },
      method: 'GET',
      path: new RegExp(`^${V2}/folders/${ID}/children$`),
    },
    {
      access: 'full',
      handle: ({params: [volumeId], ...request}) => {
        volume(volumeId)
        const Links = linkIds(request.json())
          .map((id) => store.links.get(id))
          .filter((link): link is Link => link !== undefined)
          .map((link) => linkDetails(store, link))
        return {...success, Links}
      },
      method: 'POST',
      path: new RegExp(`^${V2}/links$`),
    },
    {access: 'full', handle: rename, method: 'PUT', path: new RegExp(`^${V2}/links/${ID}/rename$`)},
    {access: 'full', handle: move, method: 'PUT', path: new RegExp(`^${V2}/links/${ID}/move$`)},
    {access: 'full', handle: createFolder, method: 'POST', path: new RegExp(`^${V2}/folders$`)},
    {
      access: 'full',
      handle: ({params: [volumeId], ...request}) => {
        const share = volume(volumeId)
        return perLink(linkIds(request.json()), (id) => {
          const link = store.link(id)
          if (id === share.LinkID) throw invalid('The root folder cannot be trashed')
          if (link.State !== LINK_STATE.ACTIVE) throw invalid('The link is not active')
          store.trash(link)
        })
      },
      method: 'POST',
      path: new RegExp(`^${V2}/trash_multiple$`),
    },
    {
      access: 'full',
      handle: ({params: [volumeId], query}) => {
        const share = volume(volumeId)
        const number = page(query, 'Page', 0, 1_000_000)
        const items = trashed().slice(number * PAGE_SIZE, (number + 1) * PAGE_SIZE)
        return {...success, Trash: items.length === 0 ? [] : [{LinkIDs: items.map((link) => link.LinkID), ParentIDs: items.map((link) => link.ParentLinkID), ShareID: share.ShareID}]}
      },
      method: 'GET',
      path: new RegExp(`^/drive/volumes/${ID}/trash$`),
    },
    {
      access: 'full',
      handle: ({params: [volumeId]}) => {
        volume(volumeId)
        for (const link of trashed()) store.remove(link.LinkID)
        return success
      },
      method: 'DELETE',
      path: new RegExp(`^/drive/volumes/${ID}/trash$`),
    },
    {
      access: 'full',
      handle: ({params: [volumeId], ...request}) => {
        volume(volumeId)
        return perLink(linkIds(request.json()), restore)
      },
      method: 'PUT',
      path: new RegExp(`^${V2}/trash/restore_multiple$`),
    },
    {
      access: 'full',
      handle: ({params: [volumeId], ...request}) => {
        volume(volumeId)
        return perLink(linkIds(request.json()), (id) => {
          if (store.link(id).State !== LINK_STATE.TRASHED) throw invalid('The link is not in the trash')
          store.remove(id)
        })
      },
      method: 'POST',
      path: new RegExp(`^${V2}/trash/delete_multiple$`),
    },
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
    {
      access: 'full',
      handle: ({params: [volumeId, parentId], ...request}) => {
        volume(volumeId)
        const body = request.json()
        const hashes = body.Hashes
        if (!Array.isArray(hashes) || hashes.length > 150 || !hashes.every((hash) => typeof hash === 'string')) throw invalid('Hashes must hold at most 150 hashes')
        const children = store.children(store.folder(parentId).LinkID).filter((link) => link.State !== LINK_STATE.TRASHED)
        const PendingHashes = children
          .filter((link) => link.State === LINK_STATE.DRAFT && link.NameHash !== null && hashes.includes(link.NameHash))
          .map((link) => {
            const draft = [...link.revisions.values()].find((found) => found.State === REVISION_STATE.DRAFT)
            return {ClientUID: draft?.ClientUID ?? null, Hash: link.NameHash, LinkID: link.LinkID, RevisionID: draft?.ID}
          })
        const AvailableHashes = (hashes as string[]).filter((hash) => !children.some((link) => link.NameHash === hash))
        return {...success, AvailableHashes, PendingHashes}
      },
      method: 'POST',
      path: new RegExp(`^${V2}/links/${ID}/checkAvailableHashes$`),
    },
    {access: 'full', handle: requestBlocks, method: 'POST', path: /^\/drive\/blocks$/},
    // Events: the sandbox keeps no event log; a client that subscribes sees none (and no refresh).
    {
      access: 'full',
      handle: ({params}) => {
        volume(params[0])
        return {...success, EventID: store.eventId}
      },
      method: 'GET',
      path: new RegExp(`^/drive/volumes/${ID}/events/latest$`),
    },
    {
      access: 'full',
      handle: ({params}) => {
        volume(params[0])
        return {...success, EventID: store.eventId, Events: [], More: false, Refresh: false}
      },
      method: 'GET',
      path: new RegExp(`^${V2}/events/${ID}$`),
    },
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
