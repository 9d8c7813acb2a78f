/**
 * Waiting for an event instead of sleeping a fixed time: a file that
 * appears (inotify through fs.watch), a loop that has gone quiet.
 */
import {existsSync, watch} from 'node:fs'
import {basename, dirname} from 'node:path'
import {setImmediate as nextTurn} from 'node:timers/promises'

/** Resolves once `path` exists (its directory watched); rejects after `timeoutMs`. */
export function fileAppears(path: string, timeoutMs = 10_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const watcher = watch(dirname(path), (_event, name) => {
      if (name === basename(path) && existsSync(path)) done()
    })
    const timer = setTimeout(() => {
      watcher.close()
      reject(new Error(`${path} did not appear within ${timeoutMs} ms`))
    }, timeoutMs)
    function done() {
      clearTimeout(timer)
      watcher.close()
      resolve()
    }

    // Made before the watch began.
    if (existsSync(path)) done()
  })
}

/**
 * Resolves once `progress()` has stopped changing for `quietTurns` turns of
 * the event loop in a row: every pending read and write has settled, so
 * whatever still waits is blocked. Bounded by `maxTurns`.
 */
export async function settled(progress: () => number, quietTurns = 50, maxTurns = 100_000): Promise<void> {
  let last = progress()
  let quiet = 0
  for (let turn = 0; turn < maxTurns && quiet < quietTurns; turn++) {
    await nextTurn()
    const now = progress()
    quiet = now === last ? quiet + 1 : 0
    last = now
  }

  if (quiet < quietTurns) throw new Error(`still moving after ${maxTurns} turns`)
}
