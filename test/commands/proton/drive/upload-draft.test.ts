/**
 * Drive uploads as Proton's own clients make them (issue 43), the built binary against the sandbox: the file's
 * media type by its name (the table mail send uses), not always application/octet-stream; the profile's client UID
 * (the official Drive CLI's cli/src/clientUid.ts), kept owner-only and sent with every draft, so that an upload killed
 * mid-way and run again lets the SDK delete its own draft (internal/upload/manager.ts, ConflictDraftClientUID) rather
 * than refusing a name the user cannot see.
 */
import {expect} from 'chai'

import {spawn} from 'node:child_process'
import {randomBytes} from 'node:crypto'
import {mkdirSync, readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {baseEnv, BIN, runBinary} from '../../../helpers/run-binary.ts'
import {sandboxFetch, sandboxForSuite} from '../../../helpers/sandbox-process.ts'

const MiB = 1024 ** 2

interface Recorded {
  Method: string
  Path: string
  Body: string
}

/** The files under `dir` named `name`, depth first. */
function findFiles(dir: string, name: string): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((entry) => (entry.isDirectory() ? findFiles(join(dir, entry.name), name) : entry.name === name ? [join(dir, entry.name)] : []))
}

describe('drive upload: media type and client UID (built binary, sandbox)', function () {
  this.timeout(120_000)
  const suite = sandboxForSuite()
  const env = () => baseEnv(suite.home.home, {TERM: 'dumb', TZ: 'UTC'})
  const run = (args: string[]) => runBinary(['--profile', 'sandbox', ...args], {env: env(), timeoutMs: 60_000})
  const drafts = async () =>
    ((await (await sandboxFetch(suite.sandbox, 'drive/requests')).json()) as {Requests: Recorded[]}).Requests.filter(
      ({Method, Path}) => Method === 'POST' && /^\/drive\/v2\/volumes\/[^/]+\/files$/.test(Path),
    ).map(({Body}) => JSON.parse(Buffer.from(Body, 'base64').toString('utf8')) as {MIMEType: string; ClientUID: string | null})
  const work = () => {
    const dir = join(suite.home.home, 'work', 'upload-draft')
    mkdirSync(dir, {recursive: true})
    return dir
  }

  it('the media type by the file name (report.pdf: application/pdf; an unknown extension: application/octet-stream); the profile’s client UID, kept owner-only, on every draft', async () => {
    await sandboxFetch(suite.sandbox, 'drive/requests', {method: 'DELETE'})
    for (const name of ['report.pdf', 'photo.JPG', 'data.xyz']) {
      writeFileSync(join(work(), name), `${name} ${randomBytes(8).toString('hex')}\n`)
      const up = await run(['drive', 'upload', join(work(), name)])
      expect(up.status, up.stderr).to.equal(0)
    }

    const sent = await drafts()
    expect(sent.map(({MIMEType}) => MIMEType)).to.deep.equal(['application/pdf', 'image/jpeg', 'application/octet-stream'])
    const [file] = findFiles(suite.home.home, 'sandbox.client-uid')
    expect(file, 'the client UID file').to.be.a('string')
    expect(statSync(file).mode & 0o777).to.equal(0o600)
    const uid = readFileSync(file, 'utf8').trim()
    expect(uid).to.match(/^proton-cli-[0-9a-f-]{36}$/)
    expect(sent.map(({ClientUID}) => ClientUID)).to.deep.equal([uid, uid, uid])
  })

  it('an upload killed mid-way leaves its draft; run again, the SDK deletes its own draft and uploads (it said "exists already")', async () => {
    const file = join(work(), 'interrupted.bin')
    const content = randomBytes(6 * MiB)
    writeFileSync(file, content)
    const fault = await sandboxFetch(suite.sandbox, 'faults', {
      body: JSON.stringify({DelayMs: 30_000, Kind: 'latency', Method: 'POST', Path: '/storage/blocks'}),
      headers: {'content-type': 'application/json'},
      method: 'POST',
    })
    expect(fault.status).to.equal(200)
    await sandboxFetch(suite.sandbox, 'drive/requests', {method: 'DELETE'})
    try {
      const child = spawn(process.execPath, [BIN, '--profile', 'sandbox', 'drive', 'upload', file], {env: env(), stdio: 'ignore'})
      const ended = new Promise<void>((resolve) => child.on('close', () => resolve()))
      // Bounded, never a fixed sleep: until the draft is made; then the process dies without a word (SIGKILL).
      for (let tries = 0; tries < 800 && (await drafts()).length === 0; tries++) await new Promise((resolve) => setTimeout(resolve, 50))
      expect(await drafts()).to.have.length(1)
      process.kill(child.pid as number, 'SIGKILL')
      await ended
    } finally {
      await sandboxFetch(suite.sandbox, 'faults', {method: 'DELETE'})
    }

    const again = await run(['drive', 'upload', file])
    expect(again.status, again.stderr).to.equal(0)
    const down = await run(['drive', 'download', 'interrupted.bin', '--output-file', '-'])
    expect(down.status, down.stderr).to.equal(0)
    expect(Buffer.compare(down.stdout, content)).to.equal(0)
  })
})
