/** `drive volumes` as text: space in binary units, times as local date-times. */
import {bytesText, cellText, idText} from '../cells.ts'
import {timeText} from '../dates.ts'
import type {JsonValue} from '../json-value.ts'
import {isRecord, listOf} from '../records.ts'
import {renderTable} from '../table.ts'

export function volumesText(data: JsonValue | undefined): string {
  const rows = listOf(data, 'Volumes').map((volume) => [
    idText(volume.VolumeID ?? volume.ID),
    cellText(volume.State),
    bytesText(volume.UsedSpace),
    bytesText(volume.MaxSpace),
    timeText(volume.CreateTime),
    idText(isRecord(volume.Share) ? volume.Share.ShareID : undefined),
  ])
  return renderTable(['ID', 'STATE', 'USED', 'MAX', 'CREATED', 'SHARE'], rows)
}
