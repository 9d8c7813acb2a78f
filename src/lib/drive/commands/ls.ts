/** proton drive ls [PATH]: the folder's children (or the file itself), decrypted by the SDK. */
import {children, givenPath, resolveNode} from '../nodes.ts'
import {onDrive} from '../client.ts'
import {printData, writeListing} from '../../run/printer.ts'
import {plainCommand} from '../../run/plain-command.ts'
import {nodeData, nodesListing, sortNodes} from '../views/drive-nodes.ts'
import {tableStyle} from '../../output/table-style.ts'

export const driveLs = plainCommand<{path: string}>({
  options: (line) => ({path: line.optionalArg('path') ?? ''}),
  async run(invocation, {path}) {
    const nodes = await onDrive(invocation, async ({client}) => {
      const node = await resolveNode(client, givenPath(invocation.context.cacheDir, path))
      return sortNodes(node.kind === 'folder' ? (await children(client, node.uid)).filter((child) => !child.trashed) : [node])
    })
    if (invocation.flags.output !== 'text')
      return printData(
        invocation,
        nodes.map((node) => nodeData(node)),
        () => '',
      )
    writeListing(invocation, nodesListing(nodes, tableStyle(invocation.io)))
  },
})
