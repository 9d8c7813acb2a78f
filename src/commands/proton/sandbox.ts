import {Args, Flags} from '@oclif/core'

import {sandbox} from '../../sandbox/command.ts'
import {PlainAdapter} from '../../lib/cli/oclif/plain-adapter.ts'
import {commandLineInHelp} from '../../lib/core/command-names.ts'
import {DEFAULTS} from '../../sandbox/http/services.ts'

export default class Sandbox extends PlainAdapter<typeof Sandbox> {
  static override summary = 'Run a local stand-in for the Proton API, to try the tool and test scripts offline.'

  static override description = `Serves the documented endpoints over HTTP on a loopback address, with one in-memory account (default demo/demo: its addresses, seven messages, labels, folders, a calendar and two drive volumes), in the shapes the official clients send and read, the service's validation and codes, and its login (SRP, optional TOTP), refresh and logout. Nothing reaches the real service.

The account's password comes from --password-stdin (the first line of standard input), PROTON_SANDBOX_PASSWORD or --password (default demo); a password or TOTP secret on the command line is visible to every local user (ps) and kept in shell history.

The base URL is the first line on standard output, printed once the sandbox is ready. It serves until SIGINT or SIGTERM (Ctrl-C), then exits 0. With --write-session it first logs its own account in and writes that session to a profile: the PROFILE argument (--write-session NAME), else --profile NAME given on the command line, else "sandbox"; PROTON_PROFILE is not used, so a sandbox session never replaces the one a shell uses every day; and a profile that holds a session other than a sandbox's (a real login) is refused (exit 1, the file untouched) unless --force is given. Then "${commandLineInHelp('api')} GET /core/v4/users --profile sandbox" works at once (global flags go after the command; inside a host CLI they must).

Tests and demos control it under /__sandbox/, with the header X-Sandbox-Secret the sandbox prints at start (and --write-session keeps in the profile as SandboxSecret): GET /__sandbox/stats (request log and refresh counts), POST /__sandbox/faults with {"Kind": "html-502" | "rate-limit" | "unavailable" | "status" | "latency" | "truncate" | "drop" | "human-verification" | "app-version", "Path": prefix, "Method", "Count", "After", "RetryAfter", "DelayMs", "Status", "Body"}, DELETE /__sandbox/faults, POST /__sandbox/expire-tokens, POST /__sandbox/forks/approve with {"Code": "0:…"} (approves the sign-in "auth login --web" shows, as the account's signed-in device would), GET /__sandbox/verification-codes (the email and sms codes "sent" for a "Strict": true human-verification fault, whose captcha page /__sandbox/verify needs no secret).`

  static override examples = [
    '<%= config.bin %> <%= command.id %> --write-session',
    '<%= config.bin %> <%= command.id %> --write-session --profile demo',
    'PROTON_SANDBOX_TOTP_SECRET=JBSWY3DPEHPK3PXP <%= config.bin %> <%= command.id %> --port 8080 --user alice --password-stdin < password.txt',
    `curl -s -X POST http://127.0.0.1:8080/__sandbox/faults -H "X-Sandbox-Secret: $SECRET" -d '{"Kind":"rate-limit","Path":"/core/v4/users","Count":2}'`,
  ]

  static override args = {
    // ignoreStdin: oclif would otherwise read a piped password (--password-stdin) as the missing PROFILE.
    profile: Args.string({description: 'Profile that --write-session writes (default: --profile if given, else sandbox)', ignoreStdin: true}),
  }

  static override flags = {
    force: Flags.boolean({summary: "With --write-session: replace the profile's session even when it is not a sandbox's (a real login's tokens are then lost)."}),
    host: Flags.string({default: DEFAULTS.host, summary: 'Loopback address to listen on.'}),
    'mailbox-password': Flags.string({
      env: 'PROTON_SANDBOX_MAILBOX_PASSWORD',
      summary: "Two-password mode: the account's keys unlock with this mailbox password, not with --password.",
    }),
    password: Flags.string({
      default: DEFAULTS.password,
      env: 'PROTON_SANDBOX_PASSWORD',
      summary: 'Password of the sandbox account. On the command line it is visible to other local users (ps) and kept in shell history: prefer PROTON_SANDBOX_PASSWORD or --password-stdin.',
    }),
    'password-stdin': Flags.boolean({summary: 'Read the password of the sandbox account from the first line of standard input.'}),
    port: Flags.integer({default: 0, max: 65_535, min: 0, summary: 'Port to listen on (0: any free port).'}),
    'token-ttl': Flags.integer({default: DEFAULTS.tokenTtlSeconds, min: 1, summary: 'Seconds until an access token expires.'}),
    'totp-secret': Flags.string({
      env: 'PROTON_SANDBOX_TOTP_SECRET',
      summary: 'Base32 TOTP secret: logins then need a second factor. On the command line it is visible to other local users (ps): prefer PROTON_SANDBOX_TOTP_SECRET.',
    }),
    user: Flags.string({default: DEFAULTS.username, summary: 'User name of the sandbox account.'}),
    'write-session': Flags.boolean({summary: 'Log the sandbox account in and write the session of PROFILE.'}),
  }

  static override runs = sandbox
}
