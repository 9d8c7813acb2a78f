/** The built sandbox as a child process, for end-to-end tests. */
import {type ChildProcessWithoutNullStreams, spawn} from 'node:child_process'

import {BIN} from './run-binary.ts'

export interface Running {
  child: ChildProcessWithoutNullStreams
  url: string
  stderr: () => string
  exited: Promise<number | null>
}

/**
 * Start the built sandbox (through `bin`: ours, or a host CLI's); resolves
 * once its first stdout line (the base URL) is out. `leading` goes before
 * the command (global flags, as the standalone `proton` takes them).
 */
export function startSandboxProcess(args: string[], env: NodeJS.ProcessEnv, bin = BIN, cwd?: string, leading: string[] = []): Promise<Running> {
  const child = spawn(process.execPath, [bin, ...leading, 'sandbox', ...args], {cwd, env, stdio: ['pipe', 'pipe', 'pipe']})
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  let stdout = ''
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
      if (stdout.includes('\n')) resolve({child, exited, stderr: () => stderr, url: stdout.split('\n')[0]})
    })
    void exited.then((code) => reject(new Error(`the sandbox exited (${code}) before it was ready: ${stderr}`)))
  })
}

