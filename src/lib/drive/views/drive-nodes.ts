/**
 * Drive nodes as a list (table-style.ts): name, kind, size, modified, UID (on a terminal "~LINK");
 * and as data for --output json / yaml. Names are the service's (decrypted):
 * wholeCell escapes their control characters; one that did not decrypt shows
 * as "(undecryptable)" with its UID.
 */
import type {NodeView} from '../nodes.ts'
import {bytesText} from '../../output/cells.ts'
import {type Listing, type TableStyle, timeCell, wholeCell} from '../../output/table-style.ts'

const seconds = (date: Date | undefined) => (date === undefined ? undefined : Math.floor(date.getTime() / 1000))

/** Folders first, then by name (code point order: the same on every machine). */
export function sortNodes(nodes: readonly NodeView[]): NodeView[] {
  const key = (node: NodeView) => `${node.kind === 'folder' ? 0 : 1}${node.name ?? ''}`
  return [...nodes].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0))
}

/**
 * A UID as a terminal's table shows it: "~LINK", without the volume ID that every node of My Files shares and
 * that a cut would leave alone; piped, whole. The next command takes it back, cut or not (nodes.ts wholeNodeUid).
 */
function uidCell(style: TableStyle, uid: string): string {
  return style.piped ? uid : `~${uid.slice(uid.indexOf('~') + 1)}`
}

export function nodesListing(nodes: readonly NodeView[], style: TableStyle, {trash = false} = {}): Listing {
  return {
    // A size is never cut (its unit would go); too narrow, the kind goes first (a folder shows no size).
    drop: [1],
    giveFirst: [4],
    header: ['NAME', 'KIND', 'SIZE', trash ? 'TRASHED' : 'MODIFIED', 'UID'],
    ids: nodes.map((node) => node.uid),
    keep: [2, 3],
    kind: 'node',
    rows: nodes.map((node) => [
      node.name === undefined ? '(undecryptable)' : wholeCell(node.name),
      node.kind,
      node.size === undefined ? '' : bytesText(node.size),
      timeCell(style, seconds(trash ? node.trashed : node.modified)),
      wholeCell(uidCell(style, node.uid)),
    ]),
  }
}

/** A node as --output json prints it. */
export function nodeData(node: NodeView): Record<string, unknown> {
  return {
    kind: node.kind,
    modified: node.modified.toISOString(),
    name: node.name ?? null,
    parentUid: node.parentUid ?? null,
    problems: node.problems,
    revisionUid: node.revisionUid ?? null,
    signatures: node.signatures,
    size: node.size ?? null,
    trashed: node.trashed?.toISOString() ?? null,
    uid: node.uid,
  }
}
