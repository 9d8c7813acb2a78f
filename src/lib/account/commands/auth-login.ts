/**
 * proton auth login: SRP, and a TOTP code when the account has one; the
 * session saved for the profile. It may prompt, so it runs through oclif
 * only (see registry.ts). Secrets come from a prompt, the environment or
 * standard input, never necessarily from the command line, where every
 * local user sees them (`ps`); --totp stays for scripts, with a warning.
 */
import {parseBaseUrl} from '../../http/api-url.ts'
import {DEFAULT_API_URL} from '../../contract/contract.ts'
import {usageError} from '../../core/errors.ts'
import {InputLines} from '../../cli/input-lines.ts'
import {presetVerification, type RetryHint} from '../../session/human-verification.ts'
import {sealAtLogin} from '../key-seal.ts'
import {keysAtLogin, sessionApi} from '../login-keys.ts'
import {endUnkeptSession, unkeptNote} from '../../session/end-session.ts'
import {login} from '../../session/login.ts'
import {plainCommand} from '../../run/plain-command.ts'
import {webLogin} from './auth-login-web.ts'
import {commandLine} from '../../core/command-names.ts'
import {openInBrowser} from '../../session/sign-in-view.ts'
import {ask, canPrompt} from '../../core/prompt.ts'

export interface AuthLoginOptions {
  /** --web: sign in by approval from another device or a browser (auth-login-web.ts). */
  web: boolean
  /** --no-browser: with --web, print the link and code only. */
  noBrowser: boolean
  /** --app: with --web, the app the sign-in is for (default drive, the one documented external form). */
  app?: string
  /** The flags of the password login typed on the line (--web refuses them). */
  passwordFlags: string[]
  passwordStdin: boolean
  /** The mailbox password (two-password accounts) from stdin: the line after the password's and the TOTP code's, when they come from stdin too. */
  mailboxPasswordStdin: boolean
  /** --totp, or PROTON_TOTP. */
  totp?: string
  totpStdin: boolean
  /** Whether --totp was given on the command line itself (not by PROTON_TOTP). */
  totpTyped: boolean
  username?: string
  /** A completed human verification from a first try (--hv-token / PROTON_HV_TOKEN, --hv-type / PROTON_HV_TYPE). */
  hvToken?: string
  hvType?: string
}

const PASSWORD_FLAGS: ReadonlySet<string> = new Set(['password-stdin', 'mailbox-password-stdin', 'totp', 'totp-stdin', 'hv-token', 'hv-type'])

/** How a second login carries the completed verification. */
const LOGIN_RETRY: RetryHint = {
  again: 'log in again',
  carry: (token, methods) => `--hv-token ${token} and --hv-type set to the method you completed (${methods})`,
}

/** A secret from the terminal, or a usage error saying how else to give it. */
async function prompt(question: string, otherwise: string): Promise<string> {
  if (!canPrompt()) throw usageError(otherwise)
  return ask(question, true)
}

/** The TOTP code of --totp-stdin: the next line of standard input (the second, after the password, with --password-stdin). */
async function totpFromStdin(lines: InputLines, afterPassword: boolean): Promise<string> {
  const code = (await lines.next())?.trim()
  if (code) return code
  throw usageError(afterPassword ? '--totp-stdin: no TOTP code on the second line of standard input (the first line is the password)' : '--totp-stdin: no TOTP code on standard input')
}

export const authLogin = plainCommand<AuthLoginOptions>({
  options: (line) => ({
    app: line.optionalString('app'),
    noBrowser: line.boolean('no-browser'),
    passwordFlags: [...new Set(line.line.flagsInOrder.map(({flag}) => flag).filter((flag) => PASSWORD_FLAGS.has(flag)))],
    web: line.boolean('web'),
    hvToken: line.optionalString('hv-token'),
    hvType: line.optionalString('hv-type'),
    mailboxPasswordStdin: line.boolean('mailbox-password-stdin'),
    passwordStdin: line.boolean('password-stdin'),
    totp: line.optionalString('totp'),
    totpStdin: line.boolean('totp-stdin'),
    totpTyped: line.line.flagsInOrder.some(({flag}) => flag === 'totp'),
    username: line.optionalArg('username'),
  }),
  async run(invocation, options) {
    const {flags, io} = invocation
    if (options.web) {
      const given = [...(options.username === undefined ? [] : ['USERNAME']), ...options.passwordFlags.map((flag) => `--${flag}`)]
      if (given.length > 0) throw usageError(`--web signs in by approval, without a password: ${given.join(', ')} not wanted`)
      await webLogin(invocation, {app: options.app ?? 'drive', noBrowser: options.noBrowser}, parseBaseUrl(flags['api-url'] ?? DEFAULT_API_URL))
      return
    }

    if (options.app !== undefined || options.noBrowser) throw usageError('--app and --no-browser go with --web')
    if (options.totpTyped && options.totpStdin) throw usageError('--totp and --totp-stdin both give the TOTP code: give one')
    if (options.totpTyped) {
      invocation.note('Warning: a TOTP code on the command line is visible to other local users (ps) and kept in shell history; use --totp-stdin, PROTON_TOTP or the prompt')
    }

    const username = options.username ?? (canPrompt() ? await ask('Username: ') : undefined)
    if (!username) throw usageError('give the USERNAME to log in as')
    // Standard input is read a line at a time, in the order login needs them (the password, the TOTP code, the
    // mailbox password), so that all of them can come from one pipe.
    const lines = new InputLines(() => io.stdin)
    let password: string
    let totp: string | undefined
    let mailboxPassword: string | undefined
    try {
      password = options.passwordStdin
        ? ((await lines.next()) ?? '')
        : io.env.PROTON_PASSWORD || (await prompt('Password: ', 'no password given: pipe it with --password-stdin, set PROTON_PASSWORD, or run on a terminal'))
      if (!password) throw usageError('the password is empty')
      totp = options.totpStdin ? await totpFromStdin(lines, options.passwordStdin) : options.totp
      mailboxPassword = options.mailboxPasswordStdin ? ((await lines.next()) ?? '') : undefined
      if (mailboxPassword === '') throw usageError('--mailbox-password-stdin: no mailbox password on standard input (it follows the password and the TOTP code when they come from there too)')
    } finally {
      await lines.close()
    }

    const humanVerification = presetVerification(options.hvToken, options.hvType, {token: '--hv-token', type: '--hv-type'})
    const apiUrl = parseBaseUrl(flags['api-url'] ?? DEFAULT_API_URL)
    const session = await login({
      apiUrl,
      password,
      totpCode: async () => totp || prompt('Two-factor code: ', 'this account needs a two-factor code: give --totp-stdin or PROTON_TOTP, or run on a terminal'),
      transport: invocation.transport(),
      username,
      humanVerification,
      openPage: (url) => openInBrowser(url, io.env),
      otherWay: `sign in by approval with ${commandLine(invocation.context.names, 'auth:login')} --web`,
      verificationHint: LOGIN_RETRY,
    })
    let keys: Awaited<ReturnType<typeof keysAtLogin>>
    try {
      keys = await keysAtLogin(sessionApi(apiUrl, invocation.transport(), session), mailboxPassword ?? password, session.UID, mailboxPassword !== undefined)
      await invocation.sessions.writeLocked(flags.profile, {...session, ...keys.fields})
    } catch (error) {
      // Logged in but not kept (Ctrl-C while the keys are fetched, a profile that cannot be written): ended, not left open.
      invocation.note(unkeptNote(await endUnkeptSession(apiUrl, invocation.transport(), {accessToken: session.AccessToken, uid: session.UID})))
      throw error
    }

    // The keys sealed for the profile's previous session open nothing now: replaced by those this login unlocked, or gone.
    await sealAtLogin(invocation.context.cacheDir, flags.profile, session.UID, keys.unlocked)
    invocation.note(`logged in as ${username} (profile ${flags.profile}, ${session.APIURL})`)
    invocation.note(keys.note)
  },
})
