#!/usr/bin/env node
// `proton`: the plugin run on its own. Written so that any Node able to
// start an ES module parses it: the version check runs before the first
// import, and nothing is awaited at the top level (a pending top-level
// await makes Node warn when a reader such as `head` goes away early).
const MINIMUM_NODE_MAJOR = 22 // package.json engines.node; test/bin/run.test.ts keeps them equal

const version = process.versions.node
if (Number(version.split('.')[0]) < MINIMUM_NODE_MAJOR) {
  process.stderr.write(`proton needs Node.js ${MINIMUM_NODE_MAJOR} or newer (this is v${version})\n`)
  process.exitCode = 1
} else {
  const argv = process.argv.slice(2)
  // Sparkplug compiles on the main thread: its background jobs allocate code, wait for the main thread to collect
  // garbage, and so deadlock a process that is exiting (nodejs/node#54918, #64274; seen after big answers, under
  // load, as a process that printed its last line and never ended). Set before anything is compiled.
  process.getBuiltinModule?.('node:v8').setFlagsFromString('--no-concurrent-sparkplug')
  // process.getBuiltinModule (Node 22.3) hands node:module over without the facade an ES import builds, and the
  // fast path (src/launch/load.ts, bundled as CommonJS) is then required from here: no second ES module before a
  // command runs (src/launch/main.ts).
  const builtin = process.getBuiltinModule?.('node:module')
  if (builtin) {
    builtin
      .createRequire(import.meta.url)('../dist/fast/load.cjs')
      .start(argv)
      .then((args) => args && import('../dist/launch/main.js').then(({runOclif}) => runOclif(args)))
  } else {
    import('../dist/launch/main.js').then(({main}) => main(argv))
  }
}
