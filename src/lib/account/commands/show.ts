/** proton account show: the user record (GET /core/v4/users). */
import {call} from '../../run/api.ts'
import {show} from '../../run/printer.ts'
import {plainCommand} from '../../run/plain-command.ts'
import {userText} from '../views/user.ts'

export const accountShow = plainCommand({
  options: () => ({}),
  async run(invocation) {
    await show(invocation, await call(invocation, {method: 'GET', path: '/core/v4/users'}), userText)
  },
})
