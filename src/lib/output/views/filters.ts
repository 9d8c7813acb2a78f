/** `mail filters list` as text: ID, name and status by name, in the service's order, fitted to the width (the ID giving way first). */
import {FILTER_STATUS} from '../../contract/mailbox-enums.ts'
import {cellText, idText} from '../cells.ts'
import {enumText} from '../decode.ts'
import {fittedTable} from '../fit.ts'
import type {JsonValue} from '../json-value.ts'
import {listOf} from '../records.ts'

export function filtersText(data: JsonValue | undefined, width: number): string {
  const rows = listOf(data, 'Filters').map((filter) => [idText(filter.ID), cellText(filter.Name), enumText(FILTER_STATUS, filter.Status)])
  return fittedTable(['ID', 'NAME', 'STATUS'], rows, width, [0])
}
