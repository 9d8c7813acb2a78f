// Builds the fast path of bin/run.js (src/fast.ts): the table of every
// command it runs, derived from the standalone manifest and the commands'
// compiled oclif definitions, and one bundle of the dispatcher, the plain
// commands and their dependencies, so a cold `proton …` reads a few files
// instead of some three hundred. Runs after tsc and build-manifest.js.
//
// It refuses (and so fails the build) a command that is neither run by the
// fast path nor listed as oclif-only in src/lib/commands/registry.ts, an
// oclif command whose plain function is not the one the fast path runs, a
// definition fast-parse cannot follow exactly, and global flags that differ
// from their table (src/lib/runtime/global-flags.ts).
import {build} from 'esbuild'
import {createHash} from 'node:crypto'
import {readFileSync, rmSync, writeFileSync} from 'node:fs'
import {isDeepStrictEqual} from 'node:util'

import {FAST_COMMANDS, OCLIF_ONLY} from '../dist/lib/commands/registry.js'
import {commandTable} from '../dist/lib/runtime/command-table.js'
import {GLOBAL_FLAGS} from '../dist/lib/runtime/global-flags.js'
import {lazyBuiltins} from './lazy-builtins.js'

/** got is the client everywhere but here: the fast path sends with got-lite (src/lib/http/got-lite.ts says why and how). */
const gotLite = {
  name: 'got-lite',
  setup(build) {
    build.onResolve({filter: /^got$/}, () => ({path: new URL('lib/http/got-lite.js', dist).pathname}))
  },
}

const dist = new URL('../dist/', import.meta.url)
const out = new URL('fast/', dist)
const standalone = new URL('standalone/', dist)
const pjson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
const manifest = JSON.parse(readFileSync(new URL('oclif.manifest.json', standalone), 'utf8'))
const plain = (value) => JSON.parse(JSON.stringify(value))
const globalEntries = plain(GLOBAL_FLAGS.map(({summary: _, ...entry}) => entry))
const globalNames = new Set(GLOBAL_FLAGS.map(({name}) => name))

const commands = {}
for (const [id, entry] of Object.entries(manifest.commands)) {
  const {default: Command} = await import(new URL(entry.relativePath.join('/'), standalone))
  if (OCLIF_ONLY[id] !== undefined) {
    if (FAST_COMMANDS[id]) throw new Error(`${id} is both oclif-only and a fast command (src/lib/commands/registry.ts)`)
    continue
  }

  if (!FAST_COMMANDS[id]) throw new Error(`${id}: add it to FAST_COMMANDS or OCLIF_ONLY in src/lib/commands/registry.ts`)
  if (Command.runs !== (await FAST_COMMANDS[id]())) throw new Error(`${id}: its oclif command does not run the plain function FAST_COMMANDS names`)
  const table = plain(await commandTable(Command).catch((error) => Promise.reject(new Error(`${id}: ${error.message}`))))
  const own = table.flags.filter(({name}) => !globalNames.has(name))
  const base = table.flags.filter(({name}) => globalNames.has(name))
  if (!isDeepStrictEqual(base, globalEntries)) throw new Error(`${id}: its global flags are not those of src/lib/runtime/global-flags.ts`)
  commands[id] = {...table, flags: own}
}

const stray = Object.keys(FAST_COMMANDS).filter((id) => !manifest.commands[id])
if (stray.length > 0) throw new Error(`FAST_COMMANDS names commands the manifest does not have: ${stray.join(', ')}`)

rmSync(out, {force: true, recursive: true})
const result = await build({
  bundle: true,
  // run.cjs: the dispatcher and every command; load.cjs: what starts it, with its code cache (src/fast-load.ts).
  entryPoints: [
    {in: new URL('fast.js', dist).pathname, out: 'run'},
    {in: new URL('fast-load.js', dist).pathname, out: 'load'},
  ],
  // CommonJS, on purpose: require('node:tls') hands over the module as it is, where an ES import
  // builds a facade that reads every export, and so loads what Node keeps lazy (undici, the root
  // certificates, webcrypto). The CommonJS dependencies (yaml, ajv) stay unevaluated until required.
  // A command's own modules are evaluated only when its line runs (registry.ts imports them dynamically).
  format: 'cjs',
  // Loaded only for --output yaml and for checking a body (ajv, yaml), and by the commands that decrypt (openpgp,
  // html-to-text, and postal-mime for a PGP/MIME body): left in node_modules, not parsed at every start.
  external: ['ajv', 'yaml', 'openpgp', 'html-to-text', 'postal-mime'],
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
  plugins: [gotLite, lazyBuiltins(['crypto', 'fs/promises', 'os', 'timers/promises'])],
  target: 'node22',
})
// The hash names the bundle's code cache: V8 checks a cache against the length of its source, not its text.
const hash = createHash('sha256').update(readFileSync(new URL('run.cjs', out))).digest('hex').slice(0, 16)
const table = {bin: pjson.oclif.bin, bundle: {file: 'run.cjs', hash}, commands, dirname: pjson.oclif.dirname, ids: Object.keys(manifest.commands), version: pjson.version}
writeFileSync(new URL('commands.json', out), `${JSON.stringify(table)}\n`)
const files = Object.entries(result.metafile.outputs)
const entry = files.find(([path]) => path.endsWith('run.cjs'))
const oclifOnly = Object.keys(OCLIF_ONLY).join(', ')
console.log(`dist/fast: entry ${Math.round(entry[1].bytes / 1024)} KiB from ${Object.keys(result.metafile.inputs).length} modules; ${Object.keys(commands).length} commands (oclif only: ${oclifOnly})`)
