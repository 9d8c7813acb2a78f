// Builds the fast path of bin/run.js (src/fast-api.ts): the table of the
// api command's flags and arguments, derived from its compiled oclif
// definitions, and one bundle of the fast path with its dependencies, so
// a cold `proton api` reads a few files instead of some three hundred.
// Runs after tsc.
import {build} from 'esbuild'
import {readFileSync, rmSync, writeFileSync} from 'node:fs'

import Api from '../dist/commands/proton/api.js'
import {commandTable} from '../dist/lib/runtime/command-table.js'
import {lazyListFormat} from './lazy-list-format.js'

const out = new URL('../dist/fast/', import.meta.url)
const pjson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
rmSync(out, {force: true, recursive: true})
const result = await build({
  bundle: true,
  entryNames: 'api',
  entryPoints: [new URL('../dist/fast-api.js', import.meta.url).pathname],
  // CommonJS, on purpose: require('node:tls') hands over the module as it is, where an ES import
  // builds a facade that reads every export, and so loads what Node keeps lazy (undici, the root
  // certificates, webcrypto). The CommonJS dependencies (yaml, ajv) stay unevaluated until required.
  format: 'cjs',
  // Loaded only for --output yaml and for checking a body: left in node_modules, not parsed at every start.
  external: ['ajv', 'yaml'],
  outExtension: {'.js': '.cjs'},
  // Smaller to parse at every start. Names are kept: errors and classes are told apart by them.
  keepNames: true,
  legalComments: 'none',
  logLevel: 'warning',
  // src/lib/description/shipped.ts reads import.meta only when not bundled; in this bundle it finds its files from __dirname.
  logOverride: {'empty-import-meta': 'silent'},
  metafile: true,
  minify: true,
  outdir: out.pathname,
  platform: 'node',
  plugins: [lazyListFormat],
  target: 'node22',
})
const manifest = JSON.parse(readFileSync(new URL('../dist/standalone/oclif.manifest.json', import.meta.url), 'utf8'))
// `api endpoints`, `api spec update`: oclif runs these, not api with METHOD "endpoints".
const subcommands = [...new Set(Object.keys(manifest.commands).filter((id) => id.startsWith('api:')).map((id) => id.split(':')[1]))]
const table = {bin: pjson.oclif.bin, dirname: pjson.oclif.dirname, subcommands, version: pjson.version, ...(await commandTable(Api))}
writeFileSync(new URL('api-command.json', out), `${JSON.stringify(table)}\n`)
const files = Object.entries(result.metafile.outputs)
const entry = files.find(([, output]) => output.entryPoint)
console.log(`dist/fast: ${files.length} files, entry ${Math.round(entry[1].bytes / 1024)} KiB from ${Object.keys(result.metafile.inputs).length} modules; ${table.flags.length} flags`)
