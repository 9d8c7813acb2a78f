#!/usr/bin/env node
/**
 * Runs each end-to-end test file alone (`npx mocha FILE`, one after the
 * other, .mocharc.json applies) and reports those that fail alone: a file
 * that passes only after another one has prepared something (a build, a
 * cache, a session) is a hidden order dependency. Build first
 * (`npm run build`). Usage: node scripts/check-isolated.js [FILE…]
 * (default: every test/e2e/*.test.ts). Exit 1 when any failed.
 */
import {spawnSync} from 'node:child_process'
import {readdirSync} from 'node:fs'
import {join} from 'node:path'

const given = process.argv.slice(2)
const files = given.length > 0 ? given : readdirSync('test/e2e').filter((name) => name.endsWith('.test.ts')).sort().map((name) => join('test/e2e', name))
const failed = []
for (const file of files) {
  const started = Date.now()
  const result = spawnSync('npx', ['mocha', '--reporter', 'dot', file], {encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe']})
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  if (result.status === 0) {
    process.stdout.write(`ok    ${file} (${seconds} s)\n`)
  } else {
    failed.push(file)
    process.stdout.write(`FAIL  ${file} (${seconds} s, exit ${result.status ?? result.signal})\n${result.stdout.slice(-4000)}${result.stderr.slice(-2000)}\n`)
  }
}

process.stdout.write(failed.length === 0 ? `${files.length} files, each passes alone\n` : `${failed.length} of ${files.length} files fail alone:\n${failed.join('\n')}\n`)
process.exitCode = failed.length === 0 ? 0 : 1
