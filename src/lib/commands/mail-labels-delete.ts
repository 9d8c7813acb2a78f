/**
 * proton mail labels delete ID…: each in turn, DELETE /core/v4/labels/<id>
 * (go-proton-api label.go DeleteLabel, WebClients api/labels.ts
 * deleteLabel); the exit status is the first failure's.
 */
import {show, showDryRun, tryCall} from '../runtime/dedicated.ts'
import type {PlannedRequest} from '../request/dry-run.ts'
import {EXIT, type ExitStatus} from '../runtime/exit-status.ts'
import {pathId} from '../request/path-segment.ts'
import {plainCommand} from '../runtime/plain-command.ts'
import {LABELS_PATH} from './mail-labels-list.ts'

export const mailLabelsDelete = plainCommand<{dryRun: boolean; ids: readonly string[]}>({
  options: (line) => ({dryRun: line.boolean('dry-run'), ids: line.line.argv}),
  async run(invocation, {dryRun, ids}) {
    const requests: PlannedRequest[] = ids.map((id) => ({method: 'DELETE', path: `${LABELS_PATH}/${pathId(id, 'a label ID')}`}))
    if (dryRun) return showDryRun(invocation, requests)
    const {stdout} = invocation.io
    const {output} = invocation.flags
    // Several answers in json or yaml: a stream of documents, one per ID.
    const several = requests.length > 1
    let status: ExitStatus = EXIT.OK
    for (const [index, request] of requests.entries()) {
      const id = ids[index]
      if (several && output === 'yaml') stdout.write('---\n')
      const outcome = await tryCall(invocation, request)
      if (typeof outcome === 'number') {
        if (status === EXIT.OK) status = outcome
      } else {
        await show(invocation, outcome, () => id)
        invocation.note(`Deleted ${id}.`)
      }

      if (several && output === 'json') stdout.write('\n')
    }

    if (status !== EXIT.OK) invocation.exit(status)
  },
})
