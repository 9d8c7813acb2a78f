/** proton drive mv PATH… DEST: nodes into the folder DEST (every PATH found first: a missing one moves nothing). */
import {onDrive} from '../client.ts'
import {givenPath, resolveFolder, resolveNode, shown} from '../nodes.ts'
import {showPlans} from '../plan.ts'
import {reportResults} from '../results.ts'
import {usageError} from '../../core/errors.ts'
import {plainCommand} from '../../run/plain-command.ts'
import {DRIVE_PATHS, readIds} from '../../run/given-ids.ts'

export const driveMv = plainCommand<{dryRun: boolean; paths: readonly string[]}>({
  options: (line) => ({dryRun: line.boolean('dry-run'), paths: line.line.argv}),
  async run(invocation, {dryRun, paths}) {
    if (paths.length < 2) throw usageError('give at least one PATH and the folder to move it to (DEST)')
    // "-" among the sources reads paths from standard input, one a line.
    const sources = await readIds(invocation, paths.slice(0, -1), DRIVE_PATHS)
    await onDrive(invocation, async ({client, http}) => {
      const destination = await resolveFolder(client, givenPath(invocation.context.cacheDir, paths.at(-1) as string))
      const nodes = []
      for (const path of sources) nodes.push(await resolveNode(client, givenPath(invocation.context.cacheDir, path)))
      if (dryRun)
        return showPlans(
          invocation,
          nodes.map((node) => ({data: {action: 'move', parentUid: destination.uid, uid: node.uid}, line: `move ${shown(node)} to ${shown(destination)}`})),
        )
      await reportResults(
        invocation,
        http,
        nodes,
        client.moveNodes(
          nodes.map((node) => node.uid),
          destination.uid,
        ),
        `moved to ${shown(destination)}`,
      )
    })
  },
})
