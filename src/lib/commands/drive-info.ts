/** proton drive info PATH: one node's size, revision and what its signatures say. */
import {onDrive} from '../drive/client.ts'
import {givenPath, resolveNode} from '../drive/nodes.ts'
import {byteSize} from '../output/byte-size.ts'
import {timeText} from '../output/dates.ts'
import {printable} from '../output/escape.ts'
import {nodeData} from '../output/views/drive-nodes.ts'
import {printData} from '../runtime/dedicated.ts'
import {plainCommand} from '../runtime/plain-command.ts'

export const driveInfo = plainCommand<{path: string}>({
  options: (line) => ({path: line.arg('path')}),
  async run(invocation, {path}) {
    const node = await onDrive(invocation, ({client}) => resolveNode(client, givenPath(invocation.context.cacheDir, path)))
    await printData(invocation, nodeData(node), () =>
      [
        ['Name', node.name === undefined ? '(undecryptable)' : printable(node.name)],
        ['UID', node.uid],
        ['Kind', node.kind],
        ['Size', node.size === undefined ? undefined : `${byteSize(node.size)} (${node.size} bytes)`],
        // One date form with drive ls (piped): the local ISO 8601 date-time with its offset, to the second.
        ['Modified', timeText(Math.floor(node.modified.getTime() / 1000))],
        ['Revision', node.revisionUid],
        ['Key signature', printable(node.signatures.key)],
        ['Name signature', printable(node.signatures.name)],
        ['Content signature', node.signatures.content === undefined ? undefined : printable(node.signatures.content)],
        ...node.problems.map((problem) => ['Problem', printable(problem)]),
      ]
        .filter(([, value]) => value !== undefined)
        .map(([label, value]) => `${label}: ${value}`)
        .join('\n'),
    )
  },
})
