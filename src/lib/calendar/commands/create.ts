/**
 * proton calendar create: a calendar made usable, as the web client makes
 * one (WebClients packages/shared/lib/api/calendars.ts createCalendar,
 * setupCalendar; calendar/crypto/keys/setupCalendarHelper.ts,
 * setupCalendarKeys.ts, calendarKeys.ts generateCalendarKeyPayload):
 * POST /calendar/v1 {Name, Color, Description, Display, AddressID}, then
 * POST /calendar/v1/{ID}/keys {AddressID, Signature, PrivateKey,
 * Passphrase: {DataPacket, KeyPacket}} with a key made here and its
 * passphrase encrypted to the address key and signed by it
 * (calendar/calendar-keys.ts). The address key is unlocked first, so a session
 * without keys creates nothing; a setup the service refuses leaves no
 * half-made calendar: it is deleted again (DELETE /calendar/v1/{ID}), and
 * the command says so.
 */
import {idSegment} from '../../http/path-segment.ts'
import {accountKeys, primaryAddress} from '../../account/keys.ts'
import {makeCalendarKeySetup} from '../calendar-keys.ts'
import {CALENDAR_DISPLAY} from '../../contract/contract.ts'
import {call, tryCall} from '../../run/api.ts'
import {showCreated, showDryRun} from '../../run/printer.ts'
import type {PlannedRequest} from '../../run/dry-run.ts'
import {checkColor, checkId, checkName} from '../../cli/input-checks.ts'
import {idOf} from '../../core/records.ts'
import {plainCommand} from '../../run/plain-command.ts'
import {valueOfName} from '../../output/decode.ts'
import {CliFailure, oneLine, usageError} from '../../core/errors.ts'
import {EXIT} from '../../core/exit-status.ts'

const ADDRESSES: PlannedRequest = {method: 'GET', path: '/core/v4/addresses'}
/** What --dry-run shows for what it does not look up or make. */
const ADDRESS_PLACEHOLDER = '<first enabled address from GET /core/v4/addresses>'
const NEW_ID = '<the new calendar ID>'
const MADE_HERE = '<made at run time>'

export interface CalendarCreateOptions {
  addressId?: string
  color: string
  description?: string
  dryRun: boolean
  hidden: boolean
  name: string
}

const keysRequest = (id: string, body: Record<string, unknown>): PlannedRequest => ({body, method: 'POST', path: `/calendar/v1/${idSegment(id)}/keys`})

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
    if (dryRun) {
      const address = body.AddressID ?? ADDRESS_PLACEHOLDER
      const setup = keysRequest(NEW_ID, {AddressID: address, Passphrase: {DataPacket: MADE_HERE, KeyPacket: MADE_HERE}, PrivateKey: MADE_HERE, Signature: MADE_HERE})
      return showDryRun(invocation, [...(body.AddressID === undefined ? [ADDRESSES] : []), create(address), setup])
    }

    // The key is made and signed before anything is created: a session that cannot sign creates nothing.
    const account = await accountKeys(invocation)
    const address = body.AddressID ?? (primaryAddress(account.addresses)?.ID as string | undefined)
    if (address === undefined) throw usageError('the account has no active address; pass --address-id')
    const setup = await account.addressKeys(address, {signing: true}).then(
      ([primary]) => makeCalendarKeySetup(address, primary),
      (error: unknown) => {
        // A bound (an Argon2 key over it: exit 5) stays what it is.
        if (error instanceof CliFailure) throw error
        throw new CliFailure(`cannot set up the calendar's keys: ${oneLine(error instanceof Error ? error.message : String(error))}; nothing was created`, EXIT.USAGE)
      },
    )
    const answer = await call(invocation, create(address))
    const id = idOf(answer.data, 'Calendar')
    const keys = await tryCall(invocation, keysRequest(id, {...setup}), `calendar ${id}: its keys`)
    if (typeof keys === 'number') {
      const removed = await tryCall(invocation, {method: 'DELETE', path: `/calendar/v1/${idSegment(id)}`}, `calendar ${id}`)
      invocation.io.stderr.write(
        typeof removed === 'number'
          ? `Error: the calendar ${id} was created but its keys were refused, and deleting it failed too: delete it with "calendar delete ${id}"\n`
          : `Error: the calendar's keys were refused, so the calendar ${id} was deleted again; nothing was created\n`,
      )
      invocation.exit(keys)
    }

    await showCreated(
      invocation,
      answer,
      () => id,
      (created) => `Created calendar "${name}" (${created}), its keys set up.`,
    )
  },
})
