/**
 * Starts the fast path (bin/run.js requires this as dist/fast/load.cjs):
 * works out which command the line names (cli/resolve-line.ts), then
 * compiles that command's bundle, dist/fast/<module>.cjs (the dispatcher
 * and the command's module of src/lib/<feature>/commands, with what they import),
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
 * off, as it does Node's. OpenPGP.js, which the bundles leave in
 * node_modules, has a cache of its own the same way (CACHED_DEPENDENCIES).
 *
 * It runs only as that CommonJS bundle, where require and __dirname are the
 * bundle's own (scripts/build-fast-path.js).
 */
import {closeSync, constants, fstatSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync} from 'node:fs'
import {createRequire} from 'node:module'
import {dirname, join} from 'node:path'
import {Script} from 'node:vm'

import type {dispatch, FastTable} from './dispatch.ts'
import {ensurePrivateDirectory} from '../lib/files/private-directory.ts'
import {enableOwnCompileCache} from '../lib/files/compile-cache.ts'
import type {PlainCommand} from '../lib/run/plain-command.ts'
import {moveLeadingFlags, resolveCommand} from '../lib/cli/resolve-line.ts'
import {standaloneDirectories} from './standalone-dirs.ts'

/** A bundle's file name beside this one, and a hash of its text that names its code cache. */
interface BundleFile {
  file: string
  hash: string
}

/** dist/fast/commands.json with what the build adds for the loader. */
export interface LoadTable extends FastTable {
  /** The bundle of each command the fast path runs, by id. */
  bundles: Readonly<Record<string, BundleFile>>
  /** The global flags a line may begin with (cli/leading-flags.ts). */
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

/**
 * A cache file holds the name it was written for, a line break, then V8's
 * cache twice, and is used only when both copies agree. V8 checks a cache's
 * header (its version, its flags, the length of the source) but not its
 * body: a body damaged on disk (a write cut short by a power loss, a
 * flipped bit), or another bundle's cache of the same length renamed into
 * place, would be run as it is, and the process would die in V8 at every
 * start that reads it. Comparing the copies is native (some 0.02 ms for
 * 200 KiB); a checksum in JavaScript costs 1 to 3 ms at a cold start, and
 * node:crypto or node:zlib 2 to 3 ms to load.
 */
export function sealCodeCache(key: string, data: Uint8Array): Buffer {
  return Buffer.concat([Buffer.from(`${key}\n`), data, data])
}

/** The cache a file holds for `key`, or undefined when it was written for another or its copies differ. */
export function openCodeCache(key: string, stored: Buffer): Buffer | undefined {
  const head = Buffer.from(`${key}\n`)
  const body = stored.subarray(head.length)
  if (!stored.subarray(0, head.length).equals(head) || body.length === 0 || body.length % 2 !== 0) return undefined
  const copy = body.subarray(0, body.length / 2)
  return copy.equals(body.subarray(body.length / 2)) ? copy : undefined
}

/**
 * A file of the cache directory, read only when it is a regular file: opened without following a link and without
 * waiting (a named pipe there would otherwise hold the start forever, before any command ran).
 */
function readRegularFile(path: string): Buffer {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK)
  try {
    if (!fstatSync(fd).isFile()) throw new Error('not a regular file')
    return readFileSync(fd)
  } finally {
    closeSync(fd)
  }
}

function readCodeCache(directory: string, key: string): CodeCache {
  const file = join(directory, `${key}.bin`)
  try {
    // Compiled code is run: never from a directory another user could have written to.
    ensurePrivateDirectory(directory)
    const covered = new Set(readRegularFile(`${file}.commands`).toString('utf8').split('\n').filter(Boolean))
    // A cache whose copies differ is never handed to V8 (see sealCodeCache): it is refused, and replaced at exit.
    const data = openCodeCache(key, readRegularFile(file))
    return data ? {covered, data, file} : {covered: new Set(), file}
  } catch {
    return {covered: new Set(), file}
  }
}

/**
 * Replace the cache and its list atomically; drop the caches of the bundle's
 * other builds, and temporary files left by a process killed while writing.
 * A failure leaves things as they were, its temporary file removed (a cache
 * path that is a directory would otherwise leave one more at every start).
 */
function writeCodeCache(cache: CodeCache, data: Buffer): void {
  const directory = dirname(cache.file)
  const name = cache.file.slice(directory.length + 1)
  let temporary: string | undefined
  try {
    ensurePrivateDirectory(directory)
    const bundle = name.slice(0, name.indexOf('@') + 1)
    const ours = new Set([`${name}.${process.pid}.tmp`, `${name}.commands.${process.pid}.tmp`])
    for (const other of readdirSync(directory)) {
      const stale = !other.startsWith(name) || (other.endsWith('.tmp') && !ours.has(other) && !isRunning(other))
      if (other.startsWith(bundle) && stale) removeQuietly(join(directory, other))
    }

    const key = name.slice(0, -'.bin'.length)
    const content = sealCodeCache(key, data)
    for (const [path, bytes] of [
      [cache.file, content],
      [`${cache.file}.commands`, `${[...cache.covered].join('\n')}\n`],
    ] as const) {
      temporary = `${path}.${process.pid}.tmp`
      // Created afresh (O_EXCL): never written through whatever a killed run of this pid left at that name.
      removeQuietly(temporary)
      writeFileSync(temporary, bytes, {flag: 'wx', mode: 0o600})
      renameSync(temporary, path)
      temporary = undefined
    }
  } catch {
    // The cache only saves time.
    if (temporary !== undefined) removeQuietly(temporary)
  }
}

/** Remove a file of the cache directory if it can be (not a directory someone made there). */
function removeQuietly(path: string): void {
  try {
    rmSync(path, {force: true})
  } catch {
    // Left as it is.
  }
}

/** Whether the process whose id a temporary file's name carries (<name>.<pid>.tmp) still runs: its file may be being written. */
function isRunning(temporary: string): boolean {
  const pid = Number(temporary.slice(0, -'.tmp'.length).split('.').pop())
  if (!Number.isSafeInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Compile and run a CommonJS file's source as require() would (with a code cache when there is one); its exports. */
function runModule(path: string, source: string, cachedData: Buffer | undefined, require: NodeJS.Require): {exports: unknown; script: Script} {
  // The wrapper Node puts around a CommonJS module, so the file runs as it would under require().
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {cachedData, filename: path})
  const module = {exports: {}}
  const wrapper = script.runInThisContext() as (exports: object, require: NodeJS.Require, module: object, filename: string, directory: string) => void
  wrapper(module.exports, require, module, path, dirname(path))
  return {exports: module.exports, script}
}

/** Compile and run the bundle (with its code cache when there is one); what it exports. */
function loadBundle(path: string, cachedData?: Buffer, require = createRequire(path)): {bundle: Bundle; script: Script} {
  const {exports, script} = runModule(path, readFileSync(path, 'utf8'), cachedData, require)
  return {bundle: exports as Bundle, script}
}

/**
 * What the bundles leave in node_modules and load with a code cache of their own: OpenPGP.js (400 KiB, required by
 * every command that decrypts or signs). Node's compile cache holds little more than its top level, so each run
 * compiled again every function a read calls (some 30 ms of a read of 150); a cache V8 writes after the run holds
 * them. Named by the file's digest, as a bundle's cache is by its build's: V8 checks a cache against the length of
 * its source, not its text, and node_modules may change under a build.
 */
const CACHED_DEPENDENCIES = new Set(['openpgp'])

/**
 * The bundle's require: CACHED_DEPENDENCIES compiled with their code caches (each once), the rest as Node requires it.
 * `ran` names the command once it runs: a cache is written at exit for a command it does not yet hold, as a bundle's.
 */
function bundleRequire(path: string, directory: string, ran: () => string | undefined): NodeJS.Require {
  const real = createRequire(path)
  const loaded = new Map<string, unknown>()
  const load = (id: string) => {
    const file = real.resolve(id)
    const source = readFileSync(file, 'utf8')
    const digest = process.getBuiltinModule('node:crypto').createHash('sha256').update(source).digest('hex').slice(0, 16)
    const cache = readCodeCache(directory, `${id}@${process.version}-${process.arch}-${digest}`)
    const {exports, script} = runModule(file, source, cache.data, createRequire(file))
    whenRan(cache, script, ran)
    return exports
  }

  const required = (id: string) => {
    if (!CACHED_DEPENDENCIES.has(id)) return real(id)
    if (!loaded.has(id)) loaded.set(id, load(id))
    return loaded.get(id)
  }

  // The bundles only call it; the rest of a require is Node's.
  return Object.assign(required, real)
}

/** At exit (the fast path ends with process.exit), once the command's functions are compiled: the cache written again when it was missing or refused, or lacks the command. */
function whenRan(cache: CodeCache, script: Script, ran: () => string | undefined): void {
  const refused = cache.data === undefined || script.cachedDataRejected === true
  process.once('exit', () => {
    const id = ran()
    if (id === undefined || (!refused && cache.covered.has(id))) return
    writeCodeCache({...cache, covered: refused ? new Set([id]) : cache.covered.add(id)}, script.createCachedData())
  })
}

/** Run the line with its bundle (see the top of this file). */
/** A line with its leading global flags moved, and what it names. */
interface Line {
  args: string[]
  resolved: ReturnType<typeof resolveCommand>
}

async function runBundle(file: BundleFile, {args, resolved}: Line, table: LoadTable, env: NodeJS.ProcessEnv, cacheDir: string): Promise<string[] | undefined> {
  const path = join(__dirname, file.file)
  if (env.NODE_DISABLE_COMPILE_CACHE) {
    const {bundle} = loadBundle(path)
    return bundle.dispatch(args, resolved, table, bundle.commands, env)
  }

  // <module>@<Node>-<arch>-<hash>.bin: '@' is in no module's name, so a bundle's caches are told from another's.
  const key = `${file.file.replace(/\.cjs$/, '')}@${process.version}-${process.arch}-${file.hash}`
  const directory = join(cacheDir, 'code-cache')
  const cache = readCodeCache(directory, key)
  let ran: string | undefined
  const {bundle, script} = loadBundle(
    path,
    cache.data,
    bundleRequire(path, directory, () => ran),
  )
  whenRan(cache, script, () => ran)
  return bundle.dispatch(args, resolved, table, bundle.commands, env, (id) => (ran = id))
}

/** Run the line on the fast path and return undefined, or return the arguments for oclif (leading global flags moved behind the command). */
export async function start(argv: readonly string[], env = process.env): Promise<string[] | undefined> {
  const table = JSON.parse(readFileSync(join(__dirname, 'commands.json'), 'utf8')) as LoadTable
  const args = moveLeadingFlags(argv, {boolean: new Set(table.leadingFlags.boolean), valued: new Set(table.leadingFlags.valued)})
  const resolved = resolveCommand(args, table.ids)
  const file = table.bundles[resolved.id]
  const {cacheDir} = standaloneDirectories(table, env)
  const oclifArgs = file ? await runBundle(file, {args, resolved}, table, env, cacheDir) : args
  // Only a line oclif runs loads modules Node's compile cache can hold: a fast-path run does not pay for it.
  if (oclifArgs) enableOwnCompileCache(cacheDir, env)
  return oclifArgs
}
