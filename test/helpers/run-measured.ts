/**
 * The built binary as runBinary runs it, with its peak resident set size:
 * bench/peak-rss.js, preloaded, reports the child's own VmHWM on a fourth
 * pipe at exit (getrusage would count the test runner it was forked from).
 * Its young generation is held at 1 MiB a semi-space: V8 grows it (up to
 * 16 MiB) by how much survives and how far its concurrent marking got, which
 * moved the peaks of two identical runs 10 MiB apart under load; held, they
 * stay within 1 MiB, and what grows with an input still shows.
 */
import {spawn} from 'node:child_process'
import type {Readable} from 'node:stream'
import {fileURLToPath} from 'node:url'

import {BIN, type RunResult} from './run-binary.ts'

const PEAK_RSS = fileURLToPath(new URL('../../bench/peak-rss.js', import.meta.url))

export interface MeasuredRun extends RunResult {
  /** Peak RSS in MiB (NaN when the child died before it could report, as on SIGKILL). */
  peakMiB: number
  /** Wall time in milliseconds. */
  ms: number
}

export function runMeasured(args: string[], env: NodeJS.ProcessEnv, timeoutMs = 30_000): Promise<MeasuredRun> {
  return new Promise((resolve, reject) => {
    const started = Date.now()
    const child = spawn(process.execPath, ['--max-semi-space-size=1', '--import', PEAK_RSS, BIN, ...args], {env: {...env, PEAK_RSS_FD: '3'}, stdio: ['ignore', 'pipe', 'pipe', 'pipe']})
    const out: Buffer[] = []
    const err: Buffer[] = []
    let report = ''
    child.stdout?.on('data', (chunk: Buffer) => out.push(chunk))
    child.stderr?.on('data', (chunk: Buffer) => err.push(chunk))
    ;(child.stdio[3] as Readable).on('data', (chunk: Buffer) => (report += chunk.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.on('error', reject)
    child.on('close', (status, signal) => {
      clearTimeout(timer)
      resolve({
        ms: Date.now() - started,
        peakMiB: report.trim() === '' ? Number.NaN : Number(report.trim()) / 1024,
        signal,
        status,
        stderr: Buffer.concat(err).toString('utf8'),
        stdout: Buffer.concat(out),
      })
    })
  })
}
