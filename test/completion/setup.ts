/**
 * A temporary home where `proton autocomplete` has generated its scripts
 * (with our block added by the postrun hook), and a `proton` on PATH that
 * records every start, so a test can tell whether a TAB started the CLI.
 */
import {chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {BIN, baseEnv, runBinary} from '../helpers/run-binary.ts'
import {type TempHome, tempHome} from '../helpers/session-files.ts'

export interface CompletionHome extends TempHome {
  env: NodeJS.ProcessEnv
  cacheDir: string
  /** How many times the `proton` on PATH was started. */
  starts(): number
}

export async function completionHome(): Promise<CompletionHome> {
  const home = tempHome()
  const binDir = join(home.home, 'bin')
  const log = join(home.home, 'proton-starts.log')
  mkdirSync(binDir)
  const shim = join(binDir, 'proton')
  writeFileSync(shim, `#!/bin/sh\necho "$*" >> '${log}'\nexec '${process.execPath}' '${BIN}' "$@"\n`)
  chmodSync(shim, 0o755)
  const env = baseEnv(home.home, {PATH: `${binDir}:${process.env.PATH ?? ''}`})
  const setup = await runBinary(['autocomplete', '--refresh-cache'], {env})
  if (setup.status !== 0) throw new Error(`proton autocomplete failed: ${setup.stderr}`)
  return {
    ...home,
    cacheDir: join(home.home, 'cache', 'proton-cli'),
    env,
    starts: () => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean).length : 0),
  }
}

/** The line a shell profile sources, as `proton autocomplete script SHELL` prints it. */
export async function profileLine(home: CompletionHome, shell: 'bash' | 'zsh'): Promise<string> {
  const result = await runBinary(['autocomplete', 'script', shell], {env: home.env})
  if (result.status !== 0) throw new Error(`proton autocomplete script ${shell} failed: ${result.stderr}`)
  return result.stdout.toString().trim()
}

/** Words single-quoted for a shell command line. */
export function quoteWords(words: readonly string[]): string {
  return words.map((word) => `'${word.replaceAll("'", `'\\''`)}'`).join(' ')
}

/** "== case" headers followed by one candidate per line, as the drivers print them. */
export function parseCandidates(output: string): Map<string, string[]> {
  const results = new Map<string, string[]>()
  let current: string[] | undefined
  for (const line of output.split('\n')) {
    if (line.startsWith('== ')) {
      current = []
      results.set(line.slice(3), current)
    } else if (current && line.trim() !== '') {
      current.push(line.trim())
    }
  }

  return results
}
