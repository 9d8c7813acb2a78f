/**
 * proton mail labels delete NAME|PATH|ID…: each in turn, DELETE
 * /core/v4/labels/<id> (go-proton-api label.go DeleteLabel, WebClients
 * api/labels.ts deleteLabel). Labels and folders are named as `mail move
 * --to` and `mail label` name them: a path ("Invoices/2024"), a name, or an
 * ID, looked up with the requests of `mail labels list`; "-" reads them
 * from standard input. Deleting a folder deletes the folders under it (the
 * service does, as the web client warns), so the question counts them; it
 * is asked on a terminal, and without one --yes is needed. An API error
 * leaves the others to go on, the network, the timeout or a signal stops
 * there (run/per-id.ts eachId); the exit status is the gravest of all.
 */
import {canLookUp} from '../../run/api.ts'
import {showDryRun} from '../../run/printer.ts'
import type {PlannedRequest} from '../../run/dry-run.ts'
import {confirmWhat, eachId} from '../../run/per-id.ts'
import {plainCommand} from '../../run/plain-command.ts'
import {pathId} from '../../http/path-segment.ts'
import {idsOf, readIds} from '../../run/given-ids.ts'
import {LABELS_PATH} from './labels-list.ts'
import {allLabels, deletionText, doomed, refuseNoName} from './label-deletion.ts'
import {plural} from '../../output/plural.ts'

const request = (id: string): PlannedRequest => ({method: 'DELETE', path: `${LABELS_PATH}/${pathId(id, 'a label ID')}`})

export const mailLabelsDelete = plainCommand<{dryRun: boolean; names: readonly string[]; yes: boolean}>({
  options: (line) => ({dryRun: line.boolean('dry-run'), names: line.line.argv, yes: line.boolean('yes')}),
  async run(invocation, {dryRun, names, yes}) {
    const given = await readIds(invocation, names, idsOf('label', true))
    for (const each of given) refuseNoName(each)
    // A dry run looks the names up too (GET requests only), when there is a session to ask with.
    const lookUp = !dryRun || (await canLookUp(invocation))
    const labels = lookUp ? await allLabels(invocation) : []
    const targets = lookUp ? given.map((each) => doomed(labels, each)) : given.map((each) => ({below: 0, folder: false, id: each, name: each}))
    for (const target of targets) pathId(target.id, 'a label ID')
    if (dryRun) {
      if (!lookUp) invocation.note('Not checked: the names (not logged in); each is taken as an ID.')
      else for (const target of targets) if (target.below > 0) invocation.note(`Note: deleting folder ${target.name} would delete its ${plural(target.below, 'sub-folder')} too.`)
      return showDryRun(
        invocation,
        targets.map((target) => request(target.id)),
      )
    }

    await confirmWhat(deletionText(targets), targets.length === 1 ? 'nothing' : 'none of them', yes)
    const byId = new Map(targets.map((target) => [target.id, target]))
    await eachId(
      invocation,
      targets.map((target) => target.id),
      {
        done: (id) => {
          const target = byId.get(id)
          const below = target && target.below > 0 ? ` and its ${plural(target.below, 'sub-folder')}` : ''
          return `Deleted ${target?.folder ? 'folder' : 'label'} ${target?.name ?? id}${below}.`
        },
        noun: 'label',
        request,
      },
    )
  },
})
