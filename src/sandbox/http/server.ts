/**
 * The sandbox's HTTP server, started: its services made from the options, the listening socket, malformed HTTP
 * answered in JSON. Each request is answered by requestHandler.
 */
import {createServer, type Server} from 'node:http'
import type {AddressInfo, Socket} from 'node:net'

import {CODE} from '../../lib/contract/contract.ts'
import type {AuthService} from '../handlers/auth.ts'
import type {FaultTable} from './faults.ts'
import {JSON_TYPE} from './http-io.ts'
import {sandboxKeys} from '../backend/keys.ts'
import type {SandboxState} from '../backend/state.ts'
import type {SandboxStats} from '../backend/stats.ts'
import {requestHandler} from './dispatch.ts'
import {DEFAULTS, type SandboxOptions, services} from './services.ts'

export {MAX_BODY_BYTES} from './http-io.ts'

export interface Sandbox {
  url: string
  /** The X-Sandbox-Secret its controls need. */
  controlSecret: string
  port: number
  state: SandboxState
  auth: AuthService
  faults: FaultTable
  stats: SandboxStats
  close(): Promise<void>
}

/** Malformed HTTP never reaches a handler; answer it in JSON too. */
function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy()
    return
  }

  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400
  const text = JSON.stringify({Code: CODE.INVALID_REQUIREMENT_ERROR, Error: `Malformed HTTP request (${error.code ?? 'error'})`})
  socket.end(`HTTP/1.1 ${status} Bad Request\r\nContent-Type: ${JSON_TYPE}\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`)
}

function listen(server: Server, host: string, port: number): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve(server.address() as AddressInfo)
    })
  })
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const clock = options.clock ?? Date.now
  const served = services(options, clock, await sandboxKeys(options.mailboxPassword ?? options.password ?? DEFAULTS.password))
  const handle = requestHandler(served, options, clock)
  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      options.onError?.(error, request.method ?? '', request.url ?? '')
      request.socket.destroy()
    })
  })
  // Idle connections are kept 65 s, as a production front end keeps them: with Node's 5 s default, a client that
  // reuses its socket after a slow step (bcrypt or key unlocking on a loaded machine) races the server's close and
  // meets ECONNRESET on a request it cannot safely repeat (POST /auth/v4).
  server.keepAliveTimeout = 65_000
  server.on('clientError', answerClientError)
  const {address, port} = await listen(server, options.host ?? DEFAULTS.host, options.port ?? 0)
  return {
    ...served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
    port,
    url: `http://${address.includes(':') ? `[${address}]` : address}:${port}`,
  }
}
