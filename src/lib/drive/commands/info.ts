/**
 * proton drive info PATH: one node's size, revision and what its signatures say, the manifest signature over its
 * blocks' hashes included (manifest.ts); whether each block matches its hash is checked only by drive download.
 */
import {onDrive} from '../client.ts'
import {manifestCheck} from '../manifest.ts'
import {givenPath, resolveNode} from '../nodes.ts'
import {byteSize} from '../../output/byte-size.ts'
import {timeText} from '../../output/dates.ts'
import {printable} from '../../core/escape.ts'
import {nodeData} from '../views/drive-nodes.ts'
import {printData} from '../../run/printer.ts'
import {plainCommand} from '../../run/plain-command.ts'
import {DRIVE_PATHS, readOneId} from '../../run/given-ids.ts'

export const driveInfo = plainCommand<{path: string}>({
  options: (line) => ({path: line.arg('path')}),
  async run(invocation, {path: given}) {
    // "-": the path (or UID) on standard input.
    const path = await readOneId(invocation, given, DRIVE_PATHS, () => undefined)
    const {manifest, node} = await onDrive(invocation, async (drive) => {
      const found = await resolveNode(drive.client, givenPath(invocation.context.cacheDir, path))
      const revision = found.kind === 'file' ? found.revisionUid : undefined
      return {manifest: revision === undefined ? undefined : await manifestCheck(drive, revision, found.contentSigner), node: found}
    })
    await printData(invocation, {...nodeData(node), manifestSignature: manifest ?? null}, () =>
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
        // The revision's extended attributes (its claimed size and times), not the content.
        ['Attributes signature', node.signatures.content === undefined ? undefined : printable(node.signatures.content)],
        // The manifest signature over the listed blocks' hashes, as drive download checks it at its end.
        ['Manifest signature', manifest === undefined ? undefined : printable(manifest)],
        ['Content', node.kind === 'file' ? "each block's hash is checked only by drive download, which refuses a file that fails" : undefined],
        ...node.problems.map((problem) => ['Problem', printable(problem)]),
      ]
        .filter(([, value]) => value !== undefined)
        .map(([label, value]) => `${label}: ${value}`)
        .join('\n'),
    )
  },
})
