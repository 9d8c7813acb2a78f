// Mocha's spec reporter, plus the closing line CI reads: "N passed, N failed".
// PROTON_TEST_TIMES=FILE also writes where the wall time went, as JSON: per test file (its tests and hooks), the
// slowest tests and the slowest hooks (docs/testing.md, "Suite time").
const fs = require('node:fs')
const path = require('node:path')
const Mocha = require('mocha')

const {EVENT_HOOK_BEGIN, EVENT_HOOK_END, EVENT_RUN_END, EVENT_TEST_BEGIN, EVENT_TEST_END} = Mocha.Runner.constants

class SummaryReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options)
    const timesFile = process.env.PROTON_TEST_TIMES
    if (timesFile) recordTimes(runner, timesFile)
    runner.once(EVENT_RUN_END, () => {
      const {failures, passes} = runner.stats
      process.stdout.write(`\n${passes} passed, ${failures} failed\n`)
    })
  }
}

function recordTimes(runner, timesFile) {
  const started = Date.now()
  const perFile = new Map()
  const tests = []
  const hooks = []
  const begun = new Map()
  const fileOf = (runnable) => {
    for (let node = runnable; node; node = node.parent) if (node.file) return path.relative(process.cwd(), node.file)
    return '(none)'
  }
  const add = (runnable, into) => {
    const start = begun.get(runnable)
    begun.delete(runnable)
    // In --parallel mode the events of a file arrive together once its worker is done: the duration the worker
    // measured counts then (hooks are not reported there, so a file's total is its tests').
    const ms = typeof runnable.duration === 'number' ? runnable.duration : start === undefined ? 0 : Date.now() - start
    const file = fileOf(runnable)
    perFile.set(file, (perFile.get(file) ?? 0) + ms)
    into.push({file, ms, title: runnable.fullTitle()})
  }
  runner.on(EVENT_TEST_BEGIN, (test) => begun.set(test, Date.now()))
  runner.on(EVENT_HOOK_BEGIN, (hook) => begun.set(hook, Date.now()))
  runner.on(EVENT_TEST_END, (test) => add(test, tests))
  runner.on(EVENT_HOOK_END, (hook) => add(hook, hooks))
  runner.once(EVENT_RUN_END, () => {
    const byMs = (a, b) => b.ms - a.ms
    const files = [...perFile].map(([file, ms]) => ({file, ms})).sort(byMs)
    const report = {files, hooks: hooks.sort(byMs).slice(0, 60), tests: tests.sort(byMs).slice(0, 100), totalMs: Date.now() - started}
    fs.writeFileSync(timesFile, JSON.stringify(report, null, 1) + '\n')
  })
}

module.exports = SummaryReporter
