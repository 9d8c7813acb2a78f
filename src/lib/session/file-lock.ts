/**
 * An exclusive lock file beside a session file, so that of several
 * processes that find the access token expired only one refreshes it (a
 * refresh token can be spent once).
 *
 * The lock names its owner: its pid and, where the system tells it, the
 * process's start time, so a reused pid is not taken for the owner. A lock
 * is broken only when its owner is gone, never for its age: a refresh may
 * wait on the service for a long time (a 429 with Retry-After, a slow
 * answer), and taking the lock from a live owner would spend the same
 * refresh token twice. The one exception is a lock still empty long after it
 * was made: its owner died between creating and writing it.
 */
import {randomBytes} from 'node:crypto'
import {readFileSync} from 'node:fs'
import {link, open, readFile, rename, rm, stat} from 'node:fs/promises'
import {setTimeout as sleep} from 'node:timers/promises'

import {fileFailure, unavailableError} from '../core/errors.ts'

/** A lock still empty after this long was left by a process that died making it. */
export const EMPTY_LOCK_MS = 10_000

export interface LockOptions {
  /** Give up waiting for another owner after this long. */
  waitMs?: number
  /** The error when the wait is over: what was waited for, and what to do. */
  waited?: (owner: LockOwner | undefined, waitedMs: number) => Error
}

export interface LockOwner {
  pid: number
  /** The owner's start time as the system counts it (Linux: clock ticks since boot); undefined where unknown. */
  started?: string
}

/** When process `pid` started (Linux /proc), undefined where the system does not say. */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name (field 2) may hold spaces and parentheses: count fields after the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]
  } catch {
    return undefined
  }
}

export function parseOwner(text: string): LockOwner | undefined {
  const [pid, started] = text.split(':')
  const number = Number.parseInt(pid, 10)
  if (!Number.isInteger(number) || number <= 0) return undefined
  // Locks of earlier versions hold `pid:random`: no start time to compare.
  return {pid: number, started: /^\d+$/.test(started ?? '') ? started : undefined}
}

export function ownerIsAlive(owner: LockOwner): boolean {
  try {
    process.kill(owner.pid, 0)
  } catch (error) {
    // EPERM: a process of another user holds that pid, so not the owner, who wrote into our own directory.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH' && (error as NodeJS.ErrnoException).code !== 'EPERM'
  }

  if (owner.started === undefined) return true
  const started = processStartTime(owner.pid)
  return started === undefined || started === owner.started
}

/** The content of the lock at `path` when it may be broken, else undefined. */
async function breakableContent(path: string): Promise<string | undefined> {
  try {
    const [info, text] = await Promise.all([stat(path), readFile(path, 'utf8')])
    if (text === '') return Date.now() - info.mtimeMs > EMPTY_LOCK_MS ? text : undefined
    const owner = parseOwner(text)
    return owner === undefined || !ownerIsAlive(owner) ? text : undefined
  } catch {
    return undefined
  }
}

/**
 * Break a lock without stealing a fresh one that replaced it since it was
 * judged: move it aside, and put it back if it is not the one judged.
 */
async function breakLock(path: string, judged: string): Promise<void> {
  const aside = `${path}.${randomBytes(6).toString('hex')}.stale`
  try {
    await rename(path, aside)
  } catch {
    return
  }

  if ((await readFile(aside, 'utf8').catch(() => judged)) !== judged) await link(aside, path).catch(() => {})
  await rm(aside, {force: true})
}

/** Create the lock file with our token in it; false when another process holds it. A disk fault is a one-line error, no file left behind. */
async function create(path: string, token: string): Promise<boolean> {
  let handle
  try {
    handle = await open(path, 'wx', 0o600)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw fileFailure('create the lock file', path, error)
  }

  try {
    await handle.writeFile(token)
    await handle.close()
  } catch (error) {
    await handle.close().catch(() => {})
    await rm(path, {force: true})
    throw fileFailure('write the lock file', path, error)
  }

  return true
}

/** Run `work` while holding the lock at `path`. */
export async function withLock<T>(path: string, work: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  const waitMs = options.waitMs ?? 45_000
  const start = Date.now()
  const token = `${process.pid}:${processStartTime(process.pid) ?? ''}:${randomBytes(6).toString('hex')}`
  for (let attempt = 0; !(await create(path, token)); attempt++) {
    const breakable = await breakableContent(path)
    if (breakable !== undefined) {
      await breakLock(path, breakable)
      continue
    }

    if (Date.now() - start >= waitMs) {
      const owner = parseOwner(await readFile(path, 'utf8').catch(() => ''))
      throw options.waited?.(owner, Date.now() - start) ?? unavailableError(`the session is locked by another process (${path}); try again`)
    }

    await sleep(Math.min(10 * 2 ** Math.min(attempt, 4), 150, Math.max(1, waitMs - (Date.now() - start))) + Math.random() * 10)
  }

  try {
    return await work()
  } finally {
    // Remove the lock only while it is still ours.
    if ((await readFile(path, 'utf8').catch(() => '')) === token) await rm(path, {force: true})
  }
}
