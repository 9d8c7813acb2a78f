/**
 * The drive answers' shapes, as @protontech/drive-sdk 0.9.9 reads them (src/internal/apiService/driveTypes.ts;
 * go-proton-api link_types.go, link_file_types.go, link_folder_types.go): a share, a link with its folder or file part, a revision, and the
 * per-link batch answer.
 */
import {CODE} from '../../../lib/contract/contract.ts'
import {SandboxError} from '../../backend/api-error.ts'
import type {JsonObject} from '../../backend/validation.ts'
import {type DriveStore, invalid, LINK_TYPE, type Link, type Revision, type Share} from '../../backend/drive-store.ts'

export const success = {Code: CODE.SINGLE_SUCCESS}

export function encryptedSize(revision: Revision): number {
  let size = 0
  for (const block of revision.blocks.values()) size += block.Size
  return size
}

export function shareFields(share: Share): JsonObject {
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
export function linkDetails(store: DriveStore, link: Link): JsonObject {
  const active = store.activeRevision(link)
  const {
    ContentKeyPacket,
    ContentKeyPacketSignature,
    CreateTime,
    LinkID,
    MIMEType,
    ModifyTime,
    Name,
    NameHash,
    NameSignatureEmail,
    NodeHashKey,
    NodeKey,
    NodePassphrase,
    NodePassphraseSignature,
    ParentLinkID,
    SignatureEmail,
    State,
    TrashTime,
    Type,
    XAttr,
  } = link
  let total = 0
  for (const revision of link.revisions.values()) total += encryptedSize(revision)
  return {
    File:
      Type === LINK_TYPE.FILE
        ? {
            ActiveRevision: active
              ? {
                  CreateTime: active.CreateTime,
                  EncryptedSize: encryptedSize(active),
                  ManifestSignature: active.ManifestSignature,
                  RevisionID: active.ID,
                  SignatureEmail: active.SignatureEmail,
                  Thumbnails: [],
                  XAttr: active.XAttr,
                }
              : null,
            ContentKeyPacket,
            ContentKeyPacketSignature,
            MediaType: MIMEType,
            TotalEncryptedSize: total,
          }
        : null,
    Folder: Type === LINK_TYPE.FOLDER ? {NodeHashKey, XAttr} : null,
    Link: {
      CreateTime,
      DirectPermissions: null,
      LinkID,
      ModifyTime,
      Name,
      NameHash,
      NameSignatureEmail,
      NodeKey,
      NodePassphrase,
      NodePassphraseSignature,
      ParentLinkID,
      SignatureEmail,
      State,
      TrashTime,
      Type,
    },
    Membership: null,
    // The share a root folder belongs to: the SDK takes its parent key from it (nodesAccess.ts getParentKeys).
    Sharing: store.share?.LinkID === LinkID ? {ShareID: store.share.ShareID, ShareURLID: null} : null,
  }
}

/** A revision as GET …/files/{id}/revisions[/{id}] answers it; with its blocks (and their storage URLs) when asked. */
export function revisionFields(revision: Revision): JsonObject {
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
export function perLink(ids: string[], act: (id: string) => void): JsonObject {
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

export function page(query: URLSearchParams, name: string, fallback: number, max: number): number {
  const given = query.get(name)
  if (given === null) return fallback
  const value = /^\d{1,9}$/.test(given) ? Number(given) : Number.NaN
  if (!(value <= max)) throw invalid(`${name} must be an integer from 0 to ${max}`)
  return value
}
