/** proton drive rename PATH NEW_NAME: the node keeps its place, its name is encrypted anew. */
import {onDrive} from '../drive/client.ts'
import {resolveNode, shown} from '../drive/nodes.ts'
import {printable} from '../output/escape.ts'
import {usageError} from '../runtime/errors.ts'
import {plainCommand} from '../runtime/plain-command.ts'
import {DRIVE_PATHS, readOneId} from './given-ids.ts'

export const driveRename = plainCommand<{path: string; name: string}>({
  options: (line) => ({name: line.arg('name'), path: line.arg('path')}),
  async run(invocation, {name, path: given}) {
    if (name.includes('/') || name === '' || name === '.' || name === '..') throw usageError(`${JSON.stringify(printable(name))} is not a name (to move a node, see "drive mv")`)
    const path = await readOneId(invocation, given, DRIVE_PATHS, () => undefined)
    const node = await onDrive(invocation, async ({client}) => {
      const found = await resolveNode(client, path)
      await client.renameNode(found.uid, name)
      return found
    })
    invocation.note(`Renamed ${shown(node)} to ${printable(name)}.`)
  },
})
