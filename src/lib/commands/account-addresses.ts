/** proton account addresses (GET /core/v4/addresses, as go-proton-api's GetAddresses asks). */
import {addressesText} from '../output/views/addresses.ts'
import {call, show} from '../runtime/dedicated.ts'
import {tableWidth} from '../output/fit.ts'
import {plainCommand} from '../runtime/plain-command.ts'

export const accountAddresses = plainCommand({
  options: () => ({}),
  async run(invocation) {
    const width = tableWidth(invocation.io.stdout, invocation.io.env)
    await show(invocation, await call(invocation, {method: 'GET', path: '/core/v4/addresses'}), (data) => addressesText(data, width))
  },
})
