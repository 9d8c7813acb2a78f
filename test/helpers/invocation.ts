/**
 * An Invocation run in-process on buffers: its streams, environment and
 * clock injected, its files in a temporary home. What it writes is read
 * back from the buffers.
 */
import {Readable} from 'node:stream'

import {standaloneNames} from '../../src/lib/core/command-names.ts'
import type {GlobalFlags} from '../../src/lib/cli/global-flags.ts'
import {Invocation} from '../../src/lib/run/invocation.ts'
import type {Io} from '../../src/lib/run/process-io.ts'
import type {ParsedLine} from '../../src/lib/core/parsed-line.ts'
import type {OutputStream} from '../../src/lib/output/output.ts'
import {setEnvironment, snapshotEnvironment} from './environment.ts'
import {type ScriptedServer, serverForSuite, type ServerForSuiteOptions} from './scripted-server.ts'
import type {TempHome} from './session-files.ts'

export const VERSION = '9.9.9-test'

class Buffered implements OutputStream {
  readonly chunks: Buffer[] = []
  isTTY?: boolean

  write(chunk: string | Uint8Array): boolean {
    this.chunks.push(Buffer.from(chunk))
    return true
  }

  text(): string {
    return Buffer.concat(this.chunks).toString('utf8')
  }
}

export interface TestRun {
  invocation: Invocation
  stdout: () => string
  stderr: () => string
  /** The bytes on stdout, for answers that must arrive exactly. */
  stdoutBytes: () => Buffer
}

export interface TestRunOptions {
  flags?: Partial<GlobalFlags>
  env?: NodeJS.ProcessEnv
  stdin?: string
  now?: Date
  terminal?: boolean
}

export function testRun(home: TempHome, options: TestRunOptions = {}): TestRun {
  const stdout = new Buffered()
  const stderr = new Buffered()
  stdout.isTTY = options.terminal
  const io: Io = {
    env: options.env ?? {},
    now: () => options.now ?? new Date('2026-01-02T03:04:05Z'),
    stderr,
    stdin: Readable.from(options.stdin === undefined ? [] : [Buffer.from(options.stdin)]),
    stdout,
  }
  const flags: GlobalFlags = {'app-version': 'Other', json: false, 'max-size': '1GiB', output: 'text', profile: 'default', quiet: false, retries: 0, timeout: 10, verbose: false, ...options.flags}
  const context = {cacheDir: `${home.home}/cache`, configDir: `${home.home}/proton-cli`, names: standaloneNames('proton'), version: VERSION}
  return {
    invocation: new Invocation(flags, context, io),
    stderr: () => stderr.text(),
    stdout: () => stdout.text(),
    stdoutBytes: () => Buffer.concat(stdout.chunks),
  }
}

/** The exit status a command ended with (a CommandExit or a failure), or 0. */
export async function exitOf(run: Promise<unknown>): Promise<number | string> {
  try {
    await run
    return 0
  } catch (error) {
    const {status, exitStatus, message} = error as {exitStatus?: number; message: string; status?: number}
    return status ?? exitStatus ?? `unexpected: ${message}`
  }
}

/** A parsed line as both parsers give it to a command's plain function: these flags and arguments. */
export function parsedLine(flags: Record<string, unknown> = {}, argv: string[] = []): ParsedLine {
  return {args: {}, argv, flags, flagsInOrder: []}
}

/**
 * For a describe block of a command's plain function: for each test a recording server and a home holding its
 * session (profile default, or as given), and times in UTC (tables show them in the process's zone, TZ).
 */
export function plainCommandSuite(session: ServerForSuiteOptions['session'] = true): {readonly home: TempHome; readonly server: ScriptedServer} {
  const suite = serverForSuite({perTest: 'server+home', session})
  let restore: () => void
  beforeEach(() => {
    restore = snapshotEnvironment()
    setEnvironment({TZ: 'UTC'})
  })
  afterEach(() => restore())
  return suite
}
