/**
 * proton drive upload FILE… [DEST]: each local file into the folder DEST
 * (default My Files) under its own name, as cp takes its arguments: with
 * two or more, the last is DEST. The new nodes' UIDs on stdout, one a line.
 */
import {basename} from 'node:path'

import {onDrive} from '../drive/client.ts'
import {resolveFolder, shown} from '../drive/nodes.ts'
import {localFile, upload} from '../drive/transfer.ts'
import {printable} from '../output/escape.ts'
import {usageError} from '../runtime/errors.ts'
import {plainCommand} from '../runtime/plain-command.ts'

export const driveUpload = plainCommand<{paths: readonly string[]}>({
  options: (line) => ({paths: line.line.argv}),
  async run(invocation, {paths}) {
    if (paths.length === 0) throw usageError('give at least one FILE to upload')
    const files = paths.length === 1 ? paths : paths.slice(0, -1)
    const destination = paths.length === 1 ? '' : (paths.at(-1) as string)
    // Every local file is checked before anything is sent.
    for (const file of files) await localFile(file)
    await onDrive(invocation, async ({client}) => {
      const folder = await resolveFolder(client, destination)
      for (const file of files) {
        const node = await upload(invocation, client, file, folder.uid, basename(file))
        invocation.io.stdout.write(`${node.uid}\n`)
        invocation.note(`Uploaded ${printable(file)} to ${destination === '' ? 'My Files' : printable(destination)} as ${shown(node)}.`)
      }
    })
  },
})
