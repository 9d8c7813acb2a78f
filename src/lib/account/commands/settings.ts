/** proton account settings (GET /core/v4/settings: WebClients api/settings.ts getSettings, go-proton-api GetUserSettings). */
import {call} from '../../run/api.ts'
import {show} from '../../run/printer.ts'
import {tableWidth} from '../../output/fit.ts'
import {plainCommand} from '../../run/plain-command.ts'
import {userSettingsText} from '../views/settings.ts'

export const accountSettings = plainCommand({
  options: () => ({}),
  async run(invocation) {
    const width = tableWidth(invocation.io.stdout, invocation.io.env)
    await show(invocation, await call(invocation, {method: 'GET', path: '/core/v4/settings'}), (data) => userSettingsText(data, width))
  },
})
