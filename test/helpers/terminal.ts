/**
 * Runs the built bin/run.js on a pseudo-terminal, as a person at a
 * terminal does: `script` (util-linux) gives it a pty for stdin, stdout and
 * stderr, which arrive merged, with the terminal's \r\n turned back to \n.
 */
import {spawn} from 'node:child_process'

import {BIN} from './run-binary.ts'

export interface TerminalResult {
  status: number | null
  /** stdout and stderr as the terminal showed them. */
  output: string
}

/** One word for sh -c. */
function shellWord(text: string): string {
  return `'${text.replaceAll("'", String.raw`'\''`)}'`
}

/** `columns`: the terminal's width (stty), else script's own. */
export function runInTerminal(args: string[], env: NodeJS.ProcessEnv, timeoutMs = 15_000, columns?: number): Promise<TerminalResult> {
  const command = (columns === undefined ? '' : `stty cols ${columns}; `) + [process.execPath, BIN, ...args].map((word) => shellWord(word)).join(' ')
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qec', command, '/dev/null'], {env, stdio: ['ignore', 'pipe', 'pipe']})
    const chunks: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk))
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.on('error', reject)
    child.on('close', (status) => {
      clearTimeout(timer)
      resolve({output: Buffer.concat(chunks).toString('utf8').replaceAll('\r\n', '\n'), status})
    })
  })
}
