/**
 * `drive volumes` as a list (table-style.ts): type and state by name
 * (VOLUME_TYPE, VOLUME_STATE), space in binary units, the creation time as
 * a local date-time: CreateTime as the web client reads it, else
 * CreationTime as go-proton-api does (volume_types.go).
 */
import {bytesText} from '../../output/cells.ts'
import {VOLUME_STATE, VOLUME_TYPE} from '../../contract/client-enums.ts'
import {enumText} from '../../output/decode.ts'
import type {JsonValue} from '../../core/json-value.ts'
import {isRecord, listOf} from '../../core/records.ts'
import {type Listing, type TableStyle, timeCell, wholeCell} from '../../output/table-style.ts'

export function volumesListing(data: JsonValue | undefined, style: TableStyle): Listing {
  const volumes = listOf(data, 'Volumes')
  const idOf = (volume: (typeof volumes)[number]) => volume.VolumeID ?? volume.ID
  return {
    // Sizes are never cut (their unit would go); too narrow, the share and the state go first.
    drop: [6, 2],
    giveFirst: [0, 6],
    header: ['ID', 'TYPE', 'STATE', 'USED', 'MAX', 'CREATED', 'SHARE'],
    kind: 'volume',
    ids: volumes.map((volume) => idOf(volume)).filter((id) => typeof id === 'string'),
    keep: [3, 4, 5],
    rows: volumes.map((volume) => [
      wholeCell(idOf(volume)),
      enumText(VOLUME_TYPE, volume.Type),
      enumText(VOLUME_STATE, volume.State),
      bytesText(volume.UsedSpace),
      bytesText(volume.MaxSpace),
      timeCell(style, volume.CreateTime ?? volume.CreationTime),
      wholeCell(isRecord(volume.Share) ? volume.Share.ShareID : undefined),
    ]),
  }
}
