import {Args} from '@oclif/core'

import {dryRunFlag, DedicatedCommand} from '../../../../lib/runtime/dedicated-command.ts'
import type {PlannedRequest} from '../../../../lib/request/dry-run.ts'
import {EXIT, type ExitStatus} from '../../../../lib/runtime/exit-status.ts'
import {checkId} from '../../../../lib/request/input-checks.ts'

export default class MailLabelsDelete extends DedicatedCommand<typeof MailLabelsDelete> {
  static override summary = 'Delete labels or folders by ID (DELETE /mail/v4/labels/<label_id>).'

  static override description = `Each ID is deleted in turn. Text output: each deleted ID on stdout, a confirmation on stderr. An ID that fails gets its error line and the others still go; the exit status is then the first failure's (3 for an ID that does not exist).`

  static override examples = [
    '<%= config.bin %> <%= command.id %> <label_id>',
    '<%= config.bin %> <%= command.id %> <label_id> <other_label_id>',
    '<%= config.bin %> <%= command.id %> <label_id> --dry-run',
  ]

  static override strict = false

  static override args = {
    id: Args.string({description: 'Label or folder ID; several may follow', required: true}),
  }

  static override flags = {
    'dry-run': dryRunFlag,
  }

  public async run(): Promise<void> {
    const requests: PlannedRequest[] = this.positionals.map((id) => ({
      method: 'DELETE',
      path: `/mail/v4/labels/${encodeURIComponent(checkId(id, 'a label ID'))}`,
    }))
    if (this.flags['dry-run']) return this.showDryRun(requests)
    // Several answers in json or yaml: a stream of documents, one per ID.
    const several = requests.length > 1
    let status: ExitStatus = EXIT.OK
    for (const [index, request] of requests.entries()) {
      const id = this.positionals[index]
      if (several && this.flags.output === 'yaml') process.stdout.write('---\n')
      const outcome = await this.tryCall(request)
      if (typeof outcome === 'number') {
        if (status === EXIT.OK) status = outcome
      } else {
        await this.show(outcome, () => id)
        this.note(`Deleted ${id}.`)
      }

      if (several && this.flags.output === 'json') process.stdout.write('\n')
    }

    if (status !== EXIT.OK) this.exit(status)
  }
}
