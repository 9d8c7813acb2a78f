/**
 * proton calendar create: POST /calendar/v1 with the body the web client
 * sends (WebClients packages/shared/lib/api/calendars.ts createCalendar,
 * calendar/crypto/keys/setupCalendarHelper.ts: Name, Color, Description,
 * Display, AddressID), tied to the first enabled address unless
 * --address-id says which. The calendar has no keys then: the web client
 * posts them next (POST /calendar/v1/{id}/keys), generated and encrypted
 * with the address's key, which this tool never decrypts; until then the
 * service flags its member INCOMPLETE_SETUP, and the command says so.
 */
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
  description?: string
  dryRun: boolean
  hidden: boolean
  name: string
}

/** What the command says on stderr after creating a calendar, even with --quiet. */
export const NO_KEYS_WARNING =
  'Warning: the calendar has no keys yet (INCOMPLETE_SETUP): this tool does not create calendar keys, so it cannot hold events until a Proton Calendar app (web, desktop or mobile) is opened once with this account and finishes its setup.'

export const calendarCreate = plainCommand<CalendarCreateOptions>({
  options: (line) => ({
    addressId: line.optionalString('address-id'),
    color: line.string('color'),
    description: line.optionalString('description'),
    dryRun: line.boolean('dry-run'),
    hidden: line.boolean('hidden'),
    name: line.string('name'),
  }),
  async run(invocation, {addressId, color, description = '', dryRun, hidden, name}) {
    const body = {
      Name: checkName(name),
      Color: checkColor(color),
      Description: description,
      Display: valueOfName(CALENDAR_DISPLAY, hidden ? 'HIDDEN' : 'VISIBLE'),
      AddressID: addressId === undefined ? undefined : checkId(addressId, '--address-id'),
    }
    const create = (AddressID: string): PlannedRequest => ({body: {...body, AddressID}, method: 'POST', path: '/calendar/v1'})
    if (dryRun) return showDryRun(invocation, body.AddressID === undefined ? [ADDRESSES, create(ADDRESS_PLACEHOLDER)] : [create(body.AddressID)])
    const address = body.AddressID ?? firstEnabledAddressId((await call(invocation, ADDRESSES)).data)
    const answer = await call(invocation, create(address))
    await showCreated(invocation, answer, (data) => idOf(data, 'Calendar'), (id) => `Created calendar "${name}" (${id}).`)
    invocation.io.stderr.write(`${NO_KEYS_WARNING}\n`)
  },
})
