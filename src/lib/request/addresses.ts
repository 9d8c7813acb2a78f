/** The address a new calendar is tied to when --address-id is not given. */
import {ADDRESS_STATUS} from '../contract/contract.ts'
import {valueOfName} from '../output/decode.ts'
import {usageError} from '../runtime/errors.ts'
import type {JsonValue} from '../output/json-value.ts'
import {listOf} from '../output/records.ts'

const ENABLED = valueOfName(ADDRESS_STATUS, 'STATUS_ENABLED')

/** The first enabled address (lowest Order, else the service's order) of a GET /core/v4/addresses answer. */
export function firstEnabledAddressId(data: JsonValue | undefined): string {
  const order = (value: JsonValue | undefined) => (typeof value === 'number' ? value : Number.POSITIVE_INFINITY)
  const enabled = listOf(data, 'Addresses')
    .filter((address) => address.Status === ENABLED && typeof address.ID === 'string')
    .sort((a, b) => order(a.Order) - order(b.Order))
  if (enabled.length === 0) throw usageError('the account has no enabled address; pass --address-id')
  return enabled[0].ID as string
}
