/**
 * proton sandbox: a local stand-in for the service, serving until Ctrl-C.
 * Long-running, so it runs through oclif only (see registry.ts).
 */
import {shellQuote} from '../lib/output/shell-quote.ts'
import {commandLine} from '../lib/core/command-names.ts'
import {usageError} from '../lib/core/errors.ts'
import {InputLines} from '../lib/cli/input-lines.ts'
import {appVersionFor} from '../lib/run/exchange.ts'
import type {Invocation} from '../lib/run/invocation.ts'
import {plainCommand} from '../lib/run/plain-command.ts'
import {checkHost, listenFailure, selfLogin, totpKeyOf, untilStopped} from './glue.ts'
import {type Sandbox, startSandbox} from './http/server.ts'
import {checkProfileName} from '../lib/session/store.ts'

export interface SandboxOptions {
  host: string
  /** --password, PROTON_SANDBOX_PASSWORD or the default. */
  password: string
  /** Two-password mode: the keys unlock with this, not with the password. */
  mailboxPassword?: string
  passwordStdin: boolean
  port: number
  /** The PROFILE argument. */
  profile?: string
  tokenTtl: number
  totpSecret?: string
  /** --force: --write-session may replace a session that is not a sandbox one. */
  force: boolean
  /** --profile as typed on this line (its default and PROTON_PROFILE do not count). */
  typedProfile?: string
  /** The flags given on the command line itself, not by a variable or a default (secrets among them are warned about). */
  typed: ReadonlySet<string>
  user: string
  writeSession: boolean
}

/** The password: the first line of standard input with --password-stdin, else --password / PROTON_SANDBOX_PASSWORD / the default. */
async function passwordOf(invocation: Invocation, options: SandboxOptions): Promise<string> {
  if (!options.passwordStdin) return options.password
  if (options.typed.has('password')) throw usageError('--password and --password-stdin both give the password: give one')
  const lines = new InputLines(() => invocation.io.stdin)
  try {
    const password = await lines.next()
    if (!password) throw usageError('--password-stdin: standard input holds no password (its first line is empty)')
    return password
  } finally {
    await lines.close()
  }
}

/** A secret typed on the command line: every local user sees it in ps. */
function warnTypedSecrets(invocation: Invocation, typed: ReadonlySet<string>): void {
  const safer: Record<string, string> = {password: 'PROTON_SANDBOX_PASSWORD or --password-stdin', 'totp-secret': 'PROTON_SANDBOX_TOTP_SECRET'}
  for (const [flag, instead] of Object.entries(safer)) {
    if (typed.has(flag)) invocation.note(`Warning: --${flag} on the command line is visible to other local users (ps) and kept in shell history; use ${instead}`)
  }
}

/**
 * --write-session replaces only a sandbox's session (one holding SandboxSecret) unless --force: a real session's
 * tokens would be lost while it stays alive on the service. A file that cannot be read counts as a real one.
 */
async function refuseRealSession(invocation: Invocation, profile: string, force: boolean): Promise<void> {
  if (force) return
  const {sessions} = invocation
  const stored = await sessions.read(profile).catch(() => null)
  if (stored === undefined || typeof stored?.SandboxSecret === 'string') return
  throw usageError(`profile "${profile}" holds a session that is not the sandbox's (${sessions.pathOf(profile)}); --write-session would replace it: write another profile, or add --force`)
}

export const sandbox = plainCommand<SandboxOptions>({
  options: (line) => ({
    force: line.boolean('force'),
    host: line.string('host'),
    mailboxPassword: line.optionalString('mailbox-password'),
    password: line.string('password'),
    passwordStdin: line.boolean('password-stdin'),
    port: line.integer('port'),
    profile: line.optionalArg('profile'),
    tokenTtl: line.integer('token-ttl'),
    totpSecret: line.optionalString('totp-secret'),
    typed: new Set(line.line.flagsInOrder.map(({flag}) => flag)),
    typedProfile: line.line.flagsInOrder.findLast(({flag}) => flag === 'profile')?.input,
    user: line.string('user'),
    writeSession: line.boolean('write-session'),
  }),
  async run(invocation, options) {
    const {force, typedProfile: typed, writeSession} = options
    if (force && !writeSession) throw usageError('--force lets --write-session replace a session; add --write-session')
    if (options.profile !== undefined && !writeSession) throw usageError('PROFILE is the profile --write-session writes; add --write-session')
    if (typed !== undefined && !writeSession) throw usageError('--profile names the profile --write-session writes; add --write-session')
    if (typed !== undefined && options.profile !== undefined && typed !== options.profile) {
      throw usageError(`two profiles to write: ${JSON.stringify(options.profile)} and --profile ${JSON.stringify(typed)}; give one`)
    }

    const profile = checkProfileName(options.profile ?? typed ?? 'sandbox')
    if (writeSession) await refuseRealSession(invocation, profile, force)
    const host = checkHost(options.host)
    const totpKey = totpKeyOf(options.totpSecret)
    const password = await passwordOf(invocation, options)
    warnTypedSecrets(invocation, options.typed)
    const {stderr, stdout} = invocation.io
    let server: Sandbox
    try {
      server = await startSandbox({
        host,
        onError: (error, method, path) => stderr.write(`sandbox: internal error on ${method} ${path}: ${String(error)}\n`),
        mailboxPassword: options.mailboxPassword,
        password,
        port: options.port,
        tokenTtlSeconds: options.tokenTtl,
        totpKey,
        username: options.user,
      })
    } catch (error) {
      throw listenFailure(error, host, options.port)
    }

    try {
      if (writeSession) {
        const {sessions} = invocation
        const session = await selfLogin({
          appVersion: appVersionFor(invocation.flags['app-version']),
          mailboxPassword: options.mailboxPassword,
          password,
          totpKey,
          url: server.url,
          username: options.user,
        })
        // Asked again: a login may have written the profile meanwhile.
        await refuseRealSession(invocation, profile, force)
        // The controls' secret goes with the session, for scripts and tests that drive the sandbox.
        await sessions.writeLocked(profile, {...session, SandboxSecret: server.controlSecret})
        invocation.note(
          `Wrote the sandbox session of profile "${profile}" (${sessions.pathOf(profile)}): try ${commandLine(invocation.context.names, 'api')} GET /core/v4/users --profile ${shellQuote(profile)}`,
        )
      }

      stdout.write(`${server.url}\n`)
      invocation.note(
        `Proton sandbox for account "${options.user}" at ${server.url}; controls under ${server.url}/__sandbox/ with the header X-Sandbox-Secret: ${server.controlSecret}. Stop with Ctrl-C.`,
      )
      await untilStopped()
    } finally {
      await server.close()
    }
  },
})
