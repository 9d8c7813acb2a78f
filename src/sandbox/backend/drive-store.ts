/**
 * The sandbox's drive: one volume (the user's own), its My Files share and its links (folders, files and their
 * revisions and blocks), kept as the client sent them. Nothing here decrypts: names, keys, passphrases, signatures
 * and blocks are stored and served back; the checks are those the service can make without keys (lookup hashes
 * unique in a folder, the tree's shape, states, a block's SHA-256 and verifier token, sizes).
 *
 * States and types as go-proton-api link_types.go (LinkType, LinkState, RevisionState) and @protontech/drive-sdk
 * src/internal/nodes/apiService.ts read them: link Type 1 folder, 2 file; link State 0 draft, 1 active,
 * 2 trashed; revision State 0 draft, 1 active, 2 obsolete.
 */
import {createHash, createHmac, randomBytes, timingSafeEqual} from 'node:crypto'

import {CODE} from '../../lib/contract/contract.ts'
import {SandboxError} from './api-error.ts'
import {newId} from './ids.ts'
import {DRIVE_FIXTURE} from '../fixtures/drive-fixture.ts'
import {RequestRecorder} from './drive-recorder.ts'

export const LINK_TYPE = {FILE: 2, FOLDER: 1} as const
export const LINK_STATE = {ACTIVE: 1, DRAFT: 0, TRASHED: 2} as const
export const REVISION_STATE = {ACTIVE: 1, DRAFT: 0, OBSOLETE: 2} as const
/** The SDK's verifier: VerificationCode XOR the first 32 bytes of the encrypted block (upload/cryptoService.ts verifyBlock). */
const VERIFICATION_CODE_BYTES = 32
/** The SDK cuts files in blocks of 4 MiB (upload/streamUploader.ts FILE_CHUNK_SIZE); encryption adds a little. */
export const MAX_BLOCK_BYTES = 4 * 1024 * 1024 + 64 * 1024
/** All blocks together, so a runaway upload cannot take the machine's memory. */
export const MAX_STORED_BYTES = 2 * 1024 ** 3
/** ErrorCode.INSUFFICIENT_QUOTA (drive-sdk src/internal/apiService/errorCodes.ts). */
const INSUFFICIENT_QUOTA = 200_001

export interface Block {
  Index: number
  Hash: string
  EncSignature: string
  Size: number
  SignatureEmail: string
  verifier: Buffer
  data?: Buffer
}

export interface Revision {
  ID: string
  State: number
  CreateTime: number
  SignatureEmail: string
  XAttr: string | null
  ManifestSignature: string | null
  ClientUID: string | null
  verificationCode: Buffer
  blocks: Map<number, Block>
}

export interface Link {
  LinkID: string
  ParentLinkID: string | null
  Type: number
  State: number
  Name: string
  NameHash: string | null
  CreateTime: number
  ModifyTime: number
  TrashTime: number | null
  SignatureEmail: string
  NameSignatureEmail: string
  NodeKey: string
  NodePassphrase: string
  NodePassphraseSignature: string
  /** Folders: the hash key and extended attributes. */
  NodeHashKey: string | null
  XAttr: string | null
  /** Files: the media type, content key packet and its signature, revisions. */
  MIMEType: string | null
  ContentKeyPacket: string | null
  ContentKeyPacketSignature: string | null
  revisions: Map<string, Revision>
}

export interface Share {
  ShareID: string
  VolumeID: string
  LinkID: string
  AddressID: string
  AddressKeyID: string | null
  Creator: string
  Key: string
  Passphrase: string
  PassphraseSignature: string
  CreateTime: number
}

/** The account's own address, which the share belongs to and whose emails may sign. */
export interface DriveOwner {
  addressId: string
  email: string
  emails: ReadonlySet<string>
}

/** What POST /__sandbox/drive/tamper may change. */
export const TAMPER_PARTS = ['block', 'content-key', 'key', 'manifest', 'name-author', 'node-key'] as const
export type TamperPart = (typeof TAMPER_PARTS)[number]

export function invalid(message: string): SandboxError {
  return new SandboxError(422, CODE.INVALID_REQUIREMENT_ERROR, message)
}

export function notFound(message: string): SandboxError {
  return new SandboxError(422, CODE.NOT_FOUND_ERROR, message)
}

/** A block's storage token: what it is for, signed with the store's secret (so the store keeps no token table). */
interface TokenClaim {
  kind: 'get' | 'put'
  linkId: string
  revisionId: string
  index: number
}

export class DriveStore {
  share?: Share
  readonly links = new Map<string, Link>()
  readonly eventId = newId()
  /** The bodies of the drive requests received (recorder.ts). */
  readonly requests = new RequestRecorder()
  private readonly secret = randomBytes(32)
  private storedBytes = 0
  private readonly clock: () => number
  private readonly owner: () => DriveOwner

  constructor(clock: () => number, owner: () => DriveOwner) {
    this.clock = clock
    this.owner = owner
    this.seed()
  }

  private now(): number {
    return Math.floor(this.clock() / 1000)
  }

  /** The fixture's volume (scripts/generate-sandbox-drive.js), its share on the account's primary address. */
  private seed(): void {
    const {links, share, volumeId} = DRIVE_FIXTURE
    const created = links[0].CreateTime
    this.share = {...share, AddressID: this.owner().addressId, AddressKeyID: null, CreateTime: created, Creator: DRIVE_FIXTURE.email, VolumeID: volumeId}
    for (const seeded of links) {
      const {File: file, ...fields} = seeded as typeof seeded & {File?: (typeof links)[2]['File']; NodeHashKey?: string; XAttr?: string}
      const link: Link = {
        ...fields,
        ContentKeyPacket: file?.ContentKeyPacket ?? null,
        ContentKeyPacketSignature: file?.ContentKeyPacketSignature ?? null,
        MIMEType: file?.MIMEType ?? null,
        NodeHashKey: fields.NodeHashKey ?? null,
        revisions: new Map(),
        State: LINK_STATE.ACTIVE,
        TrashTime: null,
        XAttr: file ? null : (fields.XAttr ?? null),
      }
      if (file) {
        const {Blocks, ID, ManifestSignature, XAttr} = file.Revision
        const blocks = new Map<number, Block>()
        for (const {Data, EncSignature, Hash, Index, Size} of Blocks) {
          const data = Buffer.from(Data, 'base64')
          this.storedBytes += data.length
          blocks.set(Index, {data, EncSignature, Hash, Index, SignatureEmail: DRIVE_FIXTURE.email, Size, verifier: Buffer.alloc(0)})
        }

        link.revisions.set(ID, {
          blocks,
          ClientUID: null,
          CreateTime: created,
          ID,
          ManifestSignature,
          SignatureEmail: DRIVE_FIXTURE.email,
          State: REVISION_STATE.ACTIVE,
          verificationCode: randomBytes(VERIFICATION_CODE_BYTES),
          XAttr,
        })
      }

      this.links.set(link.LinkID, link)
    }
  }

  /** The user's volume, or the answer the service gives a user who has none (2501, which the SDK reads as "create one"). */
  myFiles(): Share {
    if (!this.share) throw notFound('Volume not found')
    return this.share
  }

  /** A volume of this user, by ID: the only one. */
  volume(volumeId: string): Share {
    const share = this.myFiles()
    if (share.VolumeID !== volumeId) throw notFound('Volume not found')
    return share
  }

  /** Forget the volume (a user who never opened Drive), or put the seeded one back. */
  reset(withVolume: boolean): void {
    this.share = undefined
    this.links.clear()
    this.storedBytes = 0
    if (withVolume) this.seed()
  }

  /** POST /drive/volumes: a new volume, its share and root folder, as the client made them. One volume per user. */
  createVolume(fields: {
    AddressID: string
    AddressKeyID: string
    Share: Record<'Key' | 'Passphrase' | 'PassphraseSignature', string>
    Root: Omit<Link, 'CreateTime' | 'LinkID' | 'ModifyTime' | 'revisions' | 'State' | 'TrashTime'>
  }): Share {
    if (this.share) throw new SandboxError(422, CODE.ALREADY_EXISTS_ERROR, 'A volume already exists')
    const owner = this.owner()
    if (fields.AddressID !== owner.addressId) throw invalid('AddressID must be one of your addresses')
    const now = this.now()
    const root: Link = {...fields.Root, CreateTime: now, LinkID: newId(), ModifyTime: now, revisions: new Map(), State: LINK_STATE.ACTIVE, TrashTime: null}
    this.links.set(root.LinkID, root)
    this.share = {...fields.Share, AddressID: fields.AddressID, AddressKeyID: fields.AddressKeyID, CreateTime: now, Creator: owner.email, LinkID: root.LinkID, ShareID: newId(), VolumeID: newId()}
    return this.share
  }

  link(linkId: string): Link {
    const link = this.links.get(linkId)
    if (!link) throw notFound('Link not found')
    return link
  }

  /** An active folder, to list or to put things in. */
  folder(linkId: string): Link {
    const link = this.link(linkId)
    if (link.Type !== LINK_TYPE.FOLDER) throw new SandboxError(422, 2001, 'The link is not a folder')
    if (link.State !== LINK_STATE.ACTIVE) throw notFound('Folder not found')
    return link
  }

  children(parentId: string): Link[] {
    return [...this.links.values()].filter((link) => link.ParentLinkID === parentId)
  }

  /** An active or draft sibling already named so (its lookup hash), as the service refuses it: 2500 with the conflict's IDs. */
  checkNameFree(parentId: string, hash: string, except?: string): void {
    const taken = this.children(parentId).find((link) => link.NameHash === hash && link.LinkID !== except && link.State !== LINK_STATE.TRASHED)
    if (!taken) return
    const draft = [...taken.revisions.values()].find((revision) => revision.State === REVISION_STATE.DRAFT)
    const active = this.activeRevision(taken)
    throw new SandboxError(
      422,
      CODE.ALREADY_EXISTS_ERROR,
      'A file or folder with that name already exists',
      {},
      {
        ConflictLinkID: taken.LinkID,
        ...(active ? {ConflictRevisionID: active.ID} : {}),
        ...(draft ? {ConflictDraftClientUID: draft.ClientUID, ConflictDraftRevisionID: draft.ID} : {}),
      },
    )
  }

  activeRevision(link: Link): Revision | undefined {
    return [...link.revisions.values()].find((revision) => revision.State === REVISION_STATE.ACTIVE)
  }

  /** Whether `linkId` is `ancestorId` or lies under it. */
  isWithin(linkId: string, ancestorId: string): boolean {
    for (let current: string | null = linkId, steps = 0; current !== null && steps <= this.links.size; steps += 1) {
      if (current === ancestorId) return true
      current = this.links.get(current)?.ParentLinkID ?? null
    }

    return false
  }

  addLink(fields: Omit<Link, 'CreateTime' | 'LinkID' | 'ModifyTime' | 'revisions' | 'TrashTime'>): Link {
    const now = this.now()
    const link: Link = {...fields, CreateTime: now, LinkID: newId(), ModifyTime: now, revisions: new Map(), TrashTime: null}
    this.links.set(link.LinkID, link)
    return link
  }

  addRevision(link: Link, fields: {ClientUID: string | null; SignatureEmail: string}): Revision {
    const revision: Revision = {
      ...fields,
      blocks: new Map(),
      CreateTime: this.now(),
      ID: newId(),
      ManifestSignature: null,
      State: REVISION_STATE.DRAFT,
      verificationCode: randomBytes(VERIFICATION_CODE_BYTES),
      XAttr: null,
    }
    link.revisions.set(revision.ID, revision)
    return revision
  }

  revision(link: Link, revisionId: string): Revision {
    const revision = link.revisions.get(revisionId)
    if (!revision) throw notFound('Revision not found')
    return revision
  }

  /** Remove a link, what lies under it and their blocks. */
  remove(linkId: string): void {
    for (const child of this.children(linkId)) this.remove(child.LinkID)
    const link = this.links.get(linkId)
    if (!link) return
    for (const revision of link.revisions.values()) this.dropBlocks(revision)
    this.links.delete(linkId)
  }

  dropBlocks(revision: Revision): void {
    for (const block of revision.blocks.values()) this.storedBytes -= block.data?.length ?? 0
    revision.blocks.clear()
  }

  touch(link: Link): void {
    link.ModifyTime = this.now()
  }

  trash(link: Link): void {
    link.State = LINK_STATE.TRASHED
    link.TrashTime = this.now()
  }

  // Block storage: tokens name what they allow and are signed, the blocks are kept whole.

  token(claim: TokenClaim): string {
    const payload = Buffer.from(JSON.stringify([claim.kind, claim.linkId, claim.revisionId, claim.index])).toString('base64url')
    return `${payload}.${createHmac('sha256', this.secret).update(payload).digest('base64url')}`
  }

  private claim(token: string | undefined, kind: TokenClaim['kind']): TokenClaim {
    const [payload = '', mac = ''] = (token ?? '').split('.')
    const expected = createHmac('sha256', this.secret).update(payload).digest()
    const given = Buffer.from(mac, 'base64url')
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new SandboxError(403, 2011, 'Invalid storage token')
    const [claimKind, linkId, revisionId, index] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as [string, string, string, number]
    if (claimKind !== kind) throw new SandboxError(403, 2011, 'Invalid storage token')
    return {index, kind, linkId, revisionId}
  }

  private block(claim: TokenClaim): {block: Block; revision: Revision} {
    const revision = this.revision(this.link(claim.linkId), claim.revisionId)
    const block = revision.blocks.get(claim.index)
    if (!block) throw notFound('Block not found')
    return {block, revision}
  }

  /**
   * A block's bytes arrive (the storage server's POST): the revision still a draft, the block requested, its size,
   * SHA-256 and verifier token those announced (the service's check that the client could decrypt what it sends).
   */
  putBlock(token: string | undefined, data: Buffer): void {
    const {block, revision} = this.block(this.claim(token, 'put'))
    if (revision.State !== REVISION_STATE.DRAFT) throw invalid('The revision is already committed')
    if (data.length !== block.Size) throw invalid(`The block has ${data.length} bytes, ${block.Size} were announced`)
    if (createHash('sha256').update(data).digest('base64') !== block.Hash) throw invalid('The block does not match its hash')
    const expected = Buffer.from(revision.verificationCode.map((value, index) => value ^ (data[index] ?? 0)))
    if (!expected.equals(block.verifier)) throw invalid('The block verifier token does not match')
    const growth = data.length - (block.data?.length ?? 0)
    if (this.storedBytes + growth > MAX_STORED_BYTES) throw new SandboxError(422, INSUFFICIENT_QUOTA, 'The sandbox stores at most 2 GiB of blocks')
    this.storedBytes += growth
    block.data = Buffer.from(data)
  }

  /** A block's bytes (the storage server's GET), for a token an answer gave. */
  getBlock(token: string | undefined): Buffer {
    const {block} = this.block(this.claim(token, 'get'))
    if (!block.data) throw notFound('Block not uploaded')
    return block.data
  }

  /**
   * A test's control. `block`: change one byte of a stored block of the file's active revision, so that its hash
   * (and the manifest) no longer match. `manifest` / `key`: put in place of the revision's manifest signature, or of
   * the node passphrase's signature, another link's (a valid signature by the same key over other data).
   * `content-key`: another file's content key packet in place of this one's (encrypted to another node key).
   * `name-author`: the name said signed by sandbox@proton.test (whose key did not sign it). `node-key`: the node key
   * armored anew, with an armor header: the same key, another record (as a key the service changed is to a client).
   */
  tamper(linkId: string, part: TamperPart, index = 1): void {
    const link = this.link(linkId)
    const revision = this.activeRevision(link)
    const others = [...this.links.values()].filter((other) => other.LinkID !== linkId)
    if (part === 'name-author') {
      link.NameSignatureEmail = 'sandbox@proton.test'
      return
    }

    if (part === 'node-key') {
      link.NodeKey = link.NodeKey.replace(/^(-----BEGIN PGP PRIVATE KEY BLOCK-----\r?\n)/, '$1Comment: armored anew\n')
      return
    }

    if (part === 'content-key') {
      const other = others.find((candidate) => candidate.ContentKeyPacket !== null && candidate.ContentKeyPacket !== link.ContentKeyPacket)
      if (!other) throw notFound('No other content key packet to swap in')
      link.ContentKeyPacket = other.ContentKeyPacket
      return
    }

    if (part === 'key') {
      const other = others.find((candidate) => candidate.NodePassphraseSignature !== link.NodePassphraseSignature)
      if (!other) throw notFound('No other signature to swap in')
      link.NodePassphraseSignature = other.NodePassphraseSignature
      return
    }

    if (!revision) throw notFound('The link has no active revision')
    if (part === 'manifest') {
      const other = others.map((candidate) => this.activeRevision(candidate)?.ManifestSignature).find((signature) => signature && signature !== revision.ManifestSignature)
      if (!other) throw notFound('No other manifest signature to swap in')
      revision.ManifestSignature = other
      return
    }

    const data = revision.blocks.get(index)?.data
    if (!data || data.length === 0) throw notFound('No such stored block')
    data[data.length - 1] ^= 0xff
  }
}
