/**
 * Sessions on disk: <configDir>/sessions/<profile>.json, mode 0600 in a 0700
 * directory, replaced atomically (temporary file, fsync, rename) so a crash
 * never leaves a broken file.
 */
import {randomBytes} from 'node:crypto'
import {readFileSync} from 'node:fs'
import {chmod, mkdir, open, readdir, rename, rm} from 'node:fs/promises'
import {join} from 'node:path'

import {authError, usageError} from '../runtime/errors.ts'

export interface StoredSession {
  UID: string
  AccessToken: string
  RefreshToken: string
  APIURL: string
  Username?: string
  Scopes?: string[]
  AppVersion?: string
  /** ISO date-times. */
  CreatedAt?: string
  RefreshedAt?: string
  /** Set when the service refused to renew the session: it has ended. */
  RefreshRefusedAt?: string
  RefreshError?: string
  [field: string]: unknown
}

const PROFILE = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/
const REQUIRED = ['UID', 'AccessToken', 'RefreshToken', 'APIURL'] as const

export function checkProfileName(profile: string): string {
  if (!PROFILE.test(profile)) {
    throw usageError(`profile names use letters, digits, ".", "_" and "-" (at most 64): ${JSON.stringify(profile)}`)
  }

  return profile
}

export class SessionStore {
  readonly directory: string

  constructor(configDir: string) {
    this.directory = join(configDir, 'sessions')
  }

  /** The profiles that have a session file, sorted. */
  async list(): Promise<string[]> {
    let names: string[]
    try {
      names = await readdir(this.directory)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
      throw error
    }

    return names
      .filter((name) => name.endsWith('.json'))
      .map((name) => name.slice(0, -'.json'.length))
      .filter((name) => PROFILE.test(name))
      .sort()
  }

  pathOf(profile: string): string {
    return join(this.directory, `${checkProfileName(profile)}.json`)
  }

  /** The profile's session, or undefined when it has none. A damaged file is an error. */
  async read(profile: string): Promise<StoredSession | undefined> {
    const path = this.pathOf(profile)
    let text: string
    try {
      // Synchronous: every command reads one, and the asynchronous read would first start libuv's thread pool.
      text = readFileSync(path, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
      throw authError(`cannot read the session of profile ${profile} (${path}): ${(error as NodeJS.ErrnoException).code}`)
    }

    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      throw authError(`the session file of profile ${profile} is not valid JSON: ${path}`)
    }

    const record = value as Record<string, unknown>
    const missing = REQUIRED.filter((field) => typeof record?.[field] !== 'string' || record[field] === '')
    if (value === null || typeof value !== 'object' || missing.length > 0) {
      throw authError(`the session file of profile ${profile} lacks ${missing.join(', ') || 'its fields'}: ${path}`)
    }

    return value as StoredSession
  }

  /** Replace the profile's session atomically. */
  async write(profile: string, session: StoredSession): Promise<void> {
    const path = this.pathOf(profile)
    await mkdir(this.directory, {mode: 0o700, recursive: true})
    await chmod(this.directory, 0o700)
    const temporary = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`
    const handle = await open(temporary, 'wx', 0o600)
    try {
      await handle.writeFile(`${JSON.stringify(session, null, 2)}\n`)
      await handle.sync()
    } catch (error) {
      await handle.close()
      await rm(temporary, {force: true})
      throw error
    }

    await handle.close()
    await rename(temporary, path)
    // Make the rename itself durable.
    const directory = await open(this.directory, 'r')
    try {
      await directory.sync()
    } finally {
      await directory.close()
    }
  }

  async remove(profile: string): Promise<boolean> {
    const path = this.pathOf(profile)
    try {
      await rm(path)
      return true
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false
      throw error
    }
  }
}
