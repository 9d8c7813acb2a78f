import {driveVolumes} from '../../../lib/commands/drive-volumes.ts'
import {ProtonCommand} from '../../../lib/runtime/base-command.ts'

export default class DriveVolumes extends ProtonCommand<typeof DriveVolumes> {
  static override summary = 'List drive volumes (GET /drive/volumes).'

  static override description = 'Text output: volume ID, state, used and maximum space (binary units), creation time and share ID.'

  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    "<%= config.bin %> <%= command.id %> --output json | jq '.Volumes[0].UsedSpace'",
  ]

  static override runs = driveVolumes
}
