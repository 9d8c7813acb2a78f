/**
 * In-process runs of the dedicated commands: oclif's runCommand, an
 * environment session for the default base URL, nock as the service, no
 * other network, and UTC so times read the same everywhere.
 */
import {runCommand} from '@oclif/test'
import nock from 'nock'
import {fileURLToPath} from 'node:url'

import {type TempHome, tempHome, TOKENS} from '../helpers/session-files.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
export const API = 'https://mail.proton.me'

export interface Run {
  exit: number | string
  stderr: string
  stdout: string
}

/** One command run; arguments must not hold spaces (runCommand splits on them). */
export async function proton(args: string[]): Promise<Run> {
  const {error, stderr, stdout} = await runCommand(args, {root})
  return {exit: error?.oclif?.exit ?? (error ? `unexpected: ${error.message}` : 0), stderr, stdout}
}

/** mocha hooks: a fresh config directory, the env session, nock only. */
export function useInProcessService(): {home: () => TempHome; withoutSession: () => void} {
  let home: TempHome
  const saved = {...process.env}
  // process.env is changed in place: TZ takes effect only through the real object.
  const restore = () => {
    for (const key of Object.keys(process.env)) if (!(key in saved)) Reflect.deleteProperty(process.env, key)
    Object.assign(process.env, saved)
  }

  beforeEach(() => {
    home = tempHome()
    for (const key of Object.keys(process.env)) if (key.startsWith('PROTON_')) Reflect.deleteProperty(process.env, key)
    process.env.XDG_CONFIG_HOME = home.home
    process.env.TZ = 'UTC'
    process.env.PROTON_UID = TOKENS.UID
    process.env.PROTON_ACCESS_TOKEN = TOKENS.AccessToken
    nock.disableNetConnect()
  })
  afterEach(() => {
    const pending = nock.pendingMocks()
    nock.cleanAll()
    nock.enableNetConnect()
    restore()
    home.remove()
    if (pending.length > 0) throw new Error(`requests expected but not sent: ${pending.join(', ')}`)
  })
  return {
    home: () => home,
    withoutSession: () => {
      delete process.env.PROTON_UID
      delete process.env.PROTON_ACCESS_TOKEN
    },
  }
}
