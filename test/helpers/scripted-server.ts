/**
 * A small HTTP server on 127.0.0.1 whose answers a test scripts, and which
 * records every request it gets. It closes when the test says so, and by
 * itself after a bound, so a failed test never leaves it running.
 */
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http'
import type {AddressInfo} from 'node:net'

export interface Recorded {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: Buffer
}

export type Handler = (request: Recorded, response: ServerResponse) => void

export interface ScriptedServer {
  url: string
  requests: Recorded[]
  handle(handler: Handler): void
  close(): Promise<void>
}

export async function startServer(handler: Handler = (_req, res) => res.end('{"Code":1000}'), lifetimeMs = 60_000): Promise<ScriptedServer> {
  let current = handler
  const requests: Recorded[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const recorded = {body: Buffer.concat(chunks), headers: req.headers, method: req.method ?? '', url: req.url ?? ''}
      requests.push(recorded)
      current(recorded, res)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const lifetime = setTimeout(() => server.close(), lifetimeMs)
  lifetime.unref()
  const {port} = server.address() as AddressInfo
  return {
    close: () =>
      new Promise<void>((resolve) => {
        clearTimeout(lifetime)
        server.closeAllConnections()
        server.close(() => resolve())
      }),
    handle(next) {
      current = next
    },
    requests,
    url: `http://127.0.0.1:${port}`,
  }
}

/** Answer with a JSON text exactly as given. */
export function json(status: number, text: string): Handler {
  return (_req, res) => {
    res.writeHead(status, {'content-length': Buffer.byteLength(text), 'content-type': 'application/json'})
    res.end(text)
  }
}
