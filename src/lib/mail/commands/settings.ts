/** proton mail settings (GET /mail/v4/settings: WebClients api/mailSettings.ts getMailSettings, go-proton-api GetMailSettings). */
import {call} from '../../run/api.ts'
import {show} from '../../run/printer.ts'
import {mailSettingsText} from '../../account/views/settings.ts'
import {plainCommand} from '../../run/plain-command.ts'
import {tableWidth} from '../../output/fit.ts'

export const mailSettings = plainCommand({
  options: () => ({}),
  async run(invocation) {
    const width = tableWidth(invocation.io.stdout, invocation.io.env)
    await show(invocation, await call(invocation, {method: 'GET', path: '/mail/v4/settings'}), (data) => mailSettingsText(data, width))
  },
})
