/**
 * proton auth login: SRP, and a TOTP code when the account has one; the
 * session saved for the profile. It may prompt, so it runs through oclif
 * only (see registry.ts).
 */
import {parseBaseUrl} from '../http/api-url.ts'
import {DEFAULT_API_URL} from '../contract/contract.ts'
import {usageError} from '../runtime/errors.ts'
import {presetVerification, type RetryHint} from '../session/human-verification.ts'
import {keysAtLogin, sessionApi} from '../keys/login-keys.ts'
import {login} from '../session/login.ts'
import {plainCommand} from '../runtime/plain-command.ts'
import {ask, canPrompt, linesOfStdin} from '../runtime/prompt.ts'

export interface AuthLoginOptions {
  passwordStdin: boolean
  /** The mailbox password (two-password accounts) from stdin: the line after the password's with --password-stdin, else the first. */
  mailboxPasswordStdin: boolean
  totp?: string
  username?: string
  /** A completed human verification from a first try (--hv-token / PROTON_HV_TOKEN, --hv-type / PROTON_HV_TYPE). */
  hvToken?: string
  hvType?: string
}

/** How a second login carries the completed verification. */
const LOGIN_RETRY: RetryHint = {
  again: 'log in again',
  carry: (token, methods) => `--hv-token '${token}' and --hv-type set to the method you completed (${methods})`,
}

/** A secret from the terminal, or a usage error saying how else to give it. */
async function prompt(question: string, otherwise: string): Promise<string> {
  if (!canPrompt()) throw usageError(otherwise)
  return ask(question, true)
}

export const authLogin = plainCommand<AuthLoginOptions>({
  options: (line) => ({
    hvToken: line.optionalString('hv-token'),
    hvType: line.optionalString('hv-type'),
    mailboxPasswordStdin: line.boolean('mailbox-password-stdin'),
    passwordStdin: line.boolean('password-stdin'),
    totp: line.optionalString('totp'),
    username: line.optionalArg('username'),
  }),
  async run(invocation, options) {
    const {flags, io} = invocation
    const username = options.username ?? (canPrompt() ? await ask('Username: ') : undefined)
    if (!username) throw usageError('give the USERNAME to log in as')
    // Secrets from stdin, one line each, in this order: the password, then the mailbox password.
    const piped = await linesOfStdin(Number(options.passwordStdin) + Number(options.mailboxPasswordStdin))
    const password = options.passwordStdin
      ? (piped.shift() as string)
      : io.env.PROTON_PASSWORD || (await prompt('Password: ', 'no password given: pipe it with --password-stdin, set PROTON_PASSWORD, or run on a terminal'))
    if (!password) throw usageError('the password is empty')
    const mailboxPassword = options.mailboxPasswordStdin ? piped.shift() : undefined
    if (mailboxPassword === '') throw usageError(`the mailbox password is empty${options.passwordStdin ? ' (it is the second line of stdin, after the password)' : ''}`)

    const humanVerification = presetVerification(options.hvToken, options.hvType, {token: '--hv-token', type: '--hv-type'})
    const apiUrl = parseBaseUrl(flags['api-url'] ?? DEFAULT_API_URL)
    const session = await login({
      apiUrl,
      password,
      totpCode: async () => options.totp || prompt('Two-factor code: ', 'this account needs a two-factor code: give --totp or PROTON_TOTP, or run on a terminal'),
      transport: invocation.transport(),
      username,
      humanVerification,
      verificationHint: LOGIN_RETRY,
    })
    const keys = await keysAtLogin(sessionApi(apiUrl, invocation.transport(), session), mailboxPassword ?? password, session.UID, mailboxPassword !== undefined)
    await invocation.sessions.writeLocked(flags.profile, {...session, ...keys.fields})
    invocation.note(`logged in as ${username} (profile ${flags.profile}, ${session.APIURL})`)
    invocation.note(keys.note)
  },
})
