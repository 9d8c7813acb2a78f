import {DedicatedCommand} from '../../../lib/runtime/dedicated-command.ts'
import {volumesText} from '../../../lib/output/views/volumes.ts'

export default class DriveVolumes extends DedicatedCommand<typeof DriveVolumes> {
  static override summary = 'List drive volumes (GET /drive/volumes).'

  static override description = 'Text output: volume ID, state, used and maximum space (binary units), creation time and share ID.'

  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    "<%= config.bin %> <%= command.id %> --output json | jq '.Volumes[0].UsedSpace'",
  ]

  public async run(): Promise<void> {
    const answer = await this.call({method: 'GET', path: '/drive/volumes'})
    await this.show(answer, volumesText)
  }
}
