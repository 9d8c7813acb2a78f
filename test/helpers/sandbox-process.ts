/** The built sandbox as a child process, for end-to-end tests. */
import {type ChildProcessWithoutNullStreams, spawn} from 'node:child_process'

import {BIN, baseEnv} from './run-binary.ts'
import {tempHome, type TempHome} from './session-files.ts'

export interface Running {
  child: ChildProcessWithoutNullStreams
  url: string
  /** The X-Sandbox-Secret its /__sandbox/ controls need, as it printed it. */
  secret: string
  stderr: () => string
  exited: Promise<number | null>
}

/**
 * Start the built sandbox (through `bin`: ours, or a host CLI's, which spells the command its way); resolves
 * once its first stdout line (the base URL) and its note with the controls' secret are out. `input`, when
 * given, is written to its standard input, which is then closed (for --password-stdin).
 */
export function startSandboxProcess(args: string[], env: NodeJS.ProcessEnv, bin = BIN, cwd?: string, command = ['sandbox'], input?: string): Promise<Running> {
  const child = spawn(process.execPath, [bin, ...command, ...args], {cwd, env, stdio: ['pipe', 'pipe', 'pipe']})
  if (input !== undefined) child.stdin.end(input)
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  let stdout = ''
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const secret = () => /X-Sandbox-Secret: (\S+?)\./.exec(stderr)?.[1]
  return new Promise((resolve, reject) => {
    const ready = () => {
      const found = secret()
      if (stdout.includes('\n') && found) resolve({child, exited, secret: found, stderr: () => stderr, url: stdout.split('\n')[0]})
    }

    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
      ready()
    })
    child.stderr.on('data', ready)
    void exited.then((code) => reject(new Error(`the sandbox exited (${code}) before it was ready: ${stderr}`)))
  })
}

/** fetch() of one of the sandbox's /__sandbox/ controls (`stats`, `faults` …), with its secret. */
export function sandboxFetch(sandbox: Pick<Running, 'secret' | 'url'>, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${sandbox.url}/__sandbox/${path}`, {...init, headers: {...(init.headers as Record<string, string>), 'x-sandbox-secret': sandbox.secret}})
}

export interface SandboxForSuiteOptions {
  /** The sandbox's arguments (default: any free port, and --write-session: profile "sandbox" holds its session). */
  args?: string[]
  /** Variables for its environment, beside the temporary home's. */
  env?: NodeJS.ProcessEnv
  /** Written to its standard input, which is then closed (for --password-stdin). */
  input?: string
}

/**
 * For a describe block: a temporary home, and a sandbox started before the block's tests (by default writing the
 * session of profile "sandbox" there) and stopped after them.
 */
export function sandboxForSuite(options: SandboxForSuiteOptions = {}): {readonly home: TempHome; readonly sandbox: Running} {
  let home: TempHome | undefined
  let sandbox: Running | undefined
  before(async () => {
    home = tempHome()
    sandbox = await startSandboxProcess(options.args ?? ['--port', '0', '--write-session'], baseEnv(home.home, options.env), BIN, undefined, ['sandbox'], options.input)
  })

  after(() => {
    if (sandbox && sandbox.child.exitCode === null) sandbox.child.kill('SIGKILL')
    home?.remove()
  })

  return {
    get home() {
      return home as TempHome
    },
    get sandbox() {
      return sandbox as Running
    },
  }
}
