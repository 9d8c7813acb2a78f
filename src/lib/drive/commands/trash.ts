/**
 * proton drive trash PATH…, drive trash list, drive trash restore PATH…,
 * drive trash empty: the SDK's trashNodes, iterateTrashedNodes,
 * restoreNodes and emptyTrash. A trashed node is named by the path it had,
 * by its name as "trash list" shows it, or by its UID.
 */
import type {ProtonDriveClient} from '@protontech/drive-sdk'

import {onDrive} from '../client.ts'
import {givenPath, type NodeView, nodeView, notFound, pathNames, resolveFolder, resolveNode, shown} from '../nodes.ts'
import {showPlans} from '../plan.ts'
import {reportResults} from '../results.ts'
import {printable} from '../../core/escape.ts'
import {tableStyle} from '../../output/table-style.ts'
import {nodeData, nodesListing, sortNodes} from '../views/drive-nodes.ts'
import {printData, writeListing} from '../../run/printer.ts'
import {usageError} from '../../core/errors.ts'
import {confirmWhat} from '../../run/per-id.ts'
import {plainCommand} from '../../run/plain-command.ts'
import {DRIVE_PATHS, readIds} from '../../run/given-ids.ts'

const atLeastOne = (paths: readonly string[], verb: string) => {
  if (paths.length === 0) throw usageError(`give at least one PATH to ${verb}`)
}

async function trashed(client: ProtonDriveClient): Promise<NodeView[]> {
  const nodes: NodeView[] = []
  for await (const node of client.iterateTrashedNodes()) nodes.push(nodeView(node))
  return sortNodes(nodes)
}

/**
 * A trashed node by UID; by the path it had (a "/" in it: its folder, which is not in the trash, and its name);
 * or by name, when one trashed node has it (several: the one that was in My Files itself, if one was).
 */
async function trashedNode(client: ProtonDriveClient, nodes: readonly NodeView[], given: string): Promise<NodeView> {
  const byUid = nodes.find((node) => node.uid === given)
  if (byUid) return byUid
  const names = pathNames(given)
  const name = names.pop()
  if (name === undefined) throw usageError('give a trashed node: the path it had, its name or its UID')
  const inFolder = async (folderPath: string) => {
    const folder = await resolveFolder(client, folderPath)
    return nodes.filter((node) => node.name === name && node.parentUid === folder.uid)
  }

  let named = nodes.filter((node) => node.name === name)
  if (names.length > 0) named = await inFolder(names.join('/'))
  else if (named.length > 1) named = await inFolder('')
  if (named.length === 1) return named[0]
  if (named.length === 0) throw notFound(`no ${printable(given)} in the drive trash (see "drive trash list")`)
  throw usageError(`${named.length} nodes in the trash are named ${printable(given)}: give one's UID (${named.map((node) => node.uid).join(', ')})`)
}

export const driveTrash = plainCommand<{dryRun: boolean; paths: readonly string[]}>({
  options: (line) => ({dryRun: line.boolean('dry-run'), paths: line.line.argv}),
  async run(invocation, {dryRun, paths: given}) {
    atLeastOne(given, 'move to the trash')
    // "-" reads paths from standard input, one a line.
    const paths = await readIds(invocation, given, DRIVE_PATHS)
    await onDrive(invocation, async ({client, http}) => {
      const nodes = []
      for (const path of paths) nodes.push(await resolveNode(client, givenPath(invocation.context.cacheDir, path)))
      if (dryRun)
        return showPlans(
          invocation,
          nodes.map((node) => ({data: {action: 'trash', uid: node.uid}, line: `move ${shown(node)} to the trash`})),
        )
      await reportResults(invocation, http, nodes, client.trashNodes(nodes.map((node) => node.uid)), 'moved to the trash')
    })
  },
})

export const driveTrashList = plainCommand<Record<string, never>>({
  options: () => ({}),
  async run(invocation) {
    const nodes = await onDrive(invocation, ({client}) => trashed(client))
    if (invocation.flags.output !== 'text')
      return printData(
        invocation,
        nodes.map((node) => nodeData(node)),
        () => '',
      )
    writeListing(invocation, nodesListing(nodes, tableStyle(invocation.io), {trash: true}))
  },
})

export const driveTrashRestore = plainCommand<{dryRun: boolean; paths: readonly string[]}>({
  options: (line) => ({dryRun: line.boolean('dry-run'), paths: line.line.argv}),
  async run(invocation, {dryRun, paths: given}) {
    atLeastOne(given, 'restore')
    const paths = await readIds(invocation, given, DRIVE_PATHS)
    await onDrive(invocation, async ({client, http}) => {
      const inTrash = await trashed(client)
      const nodes = []
      for (const path of paths) nodes.push(await trashedNode(client, inTrash, givenPath(invocation.context.cacheDir, path)))
      if (dryRun)
        return showPlans(
          invocation,
          nodes.map((node) => ({data: {action: 'restore', uid: node.uid}, line: `restore ${shown(node)} from the trash`})),
        )
      await reportResults(invocation, http, nodes, client.restoreNodes(nodes.map((node) => node.uid)), 'restored')
    })
  },
})

export const driveTrashEmpty = plainCommand<{dryRun: boolean; yes: boolean}>({
  options: (line) => ({dryRun: line.boolean('dry-run'), yes: line.boolean('yes')}),
  async run(invocation, {dryRun, yes}) {
    if (dryRun) {
      const nodes = await onDrive(invocation, ({client}) => trashed(client))
      return showPlans(
        invocation,
        nodes.map((node) => ({data: {action: 'delete', uid: node.uid}, line: `delete ${shown(node)} for good`})),
      )
    }

    await confirmWhat('every node in the drive trash for good', 'nothing', yes)
    await onDrive(invocation, ({client}) => client.emptyTrash())
    invocation.note('Emptied the drive trash.')
  },
})
