/** proton mail filters list (GET /mail/v4/filters: WebClients api/filters.ts queryFilters). */
import {call, show} from '../runtime/dedicated.ts'
import {filtersText} from '../output/views/filters.ts'
import {plainCommand} from '../runtime/plain-command.ts'
import {tableWidth} from '../output/fit.ts'

export const mailFiltersList = plainCommand({
  options: () => ({}),
  async run(invocation) {
    const width = tableWidth(invocation.io.stdout, invocation.io.env)
    await show(invocation, await call(invocation, {method: 'GET', path: '/mail/v4/filters'}), (data) => filtersText(data, width))
  },
})
