/**
 * Peak RSS of `proton api` passing a large JSON body through, against the
 * idle baseline (`proton api --dry-run`, same binary, nothing received).
 * Run by hand: node test/helpers/measure-memory.ts [MB] (after npm run build).
 * Needs /usr/bin/time (GNU time) for the peak resident set size.
 */
import {execFileSync} from 'node:child_process'
import {createServer} from 'node:http'
import type {AddressInfo} from 'node:net'

import {baseEnv, BIN} from './run-binary.ts'
import {tempHome} from './session-files.ts'

const megabytes = Number(process.argv[2] ?? 100)
const item = '{"ID":"abcdefghijklmnopqrstuvwxyz0123456789==","Size":12345678901234567890,"Subject":"caf\\u00e9 r\\u00e9sum\\u00e9","Flags":[1,2,3],"Unread":true},'
const count = Math.ceil((megabytes * 1024 * 1024) / item.length)
const body = Buffer.from(`{"Code":1000,"Total":${count},"Messages":[${item.repeat(count).slice(0, -1)}]}`)

const server = createServer((_request, response) => {
  response.writeHead(200, {'content-length': String(body.length), 'content-type': 'application/json'})
  response.end(body)
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
const home = tempHome()
await home.writeSession(url)

/** Peak RSS in kB of one run, stdout discarded. */
const peak = (args: string[]): Promise<number> =>
  new Promise((resolve, reject) => {
    // Run in a child so this process's event loop keeps serving.
    import('node:child_process').then(({execFile}) => {
      execFile('/usr/bin/time', ['-v', process.execPath, BIN, ...args], {encoding: 'buffer', env: baseEnv(home.home), maxBuffer: 2 ** 31}, (error, _stdout, stderr) => {
        const text = stderr.toString()
        const match = /Maximum resident set size \(kbytes\): (\d+)/.exec(text)
        if (!match) reject(new Error(`${error?.message ?? ''} ${text.slice(-500)}`))
        else resolve(Number(match[1]))
      })
    }, reject)
  })

try {
  execFileSync('/usr/bin/time', ['--version'], {stdio: 'ignore'})
  const idle = await peak(['api', 'GET', '/mail/v4/messages', '--dry-run'])
  const busy = await peak(['api', 'GET', '/mail/v4/messages', '--output', 'json'])
  const bodyKb = body.length / 1024
  console.log(
    `body ${(bodyKb / 1024).toFixed(1)} MB; idle peak RSS ${(idle / 1024).toFixed(1)} MB; with the body ${(busy / 1024).toFixed(1)} MB; above idle ${((busy - idle) / bodyKb).toFixed(2)}x the body`,
  )
} finally {
  server.close()
  home.remove()
}
