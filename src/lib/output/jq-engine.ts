/**
 * jq itself (jq-wasm's jq.wasm, jq 1.8.2 compiled to WebAssembly), made
 * ready as cheaply as a one-answer run allows:
 * - compiled from its bytes at once: WebAssembly.compile decodes and
 *   validates on V8's background threads while the glue loads and the
 *   command sends its request; the glue gets the module (its wasmModule
 *   option) instead of reading the file itself and compiling later;
 * - never tiered up: V8 recompiles a wasm function that runs hot with
 *   TurboFan on background threads, and a process ends only once those
 *   compiles are done. jq's interpreter and parser are hot at once, and their
 *   TurboFan compiles held each --jq run open some 170 ms past its end (2 busy
 *   cores) for code the filter no longer needed. Without dynamic tiering
 *   and tier-up, set before the compile (a module takes them as it is
 *   compiled), Liftoff's code is the only code: it filtered a 20 MiB answer
 *   no slower. (--liftoff-only says the same on Node's command line, but set
 *   once V8 runs it does not set the flags it implies; a large tiering budget
 *   only postpones it: two filters run in one process spent one.)
 * - the event loop held open while it compiles: a compile in progress holds
 *   no handle of its own, and without one a line that awaits nothing else
 *   could end, exit 0 and print nothing, before jq ran.
 */
import {readFileSync} from 'node:fs'
import {createRequire} from 'node:module'
import {setFlagsFromString} from 'node:v8'

export type JqEngine = import('jq-wasm').Jq
type WasmModule = NonNullable<import('jq-wasm').JqLoadOptions['wasmModule']>
/** The one part of the WebAssembly global used here (TypeScript declares it only in its DOM library, which this project leaves out). */
declare const WebAssembly: {compile(bytes: Uint8Array): Promise<WasmModule>}

/** Liftoff only: dynamic tiering off, and with it the eager tier-up it would otherwise start. */
const LIFTOFF_ONLY = ['--no-wasm-tier-up', '--no-wasm-dynamic-tiering']

function compileJq(): Promise<WasmModule> {
  // `require` exists in the fast path's CommonJS bundle, which leaves jq-wasm in node_modules; an ES module makes its own.
  const load = typeof require === 'function' ? require : createRequire(import.meta.url)
  const bytes = readFileSync(load.resolve('jq-wasm/jq.wasm'))
  for (const flag of LIFTOFF_ONLY) setFlagsFromString(flag)
  const hold = setTimeout(() => undefined, 2_147_483_647)
  return WebAssembly.compile(bytes).finally(() => clearTimeout(hold))
}

/** jq, compiled and instantiated; the compile starts before this returns. */
export async function loadJqEngine(): Promise<JqEngine> {
  const compiled = compileJq()
  // Awaited below, once the glue is loaded; a failure is reported there.
  compiled.catch(() => undefined)
  const {loadJq} = await import('jq-wasm')
  return loadJq({wasmModule: await compiled})
}
