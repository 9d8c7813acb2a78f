/** proton drive info PATH: one node's size, revision and what its signatures say (its content is checked only by drive download). */
import {onDrive} from '../drive/client.ts'
import {givenPath, resolveNode} from '../drive/nodes.ts'
import {byteSize} from '../output/byte-size.ts'
import {timeText} from '../output/dates.ts'
import {printable} from '../output/escape.ts'
import {nodeData} from '../output/views/drive-nodes.ts'
import {printData} from '../runtime/printer.ts'
import {plainCommand} from '../runtime/plain-command.ts'
import {DRIVE_PATHS, readOneId} from './given-ids.ts'

export const driveInfo = plainCommand<{path: string}>({
  options: (line) => ({path: line.arg('path')}),
  async run(invocation, {path: given}) {
    // "-": the path (or UID) on standard input.
    const path = await readOneId(invocation, given, DRIVE_PATHS, () => undefined)
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
        // The revision's extended attributes (its claimed size and times), not the content: that is checked block by
        // block, and by the manifest signature, only as it is downloaded (transfer.ts downloadInto).
        ['Attributes signature', node.signatures.content === undefined ? undefined : printable(node.signatures.content)],
        ['Content', node.kind === 'file' ? "not checked here: drive download checks each block's hash and the manifest signature over them, and refuses a file that fails" : undefined],
        ...node.problems.map((problem) => ['Problem', printable(problem)]),
      ]
        .filter(([, value]) => value !== undefined)
        .map(([label, value]) => `${label}: ${value}`)
        .join('\n'),
    )
  },
})
