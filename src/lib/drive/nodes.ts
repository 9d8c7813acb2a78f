/**
 * Drive's files and folders as the commands see them: the SDK's nodes
 * (MaybeNode, src/interface/nodes.ts: a node, or a "degraded" one some
 * part of which did not decrypt or verify) flattened to what is printed,
 * and PATH arguments resolved to nodes. A path is a chain of decrypted
 * names under My Files ("Documents/notes.txt"; "/" alone or "" is My Files
 * itself); a node UID (VOLUME~LINK, as --output json shows it) names a node
 * directly, and so does the "~LINK" a terminal's table shows for it (givenPath). A name of either shape is
 * given as a path: "./a~b", "./~notes".
 */
import type {MaybeNode, NodeEntity, ProtonDriveClient} from '@protontech/drive-sdk'

import {cutStem, listedNodeUid, wholeId} from '../files/last-listing.ts'
import {printable} from '../core/escape.ts'
import {CliFailure, usageError} from '../core/errors.ts'
import {EXIT} from '../core/exit-status.ts'

/** A node UID of the SDK (src/internal/uids.ts makeNodeUid): two IDs joined by "~". */
const NODE_UID = /^[\w=-]+~[\w=-]+$/

export type Kind = 'file' | 'folder' | 'album' | 'photo'

/** A node as printed: what decrypted, and why the rest did not. */
export interface NodeView {
  uid: string
  parentUid?: string
  /** The decrypted name; undefined when it did not decrypt (see problems). */
  name?: string
  kind: Kind
  /** The file's size as its author claims it (encrypted metadata), else the size stored. */
  size?: number
  modified: Date
  trashed?: Date
  revisionUid?: string
  /** Whose key signed the node, its name and its content: an email, or why it is not verified. */
  signatures: {key: string; name: string; content?: string}
  /** The address the active revision's content is signed by, verified or claimed; null when anonymous (the node key). */
  contentSigner?: string | null
  /** What did not decrypt or verify. */
  problems: string[]
}

const describeError = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === 'object' && error !== null && 'error' in error ? String((error as {error: unknown}).error) : String(error)

type Author = NodeEntity['keyAuthor']

/** Whose keys verify the content, as the SDK picks them (src/internal/download/cryptoService.ts getRevisionVerificationKeys). */
const contentSigner = (author: Author): string | null => (author.ok ? author.value : author.error.claimedAuthor) || null

/** "verified (EMAIL)", or "NOT verified (…)": an author as the SDK reports it. */
export function authorText(author: Author): string {
  if (author.ok) return author.value === null ? 'verified (anonymous)' : `verified (${author.value})`
  const claimed = author.error.claimedAuthor ? `${author.error.claimedAuthor}: ` : ''
  return `NOT verified (${claimed}${author.error.error})`
}

export function nodeView(maybe: MaybeNode): NodeView {
  const node = maybe.ok ? maybe.value : maybe.error
  const problems: string[] = []
  let name: string | undefined
  if (typeof node.name === 'string') name = node.name
  else if (node.name.ok) name = node.name.value
  else problems.push(`name: ${describeError(node.name.error)}`)

  const revisionResult = maybe.ok ? (maybe.value.activeRevision ? {ok: true as const, value: maybe.value.activeRevision} : undefined) : maybe.error.activeRevision
  const revision = revisionResult?.ok ? revisionResult.value : undefined
  if (revisionResult && !revisionResult.ok) problems.push(`revision: ${describeError(revisionResult.error)}`)
  if (!maybe.ok) for (const error of maybe.error.errors ?? []) problems.push(describeError(error))
  return {
    kind: node.type as Kind,
    modified: revision?.claimedModificationTime ?? node.modificationTime,
    name,
    parentUid: node.parentUid,
    problems,
    revisionUid: revision?.uid,
    contentSigner: revision ? contentSigner(revision.contentAuthor) : undefined,
    signatures: {content: revision ? authorText(revision.contentAuthor) : undefined, key: authorText(node.keyAuthor), name: authorText(node.nameAuthor)},
    size: revision ? (revision.claimedSize ?? revision.storageSize) : undefined,
    trashed: node.trashTime,
    uid: node.uid,
  }
}

/** How a message names a node: its name escaped, else its UID. */
export function shown(node: Pick<NodeView, 'name' | 'uid'>): string {
  return node.name === undefined ? node.uid : printable(node.name)
}

/** A node asked for that is not there: exit 3. */
export function notFound(message: string): CliFailure {
  return new CliFailure(message, EXIT.NOT_FOUND)
}

/** The children of a folder, as views. */
export async function children(client: ProtonDriveClient, folderUid: string): Promise<NodeView[]> {
  const found: NodeView[] = []
  for await (const child of client.iterateFolderChildren(folderUid)) found.push(nodeView(child))
  return found
}

/** The path's names, empty for My Files itself ("", "/", "."). */
export function pathNames(path: string): string[] {
  const names = path.split('/').filter((name) => name !== '' && name !== '.')
  if (names.includes('..')) throw usageError(`${JSON.stringify(printable(path))}: ".." is not followed in a drive path`)
  return names
}

/** The folder's child of that name, not trashed, if any. */
export async function childNamed(client: ProtonDriveClient, folderUid: string, name: string): Promise<NodeView | undefined> {
  return (await children(client, folderUid)).find((child) => child.name === name && !child.trashed)
}

/** How a message names a PATH given: "My Files" for My Files itself, else the path, escaped. */
export function pathShown(path: string): string {
  return pathNames(path).length === 0 ? 'My Files' : printable(path)
}

/**
 * PATH as given, or the whole UID that a table's "~LINK" (cut with "…" or not) or a UID cut with "…" stands for
 * (last-listing.ts: the UIDs of the last listing of nodes on a terminal).
 */
export function givenPath(cacheDir: string, given: string): string {
  const listed = listedNodeUid(cacheDir, given)
  if (listed !== undefined) return listed
  return given.includes('~') && cutStem(given) !== undefined ? wholeId(cacheDir, 'node', given) : given
}

/** PATH (or a node UID) to its node; a missing one is exit 3, naming the part that is missing. */
export async function resolveNode(client: ProtonDriveClient, path: string): Promise<NodeView> {
  if (NODE_UID.test(path)) {
    const node = nodeView(
      await client.getNode(path).catch((error: unknown) => {
        throw notFound(`no drive node ${path} (${describeError(error)})`)
      }),
    )
    if (node.trashed) throw notFound(`drive node ${path} is in the trash (see "drive trash list")`)
    return node
  }

  let current = nodeView(await client.getMyFilesRootFolder())
  const names = pathNames(path)
  for (const [index, name] of names.entries()) {
    if (current.kind !== 'folder') throw usageError(`${printable(names.slice(0, index).join('/'))} is a file, not a folder`)
    const match = await childNamed(client, current.uid, name)
    if (!match) throw notFound(`no ${printable(names.slice(0, index + 1).join('/'))} in My Files`)
    current = match
  }

  return current
}

/** A PATH that must be a folder (a destination). */
export async function resolveFolder(client: ProtonDriveClient, path: string): Promise<NodeView> {
  const node = await resolveNode(client, path)
  if (node.kind !== 'folder') throw usageError(`${printable(path)} is not a folder`)
  return node
}

/** Where a new node goes: its parent folder and its name (the last name of PATH). */
export async function parentAndName(client: ProtonDriveClient, path: string): Promise<{parent: NodeView; name: string}> {
  const names = pathNames(path)
  const name = names.pop()
  if (name === undefined) throw usageError(`${JSON.stringify(printable(path))} names My Files itself: give a name under it`)
  return {name, parent: await resolveFolder(client, names.join('/'))}
}
