/** proton mail filters list (GET /mail/v4/filters: WebClients api/filters.ts queryFilters). */
import {call} from '../../run/api.ts'
import {showListing} from '../../run/printer.ts'
import {filtersListing} from '../views/filters.ts'
import {plainCommand} from '../../run/plain-command.ts'

export const mailFiltersList = plainCommand({
  options: () => ({}),
  async run(invocation) {
    await showListing(invocation, await call(invocation, {method: 'GET', path: '/mail/v4/filters'}), filtersListing)
  },
})
