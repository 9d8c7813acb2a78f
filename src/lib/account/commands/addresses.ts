/** proton account addresses (GET /core/v4/addresses, as go-proton-api's GetAddresses asks). */
import {addressesListing} from '../views/addresses.ts'
import {call} from '../../run/api.ts'
import {showListing} from '../../run/printer.ts'
import {plainCommand} from '../../run/plain-command.ts'

export const accountAddresses = plainCommand({
  options: () => ({}),
  async run(invocation) {
    await showListing(invocation, await call(invocation, {method: 'GET', path: '/core/v4/addresses'}), addressesListing)
  },
})
