/**
 * `account addresses` as text: one row per address in the service's Order
 * (as go-proton-api's GetAddresses sorts them), status and type by the
 * clients' names without their STATUS_/TYPE_ prefix, fitted to the width
 * (the ID giving way first).
 */
import {ADDRESS_STATUS, ADDRESS_TYPE, type Enumeration} from '../../contract/contract.ts'
import {cellText, idText} from '../cells.ts'
import {enumText} from '../decode.ts'
import {fittedTable} from '../fit.ts'
import type {JsonValue} from '../json-value.ts'
import {type JsonRecord, listOf} from '../records.ts'

const unprefixed = (enumeration: Enumeration, prefix: string): Enumeration =>
  Object.fromEntries(Object.entries(enumeration).map(([value, name]) => [value, name.replace(prefix, '')]))

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
  return addresses.map((address, index) => ({address, index})).sort((a, b) => orderOf(a.address) - orderOf(b.address) || a.index - b.index).map(({address}) => address)
}

export function addressesText(data: JsonValue | undefined, width: number): string {
  const rows = inServiceOrder(listOf(data, 'Addresses')).map((address) => [
    idText(address.ID),
    cellText(address.Email),
    enumText(STATUS, address.Status),
    enumText(TYPE, address.Type),
  ])
  return fittedTable(['ID', 'EMAIL', 'STATUS', 'TYPE'], rows, width, [0])
}
