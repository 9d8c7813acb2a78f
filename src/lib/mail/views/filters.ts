/** `mail filters list` as a list (table-style.ts): ID, name and status by name, in the service's order, fitted to the width (the ID giving way first). */
import {FILTER_STATUS} from '../../contract/mailbox-enums.ts'
import {enumText} from '../../output/decode.ts'
import type {JsonValue} from '../../core/json-value.ts'
import {listOf} from '../../core/records.ts'
import {type Listing, wholeCell} from '../../output/table-style.ts'

export function filtersListing(data: JsonValue | undefined): Listing {
  const filters = listOf(data, 'Filters')
  return {
    giveFirst: [0],
    header: ['ID', 'NAME', 'STATUS'],
    kind: 'filter',
    ids: filters.map((filter) => filter.ID).filter((id) => typeof id === 'string'),
    rows: filters.map((filter) => [wholeCell(filter.ID), wholeCell(filter.Name), enumText(FILTER_STATUS, filter.Status)]),
  }
}
