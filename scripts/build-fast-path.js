// Builds the fast path of bin/run.js (src/launch/dispatch.ts): the table of every
// command it runs, derived from the standalone manifest and the commands'
// compiled oclif definitions, and for each module of src/lib/<feature>/commands one
// bundle of the dispatcher, that module and what they import
// (dist/fast/<module>.cjs), so a cold `proton …` reads a few files instead
// of some three hundred, and compiles the code of its own command only.
// Runs after tsc and build-manifest.js.
//
// It refuses (and so fails the build) a command that is neither run by the
// fast path nor listed as oclif-only in src/lib/cli/registry.ts, an
// oclif command whose plain function is not the one the fast path runs, a
// definition fast-parse cannot follow exactly, and global flags that differ
// from their table (src/lib/cli/global-flags.ts).
import {build} from 'esbuild'
import {createHash} from 'node:crypto'
import {readFileSync, rmSync, writeFileSync} from 'node:fs'
import {isDeepStrictEqual} from 'node:util'

import {FAST_COMMANDS, OCLIF_ONLY} from '../dist/lib/cli/registry.js'
import {commandTable} from '../dist/launch/command-table.js'
import {fileFormatsOf, GLOBAL_FLAGS, globalFlagsWith} from '../dist/lib/cli/global-flags.js'
import {BOOLEAN_GLOBAL_FLAGS, VALUED_GLOBAL_FLAGS} from '../dist/lib/cli/leading-flags.js'
import {lazyBuiltins} from './lazy-builtins.js'

/** got is the client everywhere but here: the fast path sends with got-lite (src/lib/http/got-lite.ts says why and how). */
const gotLite = {
  name: 'got-lite',
  setup(build) {
    build.onResolve({filter: /^got$/}, () => ({path: new URL('../dist/lib/http/got-lite.js', import.meta.url).pathname}))
  },
}

const dist = new URL('../dist/', import.meta.url)
const out = new URL('fast/', dist)
const standalone = new URL('standalone/', dist)
const pjson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
const manifest = JSON.parse(readFileSync(new URL('oclif.manifest.json', standalone), 'utf8'))
/** A module's build (src/X.ts is dist/X.js), and its bundle's name: its path under src/lib without `commands` and repeated parts (mail-list, api). */
const built = (source) => new URL(source.replace(/^src\//, '../dist/').replace(/\.ts$/, '.js'), import.meta.url)
const bundleOf = (source) =>
  source
    .replace(/^src\/lib\//, '')
    .replace(/\.ts$/, '')
    .split('/')
    .filter((part) => part !== 'commands')
    .filter((part, index, parts) => part !== parts[index - 1])
    .join('-')
const plain = (value) => JSON.parse(JSON.stringify(value))
const globalNames = new Set(GLOBAL_FLAGS.map(({name}) => name))

const commands = {}
for (const [id, entry] of Object.entries(manifest.commands)) {
  const {default: Command} = await import(new URL(entry.relativePath.join('/'), standalone))
  if (OCLIF_ONLY[id] !== undefined) {
    if (FAST_COMMANDS[id]) throw new Error(`${id} is both oclif-only and a fast command (src/lib/cli/registry.ts)`)
    continue
  }

  const fast = FAST_COMMANDS[id]
  if (!fast) throw new Error(`${id}: add it to FAST_COMMANDS or OCLIF_ONLY in src/lib/cli/registry.ts`)
  const module = await import(built(fast.module))
  if (Command.runs === undefined || Command.runs !== module[fast.run]) throw new Error(`${id}: its oclif command does not run the plain function FAST_COMMANDS names`)
  const table = plain(await commandTable(Command).catch((error) => Promise.reject(new Error(`${id}: ${error.message}`))))
  const own = table.flags.filter(({name}) => !globalNames.has(name))
  const base = table.flags.filter(({name}) => globalNames.has(name))
  // --output may add file formats of its own (ProtonCommand.withFormats): those, and only those, go into its table.
  const formats = fileFormatsOf(base.find(({name}) => name === 'output')?.options)
  if (
    !isDeepStrictEqual(
      base,
      plain(globalFlagsWith(formats)).map(({summary: _, ...entry}) => entry),
    )
  )
    throw new Error(`${id}: its global flags are not those of src/lib/cli/global-flags.ts`)
  commands[id] = {...table, flags: own, ...(formats.length > 0 && {formats})}
}

const stray = Object.keys(FAST_COMMANDS).filter((id) => !manifest.commands[id])
if (stray.length > 0) throw new Error(`FAST_COMMANDS names commands the manifest does not have: ${stray.join(', ')}`)

/** Each bundle's commands, by the module that holds them. */
const modules = Map.groupBy(Object.entries(FAST_COMMANDS), ([, {module}]) => module)

/** The entry of a module's bundle: the dispatcher, and the module's commands by id (what src/launch/load.ts calls). */
const commandEntries = {
  name: 'command-entries',
  setup(build) {
    build.onResolve({filter: /^command:/}, ({path: name}) => ({namespace: 'command', path: name.slice('command:'.length)}))
    build.onLoad({filter: /.*/, namespace: 'command'}, ({path: module}) => {
      const commands = modules.get(module)
      const names = [...new Set(commands.map(([, {run}]) => run))]
      const table = commands.map(([id, {run}]) => `${JSON.stringify(id)}: ${run}`).join(', ')
      const contents = `export {dispatch} from ${JSON.stringify(new URL('../dist/launch/dispatch.js', import.meta.url).pathname)}\nimport {${names.join(', ')}} from ${JSON.stringify(built(module).pathname)}\nexport const commands = {${table}}\n`
      return {contents, loader: 'js', resolveDir: new URL('.', dist).pathname}
    })
  },
}

rmSync(out, {force: true, recursive: true})
const result = await build({
  bundle: true,
  // <module>.cjs: the dispatcher and that module's commands; load.cjs: what picks and starts one, with its code cache (src/launch/load.ts).
  entryPoints: [...[...modules.keys()].map((module) => ({in: `command:${module}`, out: bundleOf(module)})), {in: new URL('../dist/launch/load.js', import.meta.url).pathname, out: 'load'}],
  // CommonJS, on purpose: require('node:tls') hands over the module as it is, where an ES import
  // builds a facade that reads every export, and so loads what Node keeps lazy (undici, the root
  // certificates, webcrypto). The CommonJS dependencies (yaml, ajv) stay unevaluated until required.
  format: 'cjs',
  // Headers and Response without undici (scripts/fast-globals.js).
  inject: [new URL('fast-globals.js', import.meta.url).pathname],
  // Loaded only for --output yaml and for checking a body (ajv, yaml), for --jq (jq-wasm, with its WebAssembly file), and
  // by the commands that decrypt (openpgp, html-to-text and its parser htmlparser2, and postal-mime for a PGP/MIME
  // body): left in node_modules, not parsed at every start.
  external: ['ajv', 'yaml', 'openpgp', 'html-to-text', 'htmlparser2', 'postal-mime', 'jq-wasm'],
  outExtension: {'.js': '.cjs'},
  // import() of what stays outside the bundle (ajv, yaml, node:https, node:zlib) as require(): no ES loader, and
  // load.cjs compiles the bundle as a script, which has no import() of its own.
  supported: {'dynamic-import': false},
  // Smaller to parse at every start. Names are not kept (each kept one is a defineProperty at start): every error
  // class of ours names itself (this.name = …), and nothing else reads a function's or class's name.
  keepNames: false,
  legalComments: 'none',
  logLevel: 'warning',
  // src/lib/description/shipped.ts reads import.meta only when not bundled; in this bundle it finds its files from __dirname.
  logOverride: {'empty-import-meta': 'silent'},
  metafile: true,
  minify: true,
  outdir: out.pathname,
  platform: 'node',
  plugins: [commandEntries, gotLite, lazyBuiltins(['crypto', 'fs/promises', 'os', 'timers/promises', 'zlib'])],
  target: 'node22',
})
// The hash names a bundle's code cache: V8 checks a cache against the length of its source, not its text.
const hashOf = (file) =>
  createHash('sha256')
    .update(readFileSync(new URL(file, out)))
    .digest('hex')
    .slice(0, 16)
const hashes = new Map([...modules.keys()].map((module) => [module, hashOf(`${bundleOf(module)}.cjs`)]))
const bundles = Object.fromEntries(Object.keys(commands).map((id) => [id, {file: `${bundleOf(FAST_COMMANDS[id].module)}.cjs`, hash: hashes.get(FAST_COMMANDS[id].module)}]))
const leadingFlags = {boolean: [...BOOLEAN_GLOBAL_FLAGS], valued: [...VALUED_GLOBAL_FLAGS]}
const table = {bin: pjson.oclif.bin, bundles, commands, dirname: pjson.oclif.dirname, ids: Object.keys(manifest.commands), leadingFlags, version: pjson.version}
writeFileSync(new URL('commands.json', out), `${JSON.stringify(table)}\n`)
const sizes = Object.entries(result.metafile.outputs)
  .filter(([file]) => !file.endsWith('load.cjs'))
  .map(([file, {bytes}]) => [file.replace(/.*\//, ''), Math.round(bytes / 1024)])
const [largest, size] = sizes.reduce((a, b) => (b[1] > a[1] ? b : a))
const total = sizes.reduce((sum, [, bytes]) => sum + bytes, 0)
const oclifOnly = Object.keys(OCLIF_ONLY).join(', ')
console.log(`dist/fast: ${sizes.length} bundles (${total} KiB; the largest ${largest}, ${size} KiB) for ${Object.keys(commands).length} commands (oclif only: ${oclifOnly})`)
