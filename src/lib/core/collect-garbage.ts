/**
 * A full garbage collection every `everyBytes` of a long transfer. A drive
 * block passes through several 4 MiB copies (encrypted, decrypted, hashed);
 * V8 frees the young ones, but the ones promoted before they die pile up in
 * the old space until its next collection, which for a 256 MiB download came
 * only after some 70 MiB of them: memory grew with the file. The heap limit
 * (--max-old-space-size) cannot be set once Node runs, so the collector is
 * asked for directly: V8's --expose-gc, set now, gives a new context a gc().
 * Without it (another engine), nothing is done.
 */
import {setFlagsFromString} from 'node:v8'
import {runInNewContext} from 'node:vm'

let collector: (() => void) | undefined

export function collect(): void {
  if (collector === undefined) {
    try {
      setFlagsFromString('--expose-gc')
      const gc = runInNewContext('gc') as unknown
      collector = typeof gc === 'function' ? (gc as () => void) : () => undefined
    } catch {
      collector = () => undefined
    }
  }

  collector()
}

/** A function to call with the bytes transferred so far: it collects once per `everyBytes` crossed. */
export function garbagePacer(everyBytes: number): (bytes: number) => void {
  let next = everyBytes
  return (bytes) => {
    if (bytes < next) return
    next = bytes + everyBytes
    collect()
  }
}

/** Bytes from which one piece of work (a block's encryption, its decryption) is worth a collection after it. */
const BLOCK_SIZED = 1024 ** 2

/** A collection after work on `bytes` of data when they are a block's worth: its copies freed before the next. */
export function collectAfterBlock(bytes: number): void {
  if (bytes >= BLOCK_SIZED) collect()
}
