import {Flags} from '@oclif/core'

import {firstEnabledAddressId} from '../../../lib/request/addresses.ts'
import {CALENDAR_DISPLAY} from '../../../lib/contract/contract.ts'
import {valueOfName} from '../../../lib/output/decode.ts'
import {dryRunFlag, DedicatedCommand} from '../../../lib/runtime/dedicated-command.ts'
import type {PlannedRequest} from '../../../lib/request/dry-run.ts'
import {checkColor, checkId, checkName} from '../../../lib/request/input-checks.ts'
import {idOf} from '../../../lib/output/records.ts'

const ADDRESSES: PlannedRequest = {method: 'GET', path: '/core/v4/addresses'}
/** What --dry-run shows for an address it does not look up. */
const ADDRESS_PLACEHOLDER = '<first enabled address from GET /core/v4/addresses>'

export default class CalendarCreate extends DedicatedCommand<typeof CalendarCreate> {
  static override summary = 'Create a calendar (POST /calendar/v1) and print its ID.'

  static override description = `Without --address-id the calendar is tied to the account's first enabled address, read first with GET /core/v4/addresses. With --dry-run nothing is sent, not even that read: both requests are printed, the AddressID as a placeholder.

Text output: the new calendar's ID alone on stdout, a confirmation on stderr. Checked before anything is sent (exit 1): the name is not empty and the colour is #RRGGBB.`

  static override examples = [
    "<%= config.bin %> <%= command.id %> --name Work --color '#7272a7'",
    "<%= config.bin %> <%= command.id %> --name Holidays --color '#DB60D6' --hidden --address-id <address_id>",
    "ID=$(<%= config.bin %> <%= command.id %> --name Team --color '#179FD9')",
    "<%= config.bin %> <%= command.id %> --name Work --color '#7272a7' --dry-run",
  ]

  static override flags = {
    'address-id': Flags.string({helpValue: 'ID', summary: 'Address the calendar is tied to (default: the first enabled one).'}),
    color: Flags.string({helpValue: '#RRGGBB', required: true, summary: 'Colour, # and six hex digits.'}),
    'dry-run': dryRunFlag,
    hidden: Flags.boolean({summary: 'Create it hidden (Display 0) instead of visible.'}),
    name: Flags.string({required: true, summary: 'Name of the calendar.'}),
  }

  public async run(): Promise<void> {
    const {'address-id': addressId, color, hidden, name} = this.flags
    const body = {
      Name: checkName(name),
      Color: checkColor(color),
      Display: valueOfName(CALENDAR_DISPLAY, hidden ? 'HIDDEN' : 'VISIBLE'),
      AddressID: addressId === undefined ? undefined : checkId(addressId, '--address-id'),
    }
    const create = (AddressID: string): PlannedRequest => ({body: {...body, AddressID}, method: 'POST', path: '/calendar/v1'})
    if (this.flags['dry-run']) {
      return this.showDryRun(body.AddressID === undefined ? [ADDRESSES, create(ADDRESS_PLACEHOLDER)] : [create(body.AddressID)])
    }

    const address = body.AddressID ?? firstEnabledAddressId((await this.call(ADDRESSES)).data)
    const answer = await this.call(create(address))
    await this.showCreated(answer, (data) => idOf(data, 'Calendar'), (id) => `Created calendar "${name}" (${id}).`)
  }
}
