/**
 * Sessions on disk: <configDir>/sessions/<profile>.json, mode 0600 in a 0700
 * directory, replaced atomically (temporary file, fsync, rename) so a crash
 * never leaves a broken file.
 */
import {closeSync, constants, lstatSync, openSync, readFileSync} from 'node:fs'
import {chmod, mkdir, readdir, rm} from 'node:fs/promises'
import {join} from 'node:path'

import {replaceFile} from '../files/atomic-file.ts'
import {authError, fileFailure, usageError} from '../core/errors.ts'
import {type LockOptions, withLock} from './file-lock.ts'

/** Synchronous for the same reason as the read: one local system call. */
function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink()
  } catch {
    return false // Missing or unreadable: the open that follows reports it.
  }
}

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
  /** How reads open the keys the login unlocked: without OpenPGP.js (crypto/direct), or with it (an RSA key, say). */
  KeysRead?: KeysRead
  [field: string]: unknown
}

export type KeysRead = 'direct' | 'openpgp'

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
    await this.refuseLinkedDirectory()
    let text: string
    try {
      // Synchronous: every command reads one, and the asynchronous read would first start libuv's thread pool.
      // O_NOFOLLOW: a symbolic link in the file's place is not followed into someone else's file.
      const descriptor = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW)
      try {
        text = readFileSync(descriptor, 'utf8')
      } finally {
        closeSync(descriptor)
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
      throw fileFailure(`read the session of profile ${profile} from`, path, error)
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

  /** The sessions directory, refused when it is a symbolic link: nothing of ours is written through one. */
  private async refuseLinkedDirectory(): Promise<void> {
    if (isLink(this.directory)) throw fileFailure('use the sessions directory', this.directory, Object.assign(new Error('symbolic link'), {code: 'ELOOP'}))
  }

  /**
   * Replace the profile's session atomically: a temporary file (0600),
   * flushed, renamed over the old one, the rename flushed. A symbolic link in
   * the file's place is refused, never followed or replaced. A disk fault is
   * one line naming the file (exit 1).
   */
  async write(profile: string, session: StoredSession): Promise<void> {
    const path = this.pathOf(profile)
    const failed = (error: unknown) => fileFailure(`save the session of profile ${profile} to`, path, error)
    await this.ensureDirectory(failed)

    if (isLink(path)) throw failed(Object.assign(new Error('symbolic link'), {code: 'ELOOP'}))
    await replaceFile(path, `${JSON.stringify(session, null, 2)}\n`, {durable: true, failure: failed, mode: 0o600})
  }

  /** The lock every writer of the profile's session holds: refresh, login. */
  lockOf(profile: string): string {
    return `${this.pathOf(profile)}.lock`
  }

  /** The sessions directory, made (0700) when missing; never through a symbolic link. */
  private async ensureDirectory(failed: (error: unknown) => Error): Promise<void> {
    await this.refuseLinkedDirectory()
    try {
      await mkdir(this.directory, {mode: 0o700, recursive: true})
      await chmod(this.directory, 0o700)
    } catch (error) {
      throw failed(error)
    }
  }

  /** write() under the profile's lock, so that it never interleaves with a refresh of the same profile. */
  async writeLocked(profile: string, session: StoredSession, options: LockOptions = {}): Promise<void> {
    await this.ensureDirectory((error) => fileFailure('create the sessions directory', this.directory, error))
    await withLock(this.lockOf(profile), () => this.write(profile, session), options)
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
