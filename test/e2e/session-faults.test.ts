/**
 * Faults that must not cost a user their session, made to happen: a lock
 * held by a live process, a refresh slower than every timeout, a service
 * that answers a refresh 409/429/5xx, a disk that is full or read-only
 * (a tmpfs in a private mount namespace), and symbolic links in a session's
 * place. The built binary against the sandbox, which counts refreshes.
 */
import {expect} from 'chai'
import {type ChildProcess, spawn, spawnSync} from 'node:child_process'
import {chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, utimesSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {processStartTime} from '../../src/lib/session/file-lock.ts'
import {fileAppears} from '../helpers/awaiting.ts'
import {BIN, baseEnv, runBinary} from '../helpers/run-binary.ts'
import {sandboxFetch, sandboxForSuite} from '../helpers/sandbox-process.ts'

interface TmpfsRun {
  status: number
  stdout: string
  stderr: string
  /** The sessions directory afterwards, one name a line. */
  ls: string
}

interface Stats {
  Refreshes: number
  RefreshesRefused: number
}

describe('sessions that survive faults (built binary, sandbox)', function () {
  this.timeout(60_000)
  const suite = sandboxForSuite()
  let sessions: string
  const users = (extra: string[] = []) => runBinary(['api', 'GET', '/core/v4/users', '--profile', 'sandbox', ...extra], {env: baseEnv(suite.home.home), timeoutMs: 40_000})
  const control = async (method: string, path: string, body?: unknown) =>
    (await sandboxFetch(suite.sandbox, `${path}`, {body: body === undefined ? undefined : JSON.stringify(body), method})).json() as Promise<Record<string, unknown>>
  const stats = async () => (await control('GET', 'stats')) as unknown as Stats
  const file = () => join(sessions, 'sandbox.json')

  before(() => {
    sessions = join(suite.home.home, 'proton-cli', 'sessions')
  })

  beforeEach(async () => {
    // Each case starts from a working session whose access token has expired.
    await control('DELETE', 'faults')
    await control('DELETE', 'stats')
    expect((await users()).status, 'the profile works before the case').to.equal(0)
    await control('POST', 'expire-tokens')
    await control('DELETE', 'stats')
  })

  describe('the refresh lock', () => {
    let holder: ChildProcess | undefined
    afterEach(() => {
      holder?.kill('SIGKILL')
      holder = undefined
    })

    it('is never taken from a live owner however old the lock, and the wait ends at --timeout (exit 5)', async () => {
      holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], {stdio: 'ignore'})
      const lock = `${file()}.lock`
      const owner = `${holder.pid}:${processStartTime(holder.pid!)}:0123456789ab`
      writeFileSync(lock, owner, {mode: 0o600})
      const hourAgo = new Date(Date.now() - 3_600_000)
      utimesSync(lock, hourAgo, hourAgo)
      const result = await users(['--timeout', '3'])
      expect(result.status).to.equal(5)
      expect(result.stderr).to.match(
        new RegExp(`^Error: waited [23] s for another proton process \\(pid ${holder.pid}\\) renewing the session of profile sandbox; try again, or allow more with --timeout\\n$`),
      )
      expect(readFileSync(lock, 'utf8')).to.equal(owner)
      expect(await stats()).to.include({Refreshes: 0})
      holder.kill('SIGKILL')
      await new Promise((resolve) => holder!.once('exit', resolve))
      // Its owner gone, the lock is broken at once and the session renewed.
      const again = await users(['--timeout', '5'])
      expect(again.status, again.stderr).to.equal(0)
      expect(existsSync(lock)).to.equal(false)
      expect(await stats()).to.include({Refreshes: 1, RefreshesRefused: 0})
    })

    it('a refresh slower than every timeout: one refresh is sent, the refresher succeeds, the waiter stops at its --timeout, the profile works', async () => {
      await control('POST', 'faults', {Count: 1, DelayMs: 8000, Kind: 'latency', Path: '/auth/v4/refresh'})
      const first = users(['--timeout', '3'])
      // The second starts once the first holds the lock.
      await fileAppears(`${file()}.lock`)
      const second = await users(['--timeout', '3'])
      expect(second.status).to.equal(5)
      expect(second.stderr).to.match(/^Error: waited \d s for another proton process \(pid \d+\) renewing the session of profile sandbox/)
      const refresher = await first
      expect(refresher.status, refresher.stderr).to.equal(0)
      expect(JSON.parse(refresher.stdout.toString()).User).to.include({Name: 'demo'})
      expect(await stats()).to.include({Refreshes: 1, RefreshesRefused: 0})
      const after = await users()
      expect(after.status, after.stderr).to.equal(0)
      expect(await stats()).to.include({Refreshes: 1})
    })
  })

  describe('a refresh answered 409, 429 or 5xx is asked again, never taken for a refusal', () => {
    for (const fault of [
      {Kind: 'status', Status: 409, Body: {Code: 409, Error: 'Conflict'}},
      {Kind: 'rate-limit', RetryAfter: 0},
      {Kind: 'unavailable', RetryAfter: 0},
      {Kind: 'status', Status: 500, Body: {Code: 500, Error: 'Internal'}},
      {Kind: 'html-502'},
    ]) {
      it(`${fault.Kind}${'Status' in fault ? ` ${fault.Status}` : ''}`, async () => {
        await control('POST', 'faults', {...fault, Count: 1, Path: '/auth/v4/refresh'})
        const result = await users(['--timeout', '20'])
        expect(result.status, result.stderr).to.equal(0)
        expect(result.stderr).to.equal('')
        expect(await stats()).to.include({Refreshes: 1, RefreshesRefused: 0})
        expect(JSON.parse(readFileSync(file(), 'utf8'))).not.to.have.property('RefreshRefusedAt')
      })
    }

    it('keeps the session when the faults outlast the budget (exit 5)', async () => {
      await control('POST', 'faults', {Body: {Code: 409}, Count: 0, Kind: 'status', Path: '/auth/v4/refresh', Status: 409})
      // 5 s, not less: on a loaded machine a budget of 2 s could run out before the first refresh was answered at all.
      const result = await users(['--timeout', '5'])
      expect(result.status).to.equal(5)
      expect(result.stderr).to.match(/could not refresh the session of profile sandbox \(HTTP 409.*the session is kept/)
      expect(JSON.parse(readFileSync(file(), 'utf8'))).not.to.have.property('RefreshRefusedAt')
      await control('DELETE', 'faults')
      expect((await users()).status).to.equal(0)
    })
  })

  describe('disk faults (a tmpfs in a private mount namespace)', () => {
    /**
     * Runs `steps` (shell) with the sessions directory on a fresh tmpfs
     * holding the current session; each `run N` there is `proton api GET
     * /core/v4/users` whose status, stdout and stderr land in files here.
     */
    function onTmpfs(options: string, steps: string): Map<string, TmpfsRun> {
      const out = join(suite.home.home, `tmpfs-${Date.now()}`)
      mkdirSync(out)
      const script = `set -eu
mount -t tmpfs -o ${options},mode=0700 tmpfs "$SESSIONS"
cp "$SAVED" "$SESSIONS/sandbox.json"; chmod 600 "$SESSIONS/sandbox.json"
run() { set +e; "$NODE" "$BIN" api GET /core/v4/users --profile sandbox --timeout 10 >"$OUT/$1.out" 2>"$OUT/$1.err"; echo $? >"$OUT/$1.status"; ls -A "$SESSIONS" >"$OUT/$1.ls"; cp "$SESSIONS/sandbox.json" "$OUT/$1.json"; set -e; }
${steps}
cp "$SESSIONS/sandbox.json" "$OUT/final.json"`
      writeFileSync(join(out, 'saved.json'), readFileSync(file()))
      const result = spawnSync('unshare', ['--map-root-user', '--mount', 'sh', '-c', script], {
        encoding: 'utf8',
        env: {...baseEnv(suite.home.home), BIN, NODE: process.execPath, OUT: out, SAVED: join(out, 'saved.json'), SESSIONS: sessions},
        timeout: 50_000,
      })
      expect(result.status, `unshare: ${result.stderr}`).to.equal(0)
      // What the runs left in the session (renewed tokens) is the profile's from now on.
      writeFileSync(file(), readFileSync(join(out, 'final.json')))
      const runs = new Map<string, TmpfsRun>()
      for (const name of readdirSync(out)
        .filter((entry) => entry.endsWith('.status'))
        .map((entry) => entry.slice(0, -'.status'.length))) {
        runs.set(name, {
          ls: readFileSync(join(out, `${name}.ls`), 'utf8'),
          status: Number(readFileSync(join(out, `${name}.status`), 'utf8')),
          stderr: readFileSync(join(out, `${name}.err`), 'utf8'),
          stdout: readFileSync(join(out, `${name}.out`), 'utf8'),
        })
      }

      return runs
    }

    it('a full disk: one line naming the lock file and the cause, exit 1, nothing sent, no lock left; once space is back the next call works', async () => {
      const runs = onTmpfs(
        'size=64k',
        `dd if=/dev/zero of="$SESSIONS/.filler" bs=4k 2>/dev/null || true
run full
rm "$SESSIONS/.filler"
run freed`,
      )
      const full = runs.get('full')!
      expect(full.status).to.equal(1)
      // Made but not written, or not made at all: either way no lock is left behind.
      expect(full.stderr).to.equal(`Error: cannot ${full.stderr.includes('write') ? 'write' : 'create'} the lock file ${file()}.lock: no space left on the device (ENOSPC)\n`)
      expect(full.ls.split('\n')).not.to.include('sandbox.json.lock')
      const freed = runs.get('freed')!
      expect(freed.status, freed.stderr).to.equal(0)
      expect(await stats()).to.include({Refreshes: 1, RefreshesRefused: 0})
    })

    it('a read-only disk: exit 1 naming the file, then works once writable', async () => {
      const runs = onTmpfs(
        'size=64k',
        `mount -o remount,ro "$SESSIONS"
run readonly
mount -o remount,rw "$SESSIONS"
run writable`,
      )
      const readonly = runs.get('readonly')!
      expect(readonly.status).to.equal(1)
      expect(readonly.stderr).to.equal(`Error: cannot create the lock file ${file()}.lock: read-only file system (EROFS)\n`)
      expect(runs.get('writable')!.status).to.equal(0)
      expect(await stats()).to.include({Refreshes: 1, RefreshesRefused: 0})
    })

    it('renewed tokens that cannot be saved are said plainly and used for the rest of the command', async () => {
      // Room for the session and its lock, none for the temporary file of the write.
      const runs = onTmpfs('size=64k,nr_inodes=3', 'run unsaved')
      const unsaved = runs.get('unsaved')!
      expect(unsaved.status, unsaved.stderr).to.equal(0)
      expect(JSON.parse(unsaved.stdout).User).to.include({Name: 'demo'})
      expect(unsaved.stderr).to.match(
        /^Warning: the renewed session of profile sandbox could not be saved \(cannot save the session of profile sandbox to \S+sandbox\.json: no space left on the device \(ENOSPC\)\); this command goes on with it, but once it ends the profile needs "proton auth login" again\n$/,
      )
      // The file on disk is the one from before: log in again for the rest of the cases.
      const login = await runBinary(['auth', 'login', 'demo', '--password-stdin', '--profile', 'sandbox', '--api-url', suite.sandbox.url], {env: baseEnv(suite.home.home), input: 'demo\n'})
      expect(login.status, login.stderr).to.equal(0)
    })
  })

  describe('symbolic links in a session’s place are not followed', () => {
    let victim: string
    beforeEach(() => {
      victim = join(suite.home.home, 'victim.txt')
      writeFileSync(victim, 'not a session\n', {mode: 0o644})
      chmodSync(victim, 0o644)
    })

    it('a linked session file: refused with its path, the file it points to untouched (read, and the start-up check of the directory)', async () => {
      const link = join(sessions, 'linked.json')
      symlinkSync(victim, link)
      const result = await runBinary(['api', 'GET', '/core/v4/users', '--profile', 'linked'], {env: baseEnv(suite.home.home)})
      expect(result.status).to.equal(1)
      expect(result.stderr).to.equal(`Error: cannot read the session of profile linked from ${link}: it is a symbolic link, which is not followed (ELOOP)\n`)
      expect(readFileSync(victim, 'utf8')).to.equal('not a session\n')
      expect(statSync(victim).mode & 0o777).to.equal(0o644)
    })

    it('a login into a linked profile is refused, the session it made ended; the link and its target stay as they were', async () => {
      const link = join(sessions, 'other.json')
      symlinkSync(victim, link)
      const login = await runBinary(['auth', 'login', 'demo', '--password-stdin', '--profile', 'other', '--api-url', suite.sandbox.url], {env: baseEnv(suite.home.home), input: 'demo\n'})
      expect(login.status).to.equal(1)
      expect(login.stderr).to.equal(`The new session was ended; nothing was kept.\nError: cannot save the session of profile other to ${link}: it is a symbolic link, which is not followed (ELOOP)\n`)
      expect(readFileSync(victim, 'utf8')).to.equal('not a session\n')
      expect(statSync(victim).mode & 0o777).to.equal(0o644)
    })
  })
})
