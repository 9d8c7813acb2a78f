/**
 * What `proton sandbox` needs around the server: its flags turned into
 * options (with one-line errors), and waiting for SIGINT or SIGTERM.
 */
import {isLoopbackHost} from '../http/api-url.ts'
import {usageError} from '../core/errors.ts'
import {decodeBase32} from '../crypto/totp.ts'

export function checkHost(host: string): string {
  if (!isLoopbackHost(host)) throw usageError(`--host must be a loopback address (127.0.0.1, ::1, localhost): the sandbox speaks plain HTTP, not ${JSON.stringify(host)}`)
  return host
}

export function totpKeyOf(secret: string | undefined): Buffer | undefined {
  if (secret === undefined) return undefined
  try {
    return decodeBase32(secret)
  } catch (error) {
    throw usageError(`--totp-secret: ${(error as Error).message}`)
  }
}

/** A listen failure as the user should read it. */
export function listenFailure(error: unknown, host: string, port: number): Error {
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'EADDRINUSE') return usageError(`cannot listen on ${host}:${port}: the port is in use (--port 0 picks a free one)`)
  if (code === 'EACCES') return usageError(`cannot listen on ${host}:${port}: permission denied`)
  if (code === 'EADDRNOTAVAIL') return usageError(`cannot listen on ${host}: no such address on this machine`)
  return error instanceof Error ? error : new Error(String(error))
}

/** Resolves on the first SIGINT or SIGTERM. */
export function untilStopped(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off('SIGINT', stop)
      process.off('SIGTERM', stop)
      resolve(signal)
    }

    process.on('SIGINT', stop)
    process.on('SIGTERM', stop)
  })
}
