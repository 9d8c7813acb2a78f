#!/usr/bin/env node
// Runs the plugin on its own as the `proton` command. A raw request
// (`proton api METHOD ENDPOINT …`) takes the fast path, which never loads
// oclif (src/fast-api.ts, bundled into dist/fast/ at build time); any line
// the fast path does not take, and every other command, goes to oclif.
import {createRequire, enableCompileCache} from 'node:module'

// Node keeps compiled code between runs (in the OS temporary directory; NODE_DISABLE_COMPILE_CACHE=1 turns it off).
enableCompileCache?.()

const require = createRequire(import.meta.url)
const {moveLeadingGlobalFlags} = await import('../dist/lib/leading-flags.js')
const args = moveLeadingGlobalFlags(process.argv.slice(2))
const fast = args[0] === 'api' && (await require('../dist/fast/api.cjs').runApi(args.slice(1), require('../dist/fast/api-command.json')))
if (!fast) {
  const {execute} = await import('@oclif/core')
  await execute({args, dir: import.meta.url})
}
