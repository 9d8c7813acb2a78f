/**
 * Starts the fast path (bin/run.js requires this as dist/fast/load.cjs):
 * works out which command the line names (runtime/resolve-line.ts), then
 * compiles that command's bundle, dist/fast/<module>.cjs (the dispatcher
 * and the command's module of src/lib/commands, with what they import),
 * with a V8 code cache made after a run, and hands it the line. A line that
 * names no command of the fast path goes to oclif without loading any
 * bundle. Node's own compile cache is made
 * when a file is compiled, before it runs, so it holds little more than
 * the bundle's top level: every function a command calls is compiled again
 * at every start, some 4 ms. A cache V8 writes once a command has run holds
 * those functions too.
 *
 * One cache file per bundle, build, Node version and architecture, in
 * <cacheDir>/code-cache/ (the user's own cache directory, as the rest of
 * the tool's cache), with the list of commands whose run it holds beside
 * it. It is written again at exit when it was missing or refused, or when
 * a command of the bundle not yet in it ran; otherwise a start only reads it. V8 refuses
 * a cache that does not fit the source, its version or its flags, and the
 * bundle is then compiled as usual. NODE_DISABLE_COMPILE_CACHE=1 turns it
 * off, as it does Node's.
 *
 * It runs only as that CommonJS bundle, where require and __dirname are the
 * bundle's own (scripts/build-fast-path.js).
 */
import {readdirSync, readFileSync, renameSync, rmSync, writeFileSync} from 'node:fs'
import {createRequire} from 'node:module'
import {dirname, join} from 'node:path'
import {Script} from 'node:vm'

import type {dispatch, FastTable} from './fast.ts'
import {ensurePrivateDirectory} from './lib/files/private-directory.ts'
import {enableOwnCompileCache} from './lib/runtime/compile-cache.ts'
import type {PlainCommand} from './lib/runtime/plain-command.ts'
import {moveLeadingFlags, resolveCommand} from './lib/runtime/resolve-line.ts'
import {standaloneDirectories} from './lib/runtime/standalone-dirs.ts'

/** A bundle's file name beside this one, and a hash of its text that names its code cache. */
interface BundleFile {
  file: string
  hash: string
}

/** dist/fast/commands.json with what the build adds for the loader. */
export interface LoadTable extends FastTable {
  /** The bundle of each command the fast path runs, by id. */
  bundles: Readonly<Record<string, BundleFile>>
  /** The global flags a line may begin with (runtime/leading-flags.ts). */
  leadingFlags: {valued: string[]; boolean: string[]}
}

/** What a bundle exports: the dispatcher and the plain functions of its commands, by id. */
interface Bundle {
  dispatch: typeof dispatch
  commands: Readonly<Record<string, PlainCommand<unknown>>>
}

interface CodeCache {
  file: string
  data?: Buffer
  /** The commands whose run the cache holds. */
  covered: Set<string>
}

function readCodeCache(directory: string, key: string): CodeCache {
  const file = join(directory, `${key}.bin`)
  try {
    // Compiled code is run: never from a directory another user could have written to.
    ensurePrivateDirectory(directory)
    const covered = new Set(readFileSync(`${file}.commands`, 'utf8').split('\n').filter(Boolean))
    return {covered, data: readFileSync(file), file}
  } catch {
    return {covered: new Set(), file}
  }
}

/** Replace the cache and its list atomically; drop the caches of the bundle's other builds. A failure leaves things as they were. */
function writeCodeCache(cache: CodeCache, data: Buffer): void {
  try {
    const directory = dirname(cache.file)
    ensurePrivateDirectory(directory)
    const name = cache.file.slice(directory.length + 1)
    const bundle = name.slice(0, name.indexOf('@') + 1)
    for (const other of readdirSync(directory)) if (other.startsWith(bundle) && !other.startsWith(name)) rmSync(join(directory, other), {force: true})
    for (const [path, content] of [[cache.file, data], [`${cache.file}.commands`, `${[...cache.covered].join('\n')}\n`]] as const) {
      const temporary = `${path}.${process.pid}.tmp`
      writeFileSync(temporary, content, {mode: 0o600})
      renameSync(temporary, path)
    }
  } catch {
    // The cache only saves time.
  }
}

/** Compile and run the bundle (with its code cache when there is one); what it exports. */
function loadBundle(path: string, cachedData?: Buffer): {bundle: Bundle; script: Script} {
  const source = readFileSync(path, 'utf8')
  // The wrapper Node puts around a CommonJS module, so the bundle runs as it would under require().
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {cachedData, filename: path})
  const module = {exports: {}}
  const wrapper = script.runInThisContext() as (exports: object, require: NodeJS.Require, module: object, filename: string, directory: string) => void
  wrapper(module.exports, createRequire(path), module, path, dirname(path))
  return {bundle: module.exports as Bundle, script}
}

/** Run the line with its bundle (see the top of this file). */
async function runBundle(file: BundleFile, args: string[], table: LoadTable, env: NodeJS.ProcessEnv, cacheDir: string): Promise<string[] | undefined> {
  const path = join(__dirname, file.file)
  if (env.NODE_DISABLE_COMPILE_CACHE) {
    const {bundle} = loadBundle(path)
    return bundle.dispatch(args, table, bundle.commands, env)
  }

  // <module>@<Node>-<arch>-<hash>.bin: '@' is in no module's name, so a bundle's caches are told from another's.
  const key = `${file.file.replace(/\.cjs$/, '')}@${process.version}-${process.arch}-${file.hash}`
  const cache = readCodeCache(join(cacheDir, 'code-cache'), key)
  const {bundle, script} = loadBundle(path, cache.data)
  const refused = cache.data === undefined || script.cachedDataRejected === true
  let ran: string | undefined
  // At exit (the fast path ends with process.exit), once the command's functions are compiled.
  process.once('exit', () => {
    if (ran === undefined || (!refused && cache.covered.has(ran))) return
    writeCodeCache({...cache, covered: refused ? new Set([ran]) : cache.covered.add(ran)}, script.createCachedData())
  })
  return bundle.dispatch(args, table, bundle.commands, env, (id) => (ran = id))
}

/** Run the line on the fast path and return undefined, or return the arguments for oclif (leading global flags moved behind the command). */
export async function start(argv: readonly string[], env = process.env): Promise<string[] | undefined> {
  const table = JSON.parse(readFileSync(join(__dirname, 'commands.json'), 'utf8')) as LoadTable
  const args = moveLeadingFlags(argv, {boolean: new Set(table.leadingFlags.boolean), valued: new Set(table.leadingFlags.valued)})
  const file = table.bundles[resolveCommand(args, table.ids).id]
  const {cacheDir} = standaloneDirectories(table, env)
  const oclifArgs = file ? await runBundle(file, args, table, env, cacheDir) : args
  // Only a line oclif runs loads modules Node's compile cache can hold: a fast-path run does not pay for it.
  if (oclifArgs) enableOwnCompileCache(cacheDir, env)
  return oclifArgs
}
