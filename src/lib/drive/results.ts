/**
 * The SDK's answers for a batch (moveNodes, trashNodes, restoreNodes:
 * NodeResult per node, src/interface/nodes.ts): a note per node done, an
 * error line per node not done, and the gravest exit status.
 */
import type {NodeResult} from '@protontech/drive-sdk'

import {CliFailure, oneLine} from '../core/errors.ts'
import {EXIT, type ExitStatus, gravest} from '../core/exit-status.ts'
import type {Invocation} from '../run/invocation.ts'
import {driveFailure} from './failures.ts'
import type {DriveHttp} from './http.ts'
import {type NodeView, shown} from './nodes.ts'

/** Report each result (`done`: "trashed"), then end with the gravest status when any failed. */
export async function reportResults(invocation: Invocation, http: DriveHttp, nodes: readonly NodeView[], results: AsyncIterable<NodeResult>, done: string): Promise<void> {
  const byUid = new Map(nodes.map((node) => [node.uid, node]))
  const statuses: ExitStatus[] = []
  const seen = new Set<string>()
  for await (const result of results) {
    const node = byUid.get(result.uid)
    const what = node ? shown(node) : result.uid
    seen.add(result.uid)
    if (result.ok) {
      invocation.note(`${what}: ${done}`)
      continue
    }

    const failure = driveFailure(result.error, undefined, what)
    statuses.push(failure instanceof CliFailure ? failure.exitStatus : EXIT.USAGE)
    invocation.io.stderr.write(`Error: ${oneLine(failure.message)}\n`)
  }

  // A node the SDK said nothing about was not done either (the batch stopped).
  for (const node of nodes.filter((candidate) => !seen.has(candidate.uid))) {
    statuses.push(http.failure instanceof CliFailure ? http.failure.exitStatus : EXIT.UNAVAILABLE)
    invocation.io.stderr.write(`Error: ${shown(node)}: not ${done}\n`)
  }

  const status = gravest(statuses)
  if (status !== EXIT.OK) invocation.exit(status)
}
