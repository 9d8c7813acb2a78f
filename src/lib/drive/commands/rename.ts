/** proton drive rename PATH NEW_NAME: the node keeps its place, its name is encrypted anew. */
import {onDrive} from '../client.ts'
import {isNameTaken, nameTaken} from '../failures.ts'
import {childNamed, givenPath, resolveNode, shown} from '../nodes.ts'
import {showPlans} from '../plan.ts'
import {printable} from '../../core/escape.ts'
import {usageError} from '../../core/errors.ts'
import {plainCommand} from '../../run/plain-command.ts'
import {DRIVE_PATHS, readOneId} from '../../run/given-ids.ts'

export const driveRename = plainCommand<{dryRun: boolean; path: string; name: string}>({
  options: (line) => ({dryRun: line.boolean('dry-run'), name: line.arg('name'), path: line.arg('path')}),
  async run(invocation, {dryRun, name, path: given}) {
    if (name.includes('/') || name === '' || name === '.' || name === '..') throw usageError(`${JSON.stringify(printable(name))} is not a name (to move a node, see "drive mv")`)
    const path = await readOneId(invocation, given, DRIVE_PATHS, () => undefined)
    const taken = (node: {name?: string; uid: string}) => nameTaken(printable(name), 'nothing renamed', `in the folder of ${shown(node)}`)
    const node = await onDrive(invocation, async ({client}) => {
      const found = await resolveNode(client, givenPath(invocation.context.cacheDir, path))
      if (dryRun) {
        const sibling = found.parentUid === undefined ? undefined : await childNamed(client, found.parentUid, name)
        if (sibling && sibling.uid !== found.uid) throw taken(found)
        return showPlans(invocation, [{data: {action: 'rename', name, uid: found.uid}, line: `rename ${shown(found)} to ${printable(name)}`}])
      }

      await client.renameNode(found.uid, name).catch((error: unknown) => {
        throw isNameTaken(error) ? taken(found) : error
      })
      return found
    })
    if (node) invocation.note(`Renamed ${shown(node)} to ${printable(name)}.`)
  },
})
