/**
 * An exclusive lock file beside a session file, so that of several
 * processes that find the access token expired only one refreshes it. The
 * lock holds the owner's pid; a lock whose owner is gone, or that is older
 * than the stale bound, is broken.
 */
import {randomBytes} from 'node:crypto'
import {link, open, readFile, rename, rm, stat} from 'node:fs/promises'
import {setTimeout as sleep} from 'node:timers/promises'

import {unavailableError} from '../runtime/errors.ts'

export interface LockOptions {
  /** A lock older than this is a leftover and is broken. */
  staleMs?: number
  /** Give up waiting after this long. */
  waitMs?: number
}

function ownerIsGone(text: string): boolean {
  const pid = Number.parseInt(text.split(':', 1)[0], 10)
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return false
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH'
  }
}

/** The content of the lock at `path` when it is stale, else undefined. */
async function staleContent(path: string, staleMs: number): Promise<string | undefined> {
  try {
    const [info, text] = await Promise.all([stat(path), readFile(path, 'utf8')])
    // An empty file is a lock being written this instant: only age breaks it.
    return Date.now() - info.mtimeMs > staleMs || (text !== '' && ownerIsGone(text)) ? text : undefined
  } catch {
    return undefined
  }
}

/**
 * Break a stale lock without stealing a fresh one that replaced it since it
 * was judged: move it aside, and put it back if it is not the one judged.
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

/** Run `work` while holding the lock at `path`. */
export async function withLock<T>(path: string, work: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  const staleMs = options.staleMs ?? 30_000
  const deadline = Date.now() + (options.waitMs ?? 45_000)
  const token = `${process.pid}:${randomBytes(6).toString('hex')}`
  for (let attempt = 0; ; attempt++) {
    try {
      const handle = await open(path, 'wx', 0o600)
      try {
        await handle.writeFile(token)
      } finally {
        await handle.close()
      }

      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const stale = await staleContent(path, staleMs)
      if (stale !== undefined) {
        await breakLock(path, stale)
        continue
      }

      if (Date.now() > deadline) throw unavailableError(`the session is locked by another process (${path}); try again`)
      await sleep(Math.min(10 * 2 ** Math.min(attempt, 4), 150) + Math.random() * 10)
    }
  }

  try {
    return await work()
  } finally {
    // Remove the lock only while it is still ours.
    if ((await readFile(path, 'utf8').catch(() => '')) === token) await rm(path, {force: true})
  }
}
