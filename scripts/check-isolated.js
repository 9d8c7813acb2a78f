#!/usr/bin/env node
/**
 * Runs each end-to-end test file alone (`npx mocha FILE`, one after the
 * other, .mocharc.json applies) and reports those that fail alone: a file
 * that passes only after another one has prepared something (a build, a
 * cache, a session) is a hidden order dependency. With --tests, each test
 * of the files runs alone instead (`npx mocha FILE --grep '^FULL TITLE$'`):
 * a test that passes only after an earlier one in its file is one too.
 * Build first (`npm run build`). Usage:
 * node scripts/check-isolated.js [--tests] [FILE…]
 * (default: every test/e2e/*.test.ts). Exit 1 when any failed.
 */
import {spawnSync} from 'node:child_process'
import {readdirSync} from 'node:fs'
import {join} from 'node:path'

const args = process.argv.slice(2)
const eachTest = args.includes('--tests')
const given = args.filter((arg) => arg !== '--tests')
const files =
  given.length > 0
    ? given
    : readdirSync('test/e2e')
        .filter((name) => name.endsWith('.test.ts'))
        .sort()
        .map((name) => join('test/e2e', name))

/** A test's full title as a pattern that matches it alone. */
const exactly = (title) => `^${title.replaceAll(/[$()*+.?[\\\]^{|}]/g, '\\$&')}$`

/** The full titles of a file's tests, as mocha lists them without running them. */
function titlesOf(file) {
  const listed = spawnSync('npx', ['mocha', '--dry-run', '--reporter', 'json', file], {encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe']})
  if (listed.status !== 0) return undefined
  return JSON.parse(listed.stdout.slice(listed.stdout.indexOf('{'))).tests.map((test) => test.fullTitle)
}

const runs = eachTest ? files.flatMap((file) => (titlesOf(file) ?? [undefined]).map((title) => ({file, title}))) : files.map((file) => ({file}))
const failed = []
for (const {file, title} of runs) {
  const name = title === undefined ? file : `${file}: ${title}`
  const started = Date.now()
  const result = spawnSync('npx', ['mocha', '--reporter', 'dot', file, ...(title === undefined ? [] : ['--grep', exactly(title)])], {encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe']})
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  // A --grep that matched nothing passes with "0 passing": that is a failure to check, not a pass.
  const ranNothing = title !== undefined && /\b0 passing\b/.test(result.stdout)
  if (result.status === 0 && !ranNothing) {
    process.stdout.write(`ok    ${name} (${seconds} s)\n`)
  } else {
    failed.push(name)
    process.stdout.write(`FAIL  ${name} (${seconds} s, ${ranNothing ? 'no test matched' : `exit ${result.status ?? result.signal}`})\n${result.stdout.slice(-4000)}${result.stderr.slice(-2000)}\n`)
  }
}

const what = eachTest ? 'tests' : 'files'
process.stdout.write(failed.length === 0 ? `${runs.length} ${what}, each passes alone\n` : `${failed.length} of ${runs.length} ${what} fail alone:\n${failed.join('\n')}\n`)
process.exitCode = failed.length === 0 ? 0 : 1
