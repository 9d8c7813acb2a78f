/** proton mail settings (GET /mail/v4/settings: WebClients api/mailSettings.ts getMailSettings, go-proton-api GetMailSettings). */
import {call} from '../runtime/dedicated.ts'
import {show} from '../runtime/printer.ts'
import {mailSettingsText} from '../output/views/settings.ts'
import {plainCommand} from '../runtime/plain-command.ts'
import {tableWidth} from '../output/fit.ts'

export const mailSettings = plainCommand({
  options: () => ({}),
  async run(invocation) {
    const width = tableWidth(invocation.io.stdout, invocation.io.env)
    await show(invocation, await call(invocation, {method: 'GET', path: '/mail/v4/settings'}), (data) => mailSettingsText(data, width))
  },
})
