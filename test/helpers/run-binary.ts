/**
 * Runs the built bin/run.js as a child process, the way a user's shell
 * does, and collects its stdout bytes, stderr and exit status.
 */
import {spawn} from 'node:child_process'
import {fileURLToPath} from 'node:url'

export const BIN = fileURLToPath(new URL('../../bin/run.js', import.meta.url))

export interface RunResult {
  status: number | null
  signal: NodeJS.Signals | null
  stdout: Buffer
  stderr: string
}

export interface RunOptions {
  env?: NodeJS.ProcessEnv
  input?: Buffer | string
  timeoutMs?: number
  /** Options for node itself, before bin/run.js (--import …). */
  nodeArgs?: string[]
  /** Another Node executable than this process's. */
  node?: string
  /** Another bin/run.js than this checkout's (a copy of the package). */
  bin?: string
  /** Called once the child runs bin/run.js (its pid, for /proc/PID/…), before its standard input is written. */
  onSpawn?: (pid: number) => void
}

/** A clean environment: no session variables leak in from the caller. */
export function baseEnv(configHome: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith('PROTON_') && key !== 'DEBUG' && key !== 'NODE_ENV') env[key] = value
  }

  return {...env, HOME: configHome, NO_COLOR: '1', XDG_CACHE_HOME: `${configHome}/cache`, XDG_CONFIG_HOME: configHome, ...extra}
}

export function runBinary(args: string[], options: RunOptions = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(options.node ?? process.execPath, [...(options.nodeArgs ?? []), options.bin ?? BIN, ...args], {env: options.env, stdio: ['pipe', 'pipe', 'pipe']})
    const out: Buffer[] = []
    const err: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk))
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 15_000)
    child.on('error', reject)
    // spawn() returns once the child has exec'd node, so its argv is in place.
    if (child.pid !== undefined) options.onSpawn?.(child.pid)
    // A child that ends before reading its input closes the pipe under the write: that is its answer, not an error.
    child.stdin.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') reject(error)
    })
    child.on('close', (status, signal) => {
      clearTimeout(timer)
      resolve({signal, status, stderr: Buffer.concat(err).toString('utf8'), stdout: Buffer.concat(out)})
    })
    child.stdin.end(options.input ?? '')
  })
}
