/** proton drive info PATH: one node's size, revision and what its signatures say. */
import {onDrive} from '../drive/client.ts'
import {resolveNode} from '../drive/nodes.ts'
import {byteSize} from '../output/byte-size.ts'
import {printable} from '../output/escape.ts'
import {nodeData} from '../output/views/drive-nodes.ts'
import {printData} from '../runtime/printer.ts'
import {plainCommand} from '../runtime/plain-command.ts'

export const driveInfo = plainCommand<{path: string}>({
  options: (line) => ({path: line.arg('path')}),
  async run(invocation, {path}) {
    const node = await onDrive(invocation, ({client}) => resolveNode(client, path))
    await printData(invocation, nodeData(node), () =>
      [
        ['Name', node.name === undefined ? '(undecryptable)' : printable(node.name)],
        ['UID', node.uid],
        ['Kind', node.kind],
        ['Size', node.size === undefined ? undefined : `${byteSize(node.size)} (${node.size} bytes)`],
        ['Modified', node.modified.toISOString()],
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
