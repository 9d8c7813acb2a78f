/**
 * The drive routes @protontech/drive-sdk 0.9.9 calls (its src/internal/{shares,nodes,events}/apiService.ts, whose
 * paths, bodies and read fields these follow): volumes, the My Files share, folders and their children, link
 * metadata, rename, move, trash, restore and delete, lookup hashes in use, events; uploads, downloads and the block
 * storage are transfers.ts's. Per-link batch answers (trash, restore, delete) are Code 1001 with {LinkID,
 * Response: {Code, Error?}} each.
 */
import {CODE} from '../../../lib/contract/contract.ts'
import {SandboxError} from '../../backend/api-error.ts'
import type {Route, RouteRequest} from '../../backend/route-types.ts'
import type {JsonObject} from '../../backend/validation.ts'
import {linkDetails, page, perLink, shareFields, success} from './answers.ts'
import {armored, linkIds, lookupHash, newChild, optionalArmored, optionalOwnEmail, optionalText, ownEmail, text} from './fields.ts'
import {type DriveOwner, type DriveStore, invalid, LINK_STATE, LINK_TYPE, type Link, notFound, REVISION_STATE, type Share} from '../../backend/drive-store.ts'
import {transferRoutes} from './transfers.ts'

const ID = '([^/]+)'
const V2 = `/drive/v2/volumes/${ID}`
/** Children and trash pages, as the service pages them. */
const PAGE_SIZE = 150

/**
 * `owner`: the account's primary address (the share's) and its emails; `volumes`: GET /drive/volumes's rows
 * (state.ts: the drive volume beside the seeded photos volume).
 */
export function driveRoutes(store: DriveStore, owner: () => DriveOwner, volumes: () => JsonObject[]): Route[] {
  /** The volume the path names (the user's own), else 2501. */
  const volume = (volumeId: string) => store.volume(volumeId)
  const volumeRow = (share: Share) => volumes().find((row) => row.VolumeID === share.VolumeID) ?? {Share: {LinkID: share.LinkID, ShareID: share.ShareID}, VolumeID: share.VolumeID}
  const createFolder = ({params: [volumeId], ...request}: RouteRequest): JsonObject => {
    const {body, email, hash, parent} = newChild(store, owner, volumeId, () => request.json(), 'SignatureEmail')
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
          Share: {
            Key: armored(body, 'ShareKey', 'PRIVATE KEY BLOCK'),
            Passphrase: armored(body, 'SharePassphrase', 'MESSAGE'),
            PassphraseSignature: armored(body, 'SharePassphraseSignature', 'SIGNATURE'),
          },
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
    ...transferRoutes(store, owner),
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
  ]
}
