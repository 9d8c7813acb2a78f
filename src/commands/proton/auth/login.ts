import {Args, Flags} from '@oclif/core'

import {parseBaseUrl} from '../../../lib/http/api-url.ts'
import {ProtonCommand} from '../../../lib/runtime/base-command.ts'
import {DEFAULT_API_URL} from '../../../lib/contract/contract.ts'
import {usageError} from '../../../lib/runtime/errors.ts'
import {completeOnTerminal} from '../../../lib/session/human-verification.ts'
import {login} from '../../../lib/session/login.ts'
import {ask, canPrompt, firstLineOfStdin} from '../../../lib/runtime/prompt.ts'

export default class AuthLogin extends ProtonCommand<typeof AuthLogin> {
  static override summary = 'Log in with SRP (and a TOTP second factor when the account has one) and keep the session for the profile.'

  static override description = `The password comes from a prompt that does not echo, from --password-stdin (the first line of standard input), or from PROTON_PASSWORD; it is never taken on the command line. A TOTP code comes from --totp, PROTON_TOTP or a prompt.

The session is saved to <configDir>/sessions/<profile>.json (mode 0600), for the base URL of --api-url / PROTON_API_URL (default https://mail.proton.me/api).`

  static override examples = [
    '<%= config.bin %> <%= command.id %> alice',
    'pass show proton | <%= config.bin %> <%= command.id %> alice --password-stdin',
    'PROTON_PASSWORD=… PROTON_TOTP=123456 <%= config.bin %> <%= command.id %> alice --profile work',
  ]

  static override args = {
    username: Args.string({description: 'Account name or address (asked for on a terminal when left out)'}),
  }

  static override flags = {
    'password-stdin': Flags.boolean({summary: 'Read the password from the first line of standard input.'}),
    totp: Flags.string({env: 'PROTON_TOTP', summary: 'The current TOTP code, when the account has a second factor.'}),
  }

  public async run(): Promise<void> {
    const {flags} = this
    const username = this.args.username ?? (canPrompt() ? await ask('Username: ') : undefined)
    if (!username) throw usageError('give the USERNAME to log in as')
    const password = flags['password-stdin'] ? await firstLineOfStdin() : process.env.PROTON_PASSWORD || (await this.prompt('Password: ', 'no password given: pipe it with --password-stdin, set PROTON_PASSWORD, or run on a terminal'))
    if (!password) throw usageError('the password is empty')

    const session = await login({
      apiUrl: parseBaseUrl(flags['api-url'] ?? DEFAULT_API_URL),
      password,
      totpCode: async () => flags.totp || this.prompt('Two-factor code: ', 'this account needs a two-factor code: give --totp or PROTON_TOTP, or run on a terminal'),
      transport: this.transport(),
      username,
      verifyHuman: (challenge) => completeOnTerminal(challenge, 'complete it, then log in again from a terminal'),
    })
    await this.sessions.writeLocked(flags.profile, session)
    this.note(`logged in as ${username} (profile ${flags.profile}, ${session.APIURL})`)
  }

  /** A secret from the terminal, or a usage error saying how else to give it. */
  private async prompt(question: string, otherwise: string): Promise<string> {
    if (!canPrompt()) throw usageError(otherwise)
    return ask(question, true)
  }
}
