/**
 * Asking the person at the terminal: a line, a secret without echo, or
 * Enter to go on. Prompts go to stderr so stdout stays for answers.
 * Without a terminal there is no one to ask: callers get a usage error.
 */
import {usageError} from './errors.ts'

export function canPrompt(): boolean {
  return Boolean(process.stdin.isTTY && process.stderr.isTTY)
}

/** Read one line from the terminal; `secret` turns echo off. Ctrl-C exits 130. */
export async function ask(question: string, secret = false): Promise<string> {
  if (!canPrompt()) throw usageError(`cannot ask for ${question.replace(/:\s*$/, '')}: standard input is not a terminal`)
  const stdin = process.stdin
  // Echo goes off before the question shows, so nothing typed early is echoed.
  stdin.setRawMode(true)
  stdin.resume()
  process.stderr.write(question)
  let line = ''
  try {
    return await new Promise<string>((resolve) => {
      const onData = (chunk: Buffer) => {
        for (const char of chunk.toString('utf8')) {
          if (char === '\u0003') {
            process.stderr.write('\n')
            process.exit(130)
          }

          if (char === '\r' || char === '\n') {
            stdin.off('data', onData)
            process.stderr.write('\n')
            resolve(line)
            return
          }

          if (char === '\u007F' || char === '\b') {
            if (line.length > 0 && !secret) process.stderr.write('\b \b')
            line = [...line].slice(0, -1).join('')
          } else if (char >= ' ') {
            line += char
            if (!secret) process.stderr.write(char)
          }
        }
      }

      stdin.on('data', onData)
    })
  } finally {
    stdin.setRawMode(false)
    stdin.pause()
  }
}
