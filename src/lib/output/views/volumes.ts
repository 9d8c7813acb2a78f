/**
 * `drive volumes` as text: type and state by name (VOLUME_TYPE,
 * VOLUME_STATE), space in binary units, the creation time as a local
 * date-time: CreateTime as the web client reads it, else CreationTime as
 * go-proton-api does (volume_types.go).
 */
import {bytesText, idText} from '../cells.ts'
import {VOLUME_STATE, VOLUME_TYPE} from '../../contract/client-enums.ts'
import {timeText} from '../dates.ts'
import {enumText} from '../decode.ts'
import type {JsonValue} from '../json-value.ts'
import {isRecord, listOf} from '../records.ts'
import {renderTable} from '../table.ts'

export function volumesText(data: JsonValue | undefined): string {
  const rows = listOf(data, 'Volumes').map((volume) => [
    idText(volume.VolumeID ?? volume.ID),
    enumText(VOLUME_TYPE, volume.Type),
    enumText(VOLUME_STATE, volume.State),
    bytesText(volume.UsedSpace),
    bytesText(volume.MaxSpace),
    timeText(volume.CreateTime ?? volume.CreationTime),
    idText(isRecord(volume.Share) ? volume.Share.ShareID : undefined),
  ])
  return renderTable(['ID', 'TYPE', 'STATE', 'USED', 'MAX', 'CREATED', 'SHARE'], rows)
}
