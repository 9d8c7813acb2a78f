/**
 * proton drive trash PATH…, drive trash list, drive trash restore PATH…,
 * drive trash empty: the SDK's trashNodes, iterateTrashedNodes,
 * restoreNodes and emptyTrash. A trashed node is named as "trash list"
 * shows it: its name, or its UID when two share a name.
 */
import type {ProtonDriveClient} from '@protontech/drive-sdk'

import {onDrive} from '../drive/client.ts'
import {type NodeView, nodeView, notFound, resolveNode} from '../drive/nodes.ts'
import {reportResults} from '../drive/results.ts'
import {printable} from '../output/escape.ts'
import {tableStyle} from '../output/table-style.ts'
import {nodeData, nodesListing, sortNodes} from '../output/views/drive-nodes.ts'
import {printData, writeListing} from '../runtime/printer.ts'
import {usageError} from '../runtime/errors.ts'
import {confirmWhat} from '../runtime/per-id.ts'
import {plainCommand} from '../runtime/plain-command.ts'

const atLeastOne = (paths: readonly string[], verb: string) => {
  if (paths.length === 0) throw usageError(`give at least one PATH to ${verb}`)
}

async function trashed(client: ProtonDriveClient): Promise<NodeView[]> {
  const nodes: NodeView[] = []
  for await (const node of client.iterateTrashedNodes()) nodes.push(nodeView(node))
  return sortNodes(nodes)
}

/** A trashed node by UID, or by name when one trashed node has it. */
function trashedNode(nodes: readonly NodeView[], given: string): NodeView {
  const byUid = nodes.find((node) => node.uid === given)
  if (byUid) return byUid
  const named = nodes.filter((node) => node.name === given)
  if (named.length === 1) return named[0]
  if (named.length === 0) throw notFound(`no ${printable(given)} in the drive trash (see "drive trash list")`)
  throw usageError(`${named.length} nodes in the trash are named ${printable(given)}: give one's UID (${named.map((node) => node.uid).join(', ')})`)
}

export const driveTrash = plainCommand<{paths: readonly string[]}>({
  options: (line) => ({paths: line.line.argv}),
  async run(invocation, {paths}) {
    atLeastOne(paths, 'move to the trash')
    await onDrive(invocation, async ({client, http}) => {
      const nodes = []
      for (const path of paths) nodes.push(await resolveNode(client, path))
      await reportResults(invocation, http, nodes, client.trashNodes(nodes.map((node) => node.uid)), 'moved to the trash')
    })
  },
})

export const driveTrashList = plainCommand<Record<string, never>>({
  options: () => ({}),
  async run(invocation) {
    const nodes = await onDrive(invocation, ({client}) => trashed(client))
    if (invocation.flags.output !== 'text') return printData(invocation, nodes.map((node) => nodeData(node)), () => '')
    writeListing(invocation, nodesListing(nodes, tableStyle(invocation.io), {trash: true}))
  },
})

export const driveTrashRestore = plainCommand<{paths: readonly string[]}>({
  options: (line) => ({paths: line.line.argv}),
  async run(invocation, {paths}) {
    atLeastOne(paths, 'restore')
    await onDrive(invocation, async ({client, http}) => {
      const inTrash = await trashed(client)
      const nodes = paths.map((path) => trashedNode(inTrash, path))
      await reportResults(invocation, http, nodes, client.restoreNodes(nodes.map((node) => node.uid)), 'restored')
    })
  },
})

export const driveTrashEmpty = plainCommand<{yes: boolean}>({
  options: (line) => ({yes: line.boolean('yes')}),
  async run(invocation, {yes}) {
    await confirmWhat('every node in the drive trash for good', 'nothing', yes)
    await onDrive(invocation, ({client}) => client.emptyTrash())
    invocation.note('Emptied the drive trash.')
  },
})
