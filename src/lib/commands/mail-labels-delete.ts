/**
 * proton mail labels delete ID…: each in turn, DELETE /core/v4/labels/<id>
 * (go-proton-api label.go DeleteLabel, WebClients api/labels.ts
 * deleteLabel); an API error leaves the others to go on, the network, the
 * timeout or a signal stops there (runtime/per-id.ts stoppedAt); the exit
 * status is the gravest of all.
 */
import {show, showDryRun, tryCall} from '../runtime/dedicated.ts'
import type {PlannedRequest} from '../request/dry-run.ts'
import {CliFailure} from '../runtime/errors.ts'
import {EXIT, type ExitStatus, gravest} from '../runtime/exit-status.ts'
import {interruptSignal} from '../runtime/interrupt.ts'
import {interruptedBefore, stoppedAt} from '../runtime/per-id.ts'
import {checkId} from '../request/input-checks.ts'
import {plainCommand} from '../runtime/plain-command.ts'
import {LABELS_PATH} from './mail-labels-list.ts'

export const mailLabelsDelete = plainCommand<{dryRun: boolean; ids: readonly string[]}>({
  options: (line) => ({dryRun: line.boolean('dry-run'), ids: line.line.argv}),
  async run(invocation, {dryRun, ids}) {
    const requests: PlannedRequest[] = ids.map((id) => ({method: 'DELETE', path: `${LABELS_PATH}/${encodeURIComponent(checkId(id, 'a label ID'))}`}))
    if (dryRun) return showDryRun(invocation, requests)
    const {stdout} = invocation.io
    const {output} = invocation.flags
    // Several answers in json or yaml: a stream of documents, one per ID.
    const several = requests.length > 1
    const signal = interruptSignal()
    let status: ExitStatus = EXIT.OK
    for (const [index, request] of requests.entries()) {
      const id = ids[index]
      if (signal.aborted) return invocation.exit(interruptedBefore(invocation, ids.slice(index)))
      if (several && output === 'yaml') stdout.write('---\n')
      let outcome: Awaited<ReturnType<typeof tryCall>>
      try {
        outcome = await tryCall(invocation, request)
      } catch (error) {
        if (!(error instanceof CliFailure) || error.exitStatus === EXIT.AUTH) throw error
        return invocation.exit(gravest([status, stoppedAt(invocation, `label ${id}`, error, ids.slice(index + 1))]))
      }

      if (typeof outcome === 'number') {
        status = gravest([status, outcome])
      } else {
        await show(invocation, outcome, () => id)
        invocation.note(`Deleted ${id}.`)
      }

      if (several && output === 'json') stdout.write('\n')
    }

    if (status !== EXIT.OK) invocation.exit(status)
  },
})
