/** proton calendar create (POST /calendar/v1), tied to the first enabled address unless --address-id says which. */
import {firstEnabledAddressId} from '../request/addresses.ts'
import {CALENDAR_DISPLAY} from '../contract/contract.ts'
import {call, showCreated, showDryRun} from '../runtime/dedicated.ts'
import type {PlannedRequest} from '../request/dry-run.ts'
import {checkColor, checkId, checkName} from '../request/input-checks.ts'
import {idOf} from '../output/records.ts'
import {plainCommand} from '../runtime/plain-command.ts'
import {valueOfName} from '../output/decode.ts'

const ADDRESSES: PlannedRequest = {method: 'GET', path: '/core/v4/addresses'}
/** What --dry-run shows for an address it does not look up. */
const ADDRESS_PLACEHOLDER = '<first enabled address from GET /core/v4/addresses>'

export interface CalendarCreateOptions {
  addressId?: string
  color: string
  dryRun: boolean
  hidden: boolean
  name: string
}

export const calendarCreate = plainCommand<CalendarCreateOptions>({
  options: (line) => ({
    addressId: line.optionalString('address-id'),
    color: line.string('color'),
    dryRun: line.boolean('dry-run'),
    hidden: line.boolean('hidden'),
    name: line.string('name'),
  }),
  async run(invocation, {addressId, color, dryRun, hidden, name}) {
    const body = {
      Name: checkName(name),
      Color: checkColor(color),
      Display: valueOfName(CALENDAR_DISPLAY, hidden ? 'HIDDEN' : 'VISIBLE'),
      AddressID: addressId === undefined ? undefined : checkId(addressId, '--address-id'),
    }
    const create = (AddressID: string): PlannedRequest => ({body: {...body, AddressID}, method: 'POST', path: '/calendar/v1'})
    if (dryRun) return showDryRun(invocation, body.AddressID === undefined ? [ADDRESSES, create(ADDRESS_PLACEHOLDER)] : [create(body.AddressID)])
    const address = body.AddressID ?? firstEnabledAddressId((await call(invocation, ADDRESSES)).data)
    const answer = await call(invocation, create(address))
    await showCreated(invocation, answer, (data) => idOf(data, 'Calendar'), (id) => `Created calendar "${name}" (${id}).`)
  },
})
