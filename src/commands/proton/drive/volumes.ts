import {driveVolumes} from '../../../lib/drive/commands/volumes.ts'
import {LISTING_HELP} from '../../../lib/output/table-style.ts'
import {PlainAdapter} from '../../../lib/cli/oclif/plain-adapter.ts'

export default class DriveVolumes extends PlainAdapter<typeof DriveVolumes> {
  static override summary = 'List drive volumes (GET /drive/volumes).'

  static override description = `Text output: volume ID, type (Regular or Photos), state (Active or Locked), used and maximum space (binary units), creation time (CreateTime, else CreationTime) and share ID; a value without a published name shows as its number. ${LISTING_HELP}`

  static override examples = ['<%= config.bin %> <%= command.id %>', "<%= config.bin %> <%= command.id %> --output json | jq '.Volumes[0].UsedSpace'"]

  static override runs = driveVolumes
}
