/**
 * In-process command runs: oclif's runCommand, a fresh config and cache
 * directory, optionally an environment session for the default base URL,
 * nock as the service with no other network, and UTC so times read the
 * same everywhere.
 */
import {runCommand} from '@oclif/test'
import nock from 'nock'
import {fileURLToPath} from 'node:url'

import {snapshotEnvironment} from './environment.ts'
import {type TempHome, tempHome, TOKENS} from './session-files.ts'

/** The standalone view (dist/standalone: ids without the `proton` topic), as the `proton` bin runs it. */
const root = fileURLToPath(new URL('../../dist/standalone', import.meta.url))
export const API = 'https://mail.proton.me'

export interface Run {
  exit: number | string
  stderr: string
  stdout: string
}

/** One command run. runCommand joins its arguments and splits them again at spaces, except inside double quotes. */
export async function proton(args: string[]): Promise<Run> {
  const quoted = args.map((arg) => (/\s/.test(arg) ? `"${arg}"` : arg))
  const {error, stderr, stdout} = await runCommand(quoted, {root})
  return {exit: error?.oclif?.exit ?? (error ? `unexpected: ${error.message}` : 0), stderr, stdout}
}

export interface InProcessOptions {
  /** Start each test with the environment session (default true). */
  session?: boolean
  /** Fail a test that left an expected request unsent (default true). */
  allMocksUsed?: boolean
}

/** mocha hooks for the enclosing describe. */
export function useInProcessService(options: InProcessOptions = {}): {home: () => TempHome; withSession: () => void; withoutSession: () => void} {
  let home: TempHome
  const restore = snapshotEnvironment()

  const withSession = () => {
    process.env.PROTON_UID = TOKENS.UID
    process.env.PROTON_ACCESS_TOKEN = TOKENS.AccessToken
  }

  beforeEach(() => {
    home = tempHome()
    for (const key of Object.keys(process.env)) if (key.startsWith('PROTON_')) Reflect.deleteProperty(process.env, key)
    process.env.XDG_CONFIG_HOME = home.home
    process.env.XDG_CACHE_HOME = `${home.home}/cache`
    process.env.TZ = 'UTC'
    if (options.session !== false) withSession()
    nock.disableNetConnect()
  })
  afterEach(() => {
    const pending = nock.pendingMocks()
    nock.cleanAll()
    nock.enableNetConnect()
    restore()
    home.remove()
    if (options.allMocksUsed !== false && pending.length > 0) throw new Error(`requests expected but not sent: ${pending.join(', ')}`)
  })
  return {
    home: () => home,
    withSession,
    withoutSession: () => {
      delete process.env.PROTON_UID
      delete process.env.PROTON_ACCESS_TOKEN
    },
  }
}
