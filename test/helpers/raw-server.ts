/**
 * A server on 127.0.0.1 that answers with bytes written as the test gives
 * them, status line and headers included: what node:http refuses to send
 * (control characters in a reason phrase, bytes 0x80-0x9F in a header
 * value). One answer per connection, then the connection closes. The
 * server closes when the test says so, and by itself after a bound.
 */
import {createServer, type Socket} from 'node:net'

export interface RawServer {
  url: string
  /** The request paths (with query) received, in order. */
  paths: string[]
  close(): Promise<void>
}

/** The whole answer to a request for `path`: status line, headers, body. */
export type RawHandler = (path: string) => Buffer

/** An answer from its parts; the head is written as latin1, one byte per character, as a server may send it. */
export function rawAnswer(statusLine: string, headers: Array<[string, string]>, body: Buffer | string): Buffer {
  const bytes = Buffer.from(body)
  const head = [statusLine, ...headers.map(([name, value]) => `${name}: ${value}`), `content-length: ${bytes.length}`, 'connection: close', '', ''].join('\r\n')
  return Buffer.concat([Buffer.from(head, 'latin1'), bytes])
}

export async function startRawServer(handler: RawHandler, lifetimeMs = 60_000): Promise<RawServer> {
  const paths: string[] = []
  const sockets = new Set<Socket>()
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => socket.destroy())
    let head = ''
    socket.on('data', (chunk: Buffer) => {
      if (head.includes('\r\n\r\n')) return
      head += chunk.toString('latin1')
      if (!head.includes('\r\n\r\n')) return
      const path = head.split(' ', 2)[1] ?? ''
      paths.push(path)
      socket.end(handler(path))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const close = () =>
    new Promise<void>((resolve) => {
      clearTimeout(lifetime)
      for (const socket of sockets) socket.destroy()
      server.close(() => resolve())
    })
  const lifetime = setTimeout(() => void close(), lifetimeMs)
  lifetime.unref()
  const {port} = server.address() as {port: number}
  return {close, paths, url: `http://127.0.0.1:${port}`}
}
