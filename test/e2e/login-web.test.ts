/**
 * `auth login --web` through the built binary against the sandbox: the
 * fork approved as Proton's account page and apps approve it (this file's
 * own WebCrypto code seals the key password under the key from the code
 * and POSTs the authenticated fork), then encrypted mail read with no
 * password typed; Ctrl-C and SIGTERM withdraw the fork; a payload sealed
 * with another key, or tampered, is refused with one line.
 */
import {expect} from 'chai'
import {type ChildProcessWithoutNullStreams, spawn} from 'node:child_process'
import {chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {createRequire} from 'node:module'

import {FIXTURE_PASSPHRASE} from '../helpers/fixture-account.ts'
import {baseEnv, BIN, runBinary} from '../helpers/run-binary.ts'
import {sandboxFetch, sandboxForSuite} from '../helpers/sandbox-process.ts'

const CODE = /The code to paste there: (0:([0-9A-Z]+):([A-Za-z0-9+/=]+):([a-z-]+))\n/

interface Waiting {
  child: ChildProcessWithoutNullStreams
  code: string
  userCode: string
  key: Uint8Array
  childClientId: string
  stderr: () => string
  stdout: () => string
  closed: Promise<{status: number | null; signal: NodeJS.Signals | null}>
}

// jsQR is CommonJS whose module.exports is the function; its types describe an ES default export.
const jsQR = createRequire(import.meta.url)('jsqr') as typeof import('jsqr').default
const DARK_ON_LIGHT = '\u001B[30;47m'
const RESET = '\u001B[0m'

/** A QR code row's modules: between its colours. */
function inside(row: string): string {
  return row.slice(row.indexOf(DARK_ON_LIGHT) + DARK_ON_LIGHT.length, row.lastIndexOf(RESET))
}

/** The QR code the terminal shows, read back by an independent decoder (jsQR) from its half blocks drawn as pixels. */
function decodeQr(rows: string[]): string | undefined {
  const scale = 6
  const modules = rows.map((row) => [...inside(row)])
  const width = modules[0].length * scale
  const height = modules.length * 2 * scale
  const pixels = new Uint8ClampedArray(width * height * 4).fill(255)
  for (const [line, chars] of modules.entries()) {
    for (const [column, char] of chars.entries()) {
      const dark = [char === '▀' || char === '█', char === '▄' || char === '█']
      for (const [half, isDark] of dark.entries()) {
        if (!isDark) continue
        for (let y = 0; y < scale; y++) {
          for (let x = 0; x < scale; x++) {
            const offset = (((line * 2 + half) * scale + y) * width + column * scale + x) * 4
            pixels.fill(0, offset, offset + 3)
          }
        }
      }
    }
  }

  return jsQR(pixels, width, height)?.data
}

/** Seal {type, keyPassword} as WebClients' getForkEncryptedBlob does: v3 a 12-byte IV and AAD "fork", v1 a 16-byte IV. */
async function seal(keyPassword: string, rawKey: Uint8Array, version: 1 | 3): Promise<string> {
  const key = await crypto.subtle.importKey('raw', rawKey, 'AES-GCM', false, ['encrypt'])
  const iv = crypto.getRandomValues(new Uint8Array(version === 3 ? 12 : 16))
  const data = new TextEncoder().encode(JSON.stringify({keyPassword, type: 'default'}))
  const params = version === 3 ? {additionalData: new TextEncoder().encode('fork'), iv, name: 'AES-GCM'} : {iv, name: 'AES-GCM'}
  const sealed = new Uint8Array(await crypto.subtle.encrypt(params, key, data))
  return Buffer.concat([iv, sealed]).toString('base64')
}

describe('auth login --web (built binary, sandbox)', function () {
  this.timeout(90_000)
  const suite = sandboxForSuite()
  const env = () => baseEnv(suite.home.home)

  /** The signed-in device's session: the one the sandbox wrote for profile "sandbox". */
  async function approver(): Promise<Record<string, string>> {
    const session = (await suite.home.store.read('sandbox'))!
    return {authorization: `Bearer ${session.AccessToken}`, 'content-type': 'application/json', 'x-pm-appversion': 'web-account@5.0.300.0', 'x-pm-uid': session.UID}
  }

  /** POST /auth/v4/sessions/forks as the account page's signInWithAnotherDevicePush does. */
  async function approve(waiting: Waiting, payload: string): Promise<Response> {
    return fetch(`${suite.sandbox.url}/auth/v4/sessions/forks`, {
      body: JSON.stringify({ChildClientID: waiting.childClientId, Independent: 1, Payload: payload, UserCode: waiting.userCode}),
      headers: await approver(),
      method: 'POST',
    })
  }

  function start(args: string[], options: {browser?: boolean; env?: NodeJS.ProcessEnv} = {}): Promise<Waiting> {
    const words = ['auth', 'login', '--web', ...(options.browser ? [] : ['--no-browser']), '--api-url', suite.sandbox.url, ...args]
    const child = spawn(process.execPath, [BIN, ...words], {env: options.env ?? env(), stdio: ['pipe', 'pipe', 'pipe']})
    let stderr = ''
    let stdout = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    const closed = new Promise<{status: number | null; signal: NodeJS.Signals | null}>((resolve) => child.on('close', (status, signal) => resolve({signal, status})))
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000)
    void closed.then(() => clearTimeout(timer))
    return new Promise((resolve, reject) => {
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString()
        const found = CODE.exec(stderr)
        if (found) {
          resolve({child, childClientId: found[4], closed, code: found[1], key: Buffer.from(found[3], 'base64'), stderr: () => stderr, stdout: () => stdout, userCode: found[2]})
        }
      })
      void closed.then(({status}) => reject(new Error(`auth login --web ended (${status}) before showing a code: ${stderr}`)))
    })
  }

  const requests = async () =>
    ((await (await sandboxFetch(suite.sandbox, 'stats')).json()) as {Requests: Array<{AppVersion: string; Method: string; Path: string; Query: string; Status: number}>}).Requests

  it('approved as the account page does (v3 payload), it keeps the session, unlocks the keys and reads encrypted mail; no password typed, the key never sent', async () => {
    await sandboxFetch(suite.sandbox, 'stats', {method: 'DELETE'})
    const waiting = await start(['--profile', 'web', '--verbose'])
    expect(waiting.key).to.have.length(32)
    expect(waiting.childClientId).to.equal('external-drive')
    const link = `${suite.sandbox.url}/desktop/login?app=drive&pv=3#payload=${encodeURIComponent(waiting.code)}`
    expect(waiting.stderr()).to.include(`\n  ${link}\n`)
    const approval = await approve(waiting, await seal(FIXTURE_PASSPHRASE, waiting.key, 3))
    expect(approval.status).to.equal(200)
    const {status} = await waiting.closed
    const stderr = waiting.stderr()
    expect(status, stderr).to.equal(0)
    expect(stderr).to.include(
      `logged in as demo (profile web, ${suite.sandbox.url}, by approval; app version external-drive-proton_cli@0.1.0-stable)\nkeys unlocked: the primary user key and 2 of 2 addresses\n`,
    )
    expect(waiting.stdout()).to.equal('')

    // The key appears in the link and in the code, nowhere else, --verbose or not; the key password nowhere.
    const encoded = Buffer.from(waiting.key).toString('base64')
    // The base64 ends in "=", which the link percent-encodes: each form once.
    expect(stderr.split(encoded)).to.have.length(2)
    expect(stderr.split(encodeURIComponent(encoded))).to.have.length(2)
    expect(stderr).not.to.include(FIXTURE_PASSPHRASE)
    const file = readFileSync(suite.home.store.pathOf('web'), 'utf8')
    expect(file).not.to.include(FIXTURE_PASSPHRASE)
    const session = (await suite.home.store.read('web'))!
    expect(session).to.include({AppVersion: 'external-drive-proton_cli@0.1.0-stable', Username: 'demo'})
    expect(session.KeyPassphrase).to.match(/^v1\./)
    for (const token of [session.AccessToken, session.RefreshToken]) expect(stderr).not.to.include(token)

    const log = await requests()
    for (const entry of log) expect(`${entry.Path}?${entry.Query}`).not.to.include(encoded).and.not.to.include(encodeURIComponent(encoded))
    const forkCalls = log.filter((entry) => entry.Path.startsWith('/auth/v4/sessions/forks') && entry.AppVersion !== 'web-account@5.0.300.0')
    expect(forkCalls[0]).to.include({Method: 'GET', Path: '/auth/v4/sessions/forks', Status: 200})
    expect(forkCalls.at(-1)).to.include({Method: 'GET', Status: 200})
    for (const entry of forkCalls) expect(entry.AppVersion).to.equal('external-drive-proton_cli@0.1.0-stable')

    const list = await runBinary(['mail', 'list', '--profile', 'web'], {env: env()})
    const id = list.stdout.toString().split('\t')[0]
    const read = await runBinary(['mail', 'read', id, '--profile', 'web', '--output', 'json'], {env: env()})
    expect(read.status, read.stderr).to.equal(0)
    const message = JSON.parse(read.stdout.toString()) as {Body: string; SignatureStatus: string}
    expect(message.SignatureStatus).to.equal('verified')
    expect(message.Body).not.to.include('BEGIN PGP MESSAGE')
  })

  it('opens a v1 payload too (a Proton app’s “sign in with another device”: 16-byte IV, no AAD)', async () => {
    const waiting = await start(['--profile', 'web-v1'])
    expect((await approve(waiting, await seal(FIXTURE_PASSPHRASE, waiting.key, 1))).status).to.equal(200)
    const {status} = await waiting.closed
    expect(status, waiting.stderr()).to.equal(0)
    expect(waiting.stderr()).to.include('keys unlocked: the primary user key and 2 of 2 addresses')
  })

  for (const [signal, status] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    it(`${signal} withdraws the fork (DELETE of its selector) and ends by the signal; nothing is kept`, async () => {
      await sandboxFetch(suite.sandbox, 'stats', {method: 'DELETE'})
      const waiting = await start(['--profile', `gone-${signal}`])
      waiting.child.kill(signal)
      const ended = await waiting.closed
      expect(ended.signal ?? ended.status, waiting.stderr()).to.be.oneOf([signal, status])
      expect(waiting.stderr()).to.match(/Error: interrupted(?: by SIGTERM)?; the sign-in request was withdrawn\n$/)
      const deleted = (await requests()).filter((entry) => entry.Method === 'DELETE')
      expect(deleted).to.have.length(1)
      expect(deleted[0]).to.include({Status: 200})
      expect(deleted[0].Path).to.match(/^\/auth\/v4\/sessions\/forks\/[^/]+$/)
      // The code can no longer be approved.
      const late = await approve(waiting, await seal(FIXTURE_PASSPHRASE, waiting.key, 3))
      expect(late.status).to.equal(422)
      expect(await suite.home.store.list()).not.to.include(`gone-${signal}`)
    })
  }

  it('SIGINT with a slow service: the withdrawal is waited for past the interrupt’s one-second fallback', async () => {
    await sandboxFetch(suite.sandbox, 'faults', {
      body: JSON.stringify({Count: 1, DelayMs: 2000, Kind: 'latency', Method: 'DELETE', Path: '/auth/v4/sessions/forks/'}),
      headers: {'content-type': 'application/json'},
      method: 'POST',
    })
    try {
      const waiting = await start(['--profile', 'gone-slow'])
      waiting.child.kill('SIGINT')
      await waiting.closed
      expect(waiting.stderr()).to.match(/Error: interrupted; the sign-in request was withdrawn\n$/)
      expect((await requests()).filter((entry) => entry.Method === 'DELETE').at(-1)).to.include({Status: 200})
    } finally {
      await sandboxFetch(suite.sandbox, 'faults', {method: 'DELETE'})
    }
  })

  it('SIGINT after the approval, while the keys are fetched: the approved session is ended, nothing kept, ends by the signal', async () => {
    // The user's record comes slowly, so that the signal arrives once the fork is approved and before anything is kept.
    await sandboxFetch(suite.sandbox, 'faults', {
      body: JSON.stringify({Count: 1, DelayMs: 3000, Kind: 'latency', Method: 'GET', Path: '/core/v4/users'}),
      headers: {'content-type': 'application/json'},
      method: 'POST',
    })
    try {
      const waiting = await start(['--profile', 'interrupted-after'])
      await sandboxFetch(suite.sandbox, 'stats', {method: 'DELETE'})
      expect((await approve(waiting, await seal(FIXTURE_PASSPHRASE, waiting.key, 3))).status).to.equal(200)
      // The poll that carried the approval has been answered: the tool now waits for the user's record.
      const approved = async () => (await requests()).some((entry) => entry.Method === 'GET' && entry.Path.startsWith('/auth/v4/sessions/forks/') && entry.Status === 200)
      for (let tries = 0; tries < 200 && !(await approved()); tries++) await new Promise((resolve) => setTimeout(resolve, 50))
      expect(await approved()).to.equal(true)
      waiting.child.kill('SIGINT')
      const {signal, status} = await waiting.closed
      expect([signal, status]).to.deep.equal(['SIGINT', null])
      expect(waiting.stderr()).to.match(/The new session was ended; nothing was kept\.\nError: interrupted\n$/)
      expect((await requests()).filter((entry) => entry.Method === 'DELETE').map((entry) => `${entry.Path} ${entry.Status}`)).to.deep.equal(['/auth/v4 200'])
      expect(await suite.home.store.list()).not.to.include('interrupted-after')
    } finally {
      await sandboxFetch(suite.sandbox, 'faults', {method: 'DELETE'})
    }
  })

  for (const kind of ['another key', 'a tampered ciphertext'] as const) {
    it(`refuses a payload sealed with ${kind}: one line, exit 2, the child session ended, nothing kept`, async () => {
      const waiting = await start(['--profile', 'refused'])
      let payload: string
      if (kind === 'another key') payload = await seal(FIXTURE_PASSPHRASE, crypto.getRandomValues(new Uint8Array(32)), 3)
      else {
        const bytes = Buffer.from(await seal(FIXTURE_PASSPHRASE, waiting.key, 3), 'base64')
        bytes[20] ^= 1
        payload = bytes.toString('base64')
      }

      await sandboxFetch(suite.sandbox, 'stats', {method: 'DELETE'})
      expect((await approve(waiting, payload)).status).to.equal(200)
      const {status} = await waiting.closed
      expect(status).to.equal(2)
      const lines = waiting.stderr().split('\n')
      expect(lines.at(-2)).to.equal('Error: refusing the approved session: its Payload does not open with this sign-in’s key (tampered, or sealed for another sign-in); it was ended')
      expect(lines.filter((line) => line.startsWith('Error'))).to.have.length(1)
      expect((await requests()).filter((entry) => entry.Method === 'DELETE').map((entry) => `${entry.Path} ${entry.Status}`)).to.deep.equal(['/auth/v4 200'])
      expect(await suite.home.store.list()).not.to.include('refused')
    })
  }

  it('refuses the password login’s flags with --web, and --app / --no-browser without it (exit 1, nothing sent)', async () => {
    const both = await runBinary(['auth', 'login', '--web', 'alice', '--password-stdin', '--api-url', suite.sandbox.url], {env: env()})
    expect([both.status, both.stderr]).to.deep.equal([1, 'Error: --web signs in by approval, without a password: USERNAME, --password-stdin not wanted\n'])
    const alone = await runBinary(['auth', 'login', 'alice', '--no-browser', '--api-url', suite.sandbox.url], {env: env()})
    expect([alone.status, alone.stderr]).to.deep.equal([1, 'Error: --app and --no-browser go with --web\n'])
    const app = await runBinary(['auth', 'login', '--web', '--app', 'Mail!', '--api-url', suite.sandbox.url], {env: env()})
    expect([app.status, app.stderr]).to.deep.equal([1, 'Error: --app must be a lower-case app name such as drive or mail, not "Mail!"\n'])
  })

  it('on a terminal: the QR code of the code (dark on light, read back by jsQR), a spinner with the time left, then the approval', async () => {
    const command = `${process.execPath} ${BIN} auth login --web --no-browser --profile web-tty --api-url ${suite.sandbox.url}`
    const child = spawn('script', ['-q', '-e', '-c', command, '/dev/null'], {env: env()})
    let screen = ''
    let approved = false
    // Decoded as a stream: a half block split across two reads stays whole.
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => {
      screen += chunk
      const code = CODE.exec(screen.replaceAll('\r\n', '\n'))
      if (!approved && code && /left; Ctrl-C to cancel\)/.test(screen)) {
        approved = true
        void sandboxFetch(suite.sandbox, 'forks/approve', {body: JSON.stringify({Code: code[1]}), headers: {'content-type': 'application/json'}, method: 'POST'})
      }

      if (/logged in as|Error:/.test(screen)) child.stdin.end()
    })
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000)
    const status = await new Promise<number | null>((resolve) => child.on('close', resolve))
    clearTimeout(timer)
    expect(status, screen).to.equal(0)
    // Rows of half blocks between black-on-white and reset.
    const rows = screen.split('\n').filter((line) => line.includes(DARK_ON_LIGHT))
    expect(rows.length).to.be.within(12, 40)
    for (const row of rows) {
      expect(row.replace(/\r$/, '')).to.satisfy((line: string) => line.startsWith(`  ${DARK_ON_LIGHT}`) && line.endsWith(RESET))
      expect(inside(row)).to.match(/^[ ▀▄█]+$/)
    }

    expect(decodeQr(rows)).to.equal(CODE.exec(screen.replaceAll('\r\n', '\n'))![1])
    expect(screen).to.match(/⠋ Waiting for the approval \((9|10):\d\d left; Ctrl-C to cancel\)/)
    expect(screen).to.include('logged in as demo (profile web-tty')
  })

  it('opens the browser (xdg-open where there is a display) on a 0600 page that forwards to the link: the key on no command line; the page removed at the end', async () => {
    const bin = mkdtempSync(join(tmpdir(), 'web42-xdg-'))
    try {
      const log = join(bin, 'log')
      // A stand-in for xdg-open: what it was given, and the page it was given, as the browser would read it.
      writeFileSync(
        join(bin, 'xdg-open'),
        `#!/bin/sh\nf="\${1#file://}"\n{ printf 'argc:%s\\n' "$#"; printf 'argv:%s\\n' "$*"; stat -c 'mode:%a' "$f"; stat -c 'dirmode:%a' "$(dirname "$f")"; cat "$f"; } > '${log}.tmp' && mv '${log}.tmp' '${log}'\n`,
      )
      chmodSync(join(bin, 'xdg-open'), 0o755)
      const waiting = await start(['--profile', 'web-browser'], {browser: true, env: baseEnv(suite.home.home, {DISPLAY: ':99', PATH: `${bin}:${process.env.PATH}`})})
      const deadline = Date.now() + 20_000
      while (!existsSync(log) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100))
      const seen = readFileSync(log, 'utf8')
      const encoded = Buffer.from(waiting.key).toString('base64')
      const argv = /^argv:(.*)$/m.exec(seen)![1]
      expect(seen).to.match(/^argc:1$/m)
      expect(argv).to.match(/^file:\/\/.*\/sign-in\.html$/)
      expect(argv).not.to.include(encoded).and.not.to.include(encodeURIComponent(encoded)).and.not.to.include(waiting.userCode)
      expect(seen)
        .to.match(/^mode:600$/m)
        .and.match(/^dirmode:700$/m)
      const link = `${suite.sandbox.url}/desktop/login?app=drive&amp;pv=3#payload=${encodeURIComponent(waiting.code)}`
      expect(seen).to.include(`<meta http-equiv="refresh" content="0;url=${link}">`)
      expect(waiting.stderr()).to.include('Opening the link in your browser…')
      await sandboxFetch(suite.sandbox, 'forks/approve', {body: JSON.stringify({Code: waiting.code}), headers: {'content-type': 'application/json'}, method: 'POST'})
      const {status} = await waiting.closed
      expect(status, waiting.stderr()).to.equal(0)
      expect(existsSync(argv.slice('file://'.length))).to.equal(false)
    } finally {
      rmSync(bin, {force: true, recursive: true})
    }
  })

  it('--app mail: ChildClientID external-mail, the link app=mail, x-pm-appversion external-mail-proton_cli@…', async () => {
    await sandboxFetch(suite.sandbox, 'stats', {method: 'DELETE'})
    const waiting = await start(['--profile', 'web-mail', '--app', 'mail'])
    expect(waiting.childClientId).to.equal('external-mail')
    expect(waiting.stderr()).to.include(`/desktop/login?app=mail&pv=3#payload=`)
    waiting.child.kill('SIGINT')
    await waiting.closed
    expect((await requests()).map((entry) => entry.AppVersion)).to.include('external-mail-proton_cli@0.1.0-stable')
    expect(waiting.stderr()).not.to.include('Warning')
  })

  it('warns when --app-version does not name the client the sign-in is for (PROTON_APP_VERSION=Other)', async () => {
    const waiting = await start(['--profile', 'web-other'], {env: baseEnv(suite.home.home, {PROTON_APP_VERSION: 'Other'})})
    waiting.child.kill('SIGINT')
    await waiting.closed
    expect(waiting.stderr()).to.match(/^Warning: the app version Other does not name the client external-drive the sign-in is for; the service may refuse the session \(the sandbox does\)\n/)
  })
})
