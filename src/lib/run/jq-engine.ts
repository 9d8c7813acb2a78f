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
 *   only postpones it: two filters run in one process spent one);
 * - the event loop held open while it compiles: a compile in progress holds
 *   no handle of its own, and without one a line that awaits nothing else
 *   could end, exit 0 and print nothing, before jq ran;
 * - its random bytes from the kernel: jq asks for a few on its first run
 *   (Emscripten's random_get calls the global crypto.getRandomValues), and
 *   Node's global crypto is webcrypto, whose first use loads OpenSSL's
 *   binding and some forty modules, some 15 ms of CPU (2 busy cores). While
 *   jq runs (synchronously) that global is one reading /dev/urandom, the
 *   generator OpenSSL's own is seeded from; Windows has none and keeps Node's.
 */
import {closeSync, openSync, readFileSync, readSync} from 'node:fs'
import {createRequire} from 'node:module'
import {setFlagsFromString} from 'node:v8'

/** What --jq uses of jq-wasm's handle. */
export type JqEngine = Pick<import('jq-wasm').Jq, 'raw' | 'version'>
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

/** crypto.getRandomValues from the kernel's generator. */
function kernelRandom<View extends Uint8Array>(view: View): View {
  const fd = openSync('/dev/urandom', 'r')
  try {
    for (let filled = 0; filled < view.length;) filled += readSync(fd, view, filled, view.length - filled, null)
  } finally {
    closeSync(fd)
  }

  return view
}

/** `run` with the global crypto reading /dev/urandom, Node's put back after. */
function withKernelRandom<T>(run: () => T): T {
  const nodes = Object.getOwnPropertyDescriptor(globalThis, 'crypto')
  if (process.platform === 'win32' || !nodes?.configurable) return run()
  Object.defineProperty(globalThis, 'crypto', {configurable: true, value: {getRandomValues: kernelRandom}})
  try {
    return run()
  } finally {
    Object.defineProperty(globalThis, 'crypto', nodes)
  }
}

/** jq, compiled and instantiated; the compile starts before this returns. */
export async function loadJqEngine(): Promise<JqEngine> {
  const compiled = compileJq()
  // Awaited below, once the glue is loaded; a failure is reported there.
  compiled.catch(() => undefined)
  const {loadJq} = await import('jq-wasm')
  const engine = await loadJq({wasmModule: await compiled})
  return {
    raw: (input, filter, flags) => withKernelRandom(() => engine.raw(input, filter, flags)),
    version: engine.version,
  }
}
