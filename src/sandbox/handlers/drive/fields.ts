/**
 * Reading the fields of a drive request body as the service checks them: present, of the right type, armored
 * where the service wants armor (it parses PGP messages, signatures and keys before it stores them).
 */
import type {JsonObject} from '../../backend/validation.ts'
import {type DriveOwner, type DriveStore, invalid, type Link} from '../../backend/drive-store.ts'

/** The largest text field accepted: a key, a passphrase, a name or extended attributes are a few KiB at most. */
const MAX_FIELD_CHARS = 64 * 1024
/** The SDK sends at most 100 link IDs a request (nodes/apiService.ts API_NODES_BATCH_SIZE). */
export const MAX_LINK_IDS = 100

export function text(body: JsonObject, name: string): string {
  const value = body[name]
  if (typeof value !== 'string' || value === '' || value.length > MAX_FIELD_CHARS) throw invalid(`${name} must be a non-empty string of at most ${MAX_FIELD_CHARS} characters`)
  return value
}

export function optionalText(body: JsonObject, name: string): string | null {
  return body[name] === undefined || body[name] === null ? null : text(body, name)
}

type Armor = 'MESSAGE' | 'PRIVATE KEY BLOCK' | 'SIGNATURE'

export function armored(body: JsonObject, name: string, kind: Armor): string {
  const value = text(body, name)
  if (!value.trimStart().startsWith(`-----BEGIN PGP ${kind}-----`)) throw invalid(`${name} must be an armored PGP ${kind.toLowerCase()}`)
  return value
}

export function optionalArmored(body: JsonObject, name: string, kind: Armor): string | null {
  return body[name] === undefined || body[name] === null ? null : armored(body, name, kind)
}

export function base64(body: JsonObject, name: string): string {
  const value = text(body, name)
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value)) throw invalid(`${name} must be base64`)
  return value
}

/** A lookup hash: the HMAC-SHA256 of the name in hex (nodes/cryptoService generateLookupHash). */
export function lookupHash(body: JsonObject, name: string): string {
  const value = text(body, name)
  if (!/^[0-9a-f]{64}$/.test(value)) throw invalid(`${name} must be 64 lowercase hex digits`)
  return value
}

export function linkIds(body: JsonObject): string[] {
  const ids = body.LinkIDs
  if (!Array.isArray(ids) || ids.length === 0 || ids.length > MAX_LINK_IDS || !ids.every((id) => typeof id === 'string' && id !== '')) {
    throw invalid(`LinkIDs must hold 1 to ${MAX_LINK_IDS} link IDs`)
  }

  return ids as string[]
}

/** A signing email: one of the account's own addresses (the service refuses another's). */
export function ownEmail(body: JsonObject, name: string, emails: ReadonlySet<string>): string {
  const value = text(body, name)
  if (!emails.has(value.toLowerCase())) throw invalid(`${name} must be one of your addresses`)
  return value
}

export function optionalOwnEmail(body: JsonObject, name: string, emails: ReadonlySet<string>): string | null {
  return body[name] === undefined || body[name] === null ? null : ownEmail(body, name, emails)
}

/**
 * What a request for a new node (a folder, a file's draft) names: its body, the parent folder on the user's
 * volume, a lookup hash free in that folder (else Code 2500), and the signer, one of the user's own addresses.
 */
export function newChild(store: DriveStore, owner: () => DriveOwner, volumeId: string, json: () => JsonObject, signerField: string): {body: JsonObject; parent: Link; hash: string; email: string} {
  store.volume(volumeId)
  const body = json()
  const {emails} = owner()
  const parent = store.folder(text(body, 'ParentLinkID'))
  const hash = lookupHash(body, 'Hash')
  store.checkNameFree(parent.LinkID, hash)
  return {body, email: ownEmail(body, signerField, emails), hash, parent}
}
