/** A loopback port that nothing listens on (it was free a moment ago): for "connection refused". */
import {createServer} from 'node:net'

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const {port} = probe.address() as {port: number}
      probe.close(() => resolve(port))
    })
  })
}
