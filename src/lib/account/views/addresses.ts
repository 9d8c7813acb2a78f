/**
 * `account addresses` as a list (table-style.ts): one row per address in the service's Order
 * (as go-proton-api's GetAddresses sorts them), status and type by the
 * clients' names without their STATUS_/TYPE_ prefix, fitted to the width
 * (the ID giving way first).
 */
import {ADDRESS_STATUS, ADDRESS_TYPE, type Enumeration} from '../../contract/contract.ts'
import {enumText} from '../../output/decode.ts'
import type {JsonValue} from '../../core/json-value.ts'
import {type JsonRecord, listOf} from '../../core/records.ts'
import {type Listing, wholeCell} from '../../output/table-style.ts'

const unprefixed = (enumeration: Enumeration, prefix: string): Enumeration => Object.fromEntries(Object.entries(enumeration).map(([value, name]) => [value, name.replace(prefix, '')]))

const STATUS = unprefixed(ADDRESS_STATUS, 'STATUS_')
const TYPE = unprefixed(ADDRESS_TYPE, 'TYPE_')

/** Order as a number; an address without one goes last, the service's order kept among equals. */
function orderOf(address: JsonRecord): number {
  const order = address.Order
  if (typeof order === 'number') return order
  if (typeof order === 'bigint') return Number(order)
  return Number.POSITIVE_INFINITY
}

export function inServiceOrder(addresses: JsonRecord[]): JsonRecord[] {
  return addresses
    .map((address, index) => ({address, index}))
    .sort((a, b) => orderOf(a.address) - orderOf(b.address) || a.index - b.index)
    .map(({address}) => address)
}

export function addressesListing(data: JsonValue | undefined): Listing {
  const addresses = inServiceOrder(listOf(data, 'Addresses'))
  return {
    giveFirst: [0],
    header: ['ID', 'EMAIL', 'STATUS', 'TYPE'],
    kind: 'address',
    ids: addresses.map((address) => address.ID).filter((id) => typeof id === 'string'),
    rows: addresses.map((address) => [wholeCell(address.ID), wholeCell(address.Email), enumText(STATUS, address.Status), enumText(TYPE, address.Type)]),
  }
}
