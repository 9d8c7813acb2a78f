/**
 * The names of the user's Pass vaults and items that shell completion offers (--vault, ITEM). Pass encrypts them end
 * to end, so unlike label names (completion/value-names.ts, kept in clear) they never reach the disk in clear: the
 * commands that decrypt them keep them in <cacheDir>/keys/<profile>.pass-names, sealed as the unlocked keys are
 * (account/key-seal.ts: AES-256-GCM under a key derived from the session's ClientKey, which only the service keeps;
 * 0600 in a 0700 directory of this user's, replaced atomically, read through no link and only when nobody else may
 * read or write it). The associated data holds the session's UID and the profile: once the session ends on the
 * service, or its local key changes, or the file is moved to another profile, nothing opens it (and logout or a new
 * login removes it with the keys' seal: removeSeal). At TAB the hidden
 * `pass names` asks the service for the local key (one request) and prints what opens; anything else prints nothing.
 *
 * The file is written only when the names changed. A name holding a line break or a control character is left out
 * (a completion line is one name), and at most MAX_ITEMS item names are kept.
 */
import {dirname} from 'node:path'

import {openBytes, readPrivateFile, sealBytes, type SealKind, sealPath} from '../account/key-seal.ts'
import {replaceFile} from '../files/atomic-file.ts'
import {ensurePrivateDirectory} from '../files/private-directory.ts'

const KIND: SealKind = {header: Buffer.from('proton-cli sealed pass names v1\n', 'utf8'), info: 'proton-cli pass names v1'}
/** A seal larger than this is not read. */
const MAX_BYTES = 4 * 1024 * 1024
/** Item names kept at most (past that many, completion offers the first ones kept). */
const MAX_ITEMS = 5000

/** Whose names: the seal opens for this session and profile only. */
export interface NamesOwner {
  uid: string
  profile: string
}

const context = ({profile, uid}: NamesOwner) => `${uid}\n${profile}`

/** Vault names by share ID, item names by `<share ID> <item ID>`. */
interface Stored {
  vaults: Map<string, string>
  items: Map<string, string>
}

/** A name a completion line can hold, and a terminal show as it is: no line break, no control, no bidirectional override. */
// eslint-disable-next-line no-control-regex
const usable = (name: string) => name.trim() !== '' && !/[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u2028-\u202E\u2066-\u2069]/.test(name)

function parse(plain: Buffer | undefined): Stored | undefined {
  if (!plain) return undefined
  try {
    const parsed = JSON.parse(plain.toString('utf8')) as {vaults?: unknown; items?: unknown}
    const strings = (record: unknown) =>
      new Map(Object.entries(record !== null && typeof record === 'object' ? record : {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && usable(entry[1])))
    return {items: strings(parsed.items), vaults: strings(parsed.vaults)}
  } catch {
    return undefined
  } finally {
    plain.fill(0)
  }
}

/** The profile's sealed names as stored (undefined when there is no file, or one this tool must not read). */
export function sealedPassNames(cacheDir: string, profile: string): Buffer | undefined {
  return readPrivateFile(sealPath(cacheDir, profile, 'pass-names'), MAX_BYTES)
}

/** The names a seal holds, when it opens with this ClientKey for this session; else undefined. */
export function openPassNames(bytes: Buffer, owner: NamesOwner, clientKey: Buffer): {vaults: string[]; items: string[]} | undefined {
  const stored = parse(openBytes(KIND, bytes, clientKey, context(owner)))
  if (!stored) return undefined
  const sorted = (names: Map<string, string>) => [...new Set(names.values())].sort()
  return {items: sorted(stored.items), vaults: sorted(stored.vaults)}
}

/** A run's view of the sealed names: what the run decrypted is noted, and written back at write() when it changed. */
export class PassNames {
  private readonly path: string
  private readonly stored: Stored
  private readonly before: string
  private readonly owner: NamesOwner
  private readonly clientKey: Buffer

  constructor(cacheDir: string, owner: NamesOwner, clientKey: Buffer) {
    this.owner = owner
    this.clientKey = clientKey
    this.path = sealPath(cacheDir, owner.profile, 'pass-names')
    const bytes = sealedPassNames(cacheDir, owner.profile)
    this.stored = parse(bytes && openBytes(KIND, bytes, clientKey, context(owner))) ?? {items: new Map(), vaults: new Map()}
    this.before = this.text()
  }

  vault(shareId: string, name: string): void {
    if (usable(name)) this.stored.vaults.set(shareId, name)
    else this.stored.vaults.delete(shareId)
  }

  /** Every vault there is: the others are gone, with their items. */
  allVaults(shareIds: readonly string[]): void {
    const listed = new Set(shareIds)
    for (const shareId of this.stored.vaults.keys()) if (!listed.has(shareId)) this.stored.vaults.delete(shareId)
    for (const key of this.stored.items.keys()) if (!listed.has(key.slice(0, key.indexOf(' ')))) this.stored.items.delete(key)
  }

  item(shareId: string, itemId: string, name: string): void {
    const key = `${shareId} ${itemId}`
    if (!usable(name)) this.stored.items.delete(key)
    else if (this.stored.items.has(key) || this.stored.items.size < MAX_ITEMS) this.stored.items.set(key, name)
  }

  /** Whether an item's name is kept (so that a full listing of its vault keeps it). */
  has(shareId: string, itemId: string): boolean {
    return this.stored.items.has(`${shareId} ${itemId}`)
  }

  /** A vault listed whole: its items not among `kept` are gone. */
  allItems(shareId: string, kept: ReadonlySet<string>): void {
    for (const key of this.stored.items.keys()) if (key.startsWith(`${shareId} `) && !kept.has(key.slice(shareId.length + 1))) this.stored.items.delete(key)
  }

  dropItem(shareId: string, itemId: string): void {
    this.stored.items.delete(`${shareId} ${itemId}`)
  }

  dropVault(shareId: string): void {
    this.allVaults([...this.stored.vaults.keys()].filter((listed) => listed !== shareId))
  }

  private text(): string {
    const sorted = (names: Map<string, string>) => Object.fromEntries([...names].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    return JSON.stringify({items: sorted(this.stored.items), vaults: sorted(this.stored.vaults)})
  }

  /** Sealed and written when the names changed; a failure costs only the completion. */
  async write(): Promise<void> {
    const text = this.text()
    if (text === this.before) return
    const plain = Buffer.from(text, 'utf8')
    try {
      ensurePrivateDirectory(dirname(this.path))
      await replaceFile(this.path, sealBytes(KIND, plain, this.clientKey, context(this.owner)), {mode: 0o600})
    } catch {
      // Not kept: TAB offers what it found before.
    } finally {
      plain.fill(0)
    }
  }
}
