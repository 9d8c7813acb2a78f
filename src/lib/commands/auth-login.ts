/**
 * proton auth login: SRP, and a TOTP code when the account has one; the
 * session saved for the profile. It may prompt, so it runs through oclif
 * only (see registry.ts).
 */
import {parseBaseUrl} from '../http/api-url.ts'
import {DEFAULT_API_URL} from '../contract/contract.ts'
import {usageError} from '../runtime/errors.ts'
import {completeOnTerminal} from '../session/human-verification.ts'
import {login} from '../session/login.ts'
import {plainCommand} from '../runtime/plain-command.ts'
import {ask, canPrompt, firstLineOfStdin} from '../runtime/prompt.ts'

export interface AuthLoginOptions {
  passwordStdin: boolean
  totp?: string
  username?: string
}

/** A secret from the terminal, or a usage error saying how else to give it. */
async function prompt(question: string, otherwise: string): Promise<string> {
  if (!canPrompt()) throw usageError(otherwise)
  return ask(question, true)
}

export const authLogin = plainCommand<AuthLoginOptions>({
  options: (line) => ({passwordStdin: line.boolean('password-stdin'), totp: line.optionalString('totp'), username: line.optionalArg('username')}),
  async run(invocation, options) {
    const {flags, io} = invocation
    const username = options.username ?? (canPrompt() ? await ask('Username: ') : undefined)
    if (!username) throw usageError('give the USERNAME to log in as')
    const password = options.passwordStdin
      ? await firstLineOfStdin()
      : io.env.PROTON_PASSWORD || (await prompt('Password: ', 'no password given: pipe it with --password-stdin, set PROTON_PASSWORD, or run on a terminal'))
    if (!password) throw usageError('the password is empty')

    const session = await login({
      apiUrl: parseBaseUrl(flags['api-url'] ?? DEFAULT_API_URL),
      password,
      totpCode: async () => options.totp || prompt('Two-factor code: ', 'this account needs a two-factor code: give --totp or PROTON_TOTP, or run on a terminal'),
      transport: invocation.transport(),
      username,
      verifyHuman: (challenge) => completeOnTerminal(challenge, 'complete it, then log in again from a terminal'),
    })
    await invocation.sessions.writeLocked(flags.profile, session)
    invocation.note(`logged in as ${username} (profile ${flags.profile}, ${session.APIURL})`)
  },
})
