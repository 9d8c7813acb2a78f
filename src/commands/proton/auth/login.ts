import {Args, Flags} from '@oclif/core'

import {authLogin} from '../../../lib/account/commands/auth-login.ts'
import {PlainAdapter} from '../../../lib/cli/oclif/plain-adapter.ts'

export default class AuthLogin extends PlainAdapter<typeof AuthLogin> {
  static override summary = 'Log in by approval from a browser or another device (--web), or with SRP and the password, and keep the session for the profile.'

  static override description = `--web signs in without a password, as Proton's own command-line clients do (a session fork): the tool shows a link, a code and its QR code; open the link in a browser where you can sign in to Proton (any CAPTCHA is Proton's own page's), or approve the code from a Proton app signed in to the account ("Sign in with another device"). The tool waits up to 10 minutes (a spinner with the time left on a terminal), then keeps the session and unlocks the keys with the key password the approving device sends, sealed for this sign-in only. The link opens in your browser when there is one (never on a command line: the page handed to the browser is a file only you can read, removed afterwards); --no-browser prints it only. Ctrl-C, SIGTERM or the time limit withdraws the request. The tool announces itself as external-drive-proton_cli@VERSION-stable (the form Proton documents for third-party clients); --app names another app (external-APP) and --app-version another version, for what the service may accept: see docs/sessions-and-security.md.

The password comes from a prompt that does not echo, from --password-stdin (the first line of standard input), or from PROTON_PASSWORD; it is never taken on the command line. A TOTP code, when the account has a second factor, comes from a prompt, PROTON_TOTP, or --totp-stdin. An account with a separate mailbox password (two-password mode) needs it to unlock the keys: --mailbox-password-stdin reads it from standard input; without it, the login stands with a warning and encrypted mail cannot be read.

Standard input is read a line at a time, in this order: the password (--password-stdin), the TOTP code (--totp-stdin), the mailbox password (--mailbox-password-stdin), each flag taking the next line, so all can come from one pipe.

Keep secrets off the command line: every local user can read a command's arguments (ps, /proc/PID/cmdline), and the shell keeps them in its history. --totp CODE still works, for scripts, with a warning.

The session is saved to <configDir>/sessions/<profile>.json (mode 0600), for the base URL of --api-url / PROTON_API_URL (default https://mail.proton.me/api), with the app version of --app-version / PROTON_APP_VERSION (default Other), which every later command of the profile sends.

Human verification (Code 9001, often a CAPTCHA for a client announcing Other): the methods and a link to complete it are printed. On a terminal, when email (or sms) is offered, give an address (or number): the service sends a code there, which you type; Enter instead takes the page. Otherwise complete the page at the link (it opens in your browser when there is one) and press Enter; or sign in with --web, where Proton's own page does any CAPTCHA. Elsewhere the login exits 2; complete the verification at the link, then log in again with --hv-token TOKEN --hv-type METHOD (or PROTON_HV_TOKEN and PROTON_HV_TYPE), TOKEN being the verification's token and METHOD the method you completed. Code 12087 means the token was not accepted: verify again.`

  static override examples = [
    '<%= config.bin %> <%= command.id %> --web',
    '<%= config.bin %> <%= command.id %> --web --no-browser --profile work',
    '<%= config.bin %> <%= command.id %> alice',
    'pass show proton | <%= config.bin %> <%= command.id %> alice --password-stdin',
    'printf \'%s\\n%s\\n\' "$PASSWORD" "$MAILBOX_PASSWORD" | <%= config.bin %> <%= command.id %> alice --password-stdin --mailbox-password-stdin',
    '{ pass show proton | head -n 1; pass otp proton; } | <%= config.bin %> <%= command.id %> alice --password-stdin --totp-stdin',
    'PROTON_PASSWORD=… PROTON_TOTP=123456 <%= config.bin %> <%= command.id %> alice --profile work',
    "<%= config.bin %> <%= command.id %> alice --password-stdin --hv-token '<token printed by the first try>' --hv-type captcha",
  ]

  static override args = {
    // ignoreStdin: oclif would otherwise read a piped password (--password-stdin) as the missing USERNAME.
    username: Args.string({description: 'Account name or address (asked for on a terminal when left out)', ignoreStdin: true}),
  }

  static override flags = {
    app: Flags.string({helpValue: 'APP', summary: 'With --web: the app the sign-in is for (its ChildClientID is external-APP; default drive).'}),
    'no-browser': Flags.boolean({summary: 'With --web: print the link and the code only; do not open a browser.'}),
    web: Flags.boolean({summary: 'Sign in by approval in a browser or from another device (a session fork): no password here.'}),
    'hv-token': Flags.string({env: 'PROTON_HV_TOKEN', helpValue: 'TOKEN', summary: 'Token of a human verification you completed (with --hv-type).'}),
    'hv-type': Flags.string({env: 'PROTON_HV_TYPE', helpValue: 'METHOD', summary: 'The method of that verification you completed: captcha, email, sms …'}),
    'mailbox-password-stdin': Flags.boolean({
      summary: 'Two-password accounts: read the mailbox password (it unlocks the keys) from the next line of standard input, after the password and the TOTP code when they come from there too.',
    }),
    'password-stdin': Flags.boolean({summary: 'Read the password from the first line of standard input.'}),
    totp: Flags.string({
      env: 'PROTON_TOTP',
      summary: 'The current TOTP code. On the command line it is visible to other local users (ps) and kept in shell history: prefer --totp-stdin, PROTON_TOTP or the prompt.',
    }),
    'totp-stdin': Flags.boolean({
      summary: 'Read the TOTP code from the next line of standard input: its first, or its second after the password with --password-stdin (both from one pipe).',
    }),
  }

  static override runs = authLogin
}
