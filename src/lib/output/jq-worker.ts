/**
 * jq's engine on a worker thread. The first filter a jq-wasm instance runs
 * costs some 40 ms (V8 compiles jq's WebAssembly lazily, function by
 * function, and jq parses and binds its builtins), on top of loading it:
 * paid in series, --jq cost three times a bare request. On a worker it is
 * paid on another core while the main thread reads the session and sends:
 * the worker loads jq and compiles the filter at once (the check that
 * refuses a broken filter), so the answer meets a warm engine.
 */
import {createRequire} from 'node:module'
import {Worker} from 'node:worker_threads'

/** What one jq run gave: jq's own result, or how the engine broke (the heap ran out: Emscripten aborts). */
export type EngineAnswer = {crashed: false; exitCode: number; stderr: string; stdout: string} | {crashed: true; message: string; name: string}

/**
 * The worker, CommonJS evaluated as is (no file of ours to find from a
 * bundle). Its console.error is silenced: Emscripten's runtime writes its
 * own lines ("Aborted()") there, which are not jq's and not the user's.
 */
const WORKER_SOURCE = `
const {parentPort, workerData} = require('node:worker_threads')
console.error = () => undefined
if (workerData.compileCache) {
  try { require('node:module').enableCompileCache?.(workerData.compileCache) } catch {}
}
const engine = require(workerData.jqPath).loadJq()
parentPort.on('message', ({id, input, filter}) => {
  engine.then((jq) => {
    let answer
    try {
      const {exitCode, stderr, stdout} = jq.raw(input, filter, workerData.flags)
      answer = {crashed: false, exitCode, stderr, stdout}
    } catch (error) {
      answer = {crashed: true, name: String(error && error.name), message: String(error && error.message)}
    }
    parentPort.postMessage({id, answer})
  }, (error) => parentPort.postMessage({id, failed: String(error && error.message)}))
})
`

type Reply = {answer: EngineAnswer; failed?: undefined; id: number} | {answer?: undefined; failed: string; id: number}

export class JqWorker {
  private readonly worker: Worker
  private readonly pending = new Map<number, {reject: (error: Error) => void; resolve: (answer: EngineAnswer) => void}>()
  private next = 0

  /** `flags` are jq's command-line flags for every run; `compileCache` Node's compile cache directory, if any. */
  constructor(flags: readonly string[], compileCache?: string) {
    // `require` exists in the fast path's CommonJS bundle, which leaves jq-wasm in node_modules; an ES module makes its own.
    const load = typeof require === 'function' ? require : createRequire(import.meta.url)
    this.worker = new Worker(WORKER_SOURCE, {eval: true, workerData: {compileCache, flags: [...flags], jqPath: load.resolve('jq-wasm')}})
    this.worker.on('message', (reply: Reply) => {
      const waiting = this.pending.get(reply.id)
      this.pending.delete(reply.id)
      this.holdProcess()
      if (reply.failed === undefined) waiting?.resolve(reply.answer)
      else waiting?.reject(new Error(`jq could not be loaded: ${reply.failed}`))
    })
    this.worker.on('error', (error) => this.failAll(error))
    this.worker.on('exit', (code) => this.failAll(new Error(`jq's worker stopped (${code})`)))
    this.holdProcess()
  }

  /** jq run over `input` with `filter`. */
  run(input: string, filter: string): Promise<EngineAnswer> {
    const id = this.next++
    return new Promise((resolve, reject) => {
      this.pending.set(id, {reject, resolve})
      this.holdProcess()
      this.worker.postMessage({filter, id, input})
    })
  }

  /** Ends the worker (tests load many engines in one process). */
  async close(): Promise<void> {
    await this.worker.terminate()
  }

  private failAll(error: Error): void {
    for (const {reject} of this.pending.values()) reject(error)
    this.pending.clear()
  }

  /**
   * The process waits for the worker only while an answer is awaited: idle,
   * the command's end ends it, whatever the worker holds. (Called after the
   * listeners are set, as a message listener refs the worker again.)
   */
  private holdProcess(): void {
    if (this.pending.size > 0) this.worker.ref()
    else this.worker.unref()
  }
}
