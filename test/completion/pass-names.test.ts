/**
 * Pass vault and item names in shell completion (pass/sealed-names.ts, pass/names-command.ts): the built binary
 * against the sandbox's Pass account, real bash and zsh in a pseudo-terminal (setup.ts drive()). The names are
 * kept sealed: none is ever found in clear in the cache directory, and whatever cannot be opened (a changed byte,
 * a file others may read, a link, a rotated local key, a logged-out session) offers nothing and says nothing.
 */
import {expect} from 'chai'
import {spawnSync} from 'node:child_process'
import {chmodSync, chownSync, existsSync, readdirSync, readFileSync, renameSync, statSync, symlinkSync, unlinkSync, writeFileSync} from 'node:fs'
import {randomBytes} from 'node:crypto'
import {join} from 'node:path'

import {runBinary, type RunResult} from '../helpers/run-binary.ts'
import {type Running, sandboxFetch, startSandboxProcess} from '../helpers/sandbox-process.ts'
import {type Completion, type CompletionHome, completionHome, drive, type HostHome, hostHome, type Shell} from './setup.ts'

const SHELLS: readonly Shell[] = ['bash', 'zsh']
/** The seeded account's item and vault names (src/sandbox/fixtures/pass-fixture.ts), and the vault made here. */
const SEEDED_ITEMS = ['Café Zürich', 'GitLab', 'Newsletters', 'Wi-Fi notes', 'Банк 🏦']
const VAULT = 'Coffre «privé» 🔐'
const QUOTED = 'It\'s "quoted" `x`'

/** Every file under `dir`. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
}

describe('Pass names in completion: sealed, offered by bash and zsh (built binary, sandbox)', function () {
  this.timeout(300_000)
  let home: CompletionHome
  let sandbox: Running
  let profiles: Record<Shell, string>
  let marker: string
  let hostile: string
  let seal: string
  const proton = (args: string[]): Promise<RunResult> => runBinary([...args, '--profile', 'sandbox'], {env: home.env, timeoutMs: 60_000})
  const ok = (result: RunResult) => expect(result.status, result.stderr).to.equal(0)

  /** TAB on each line in `shell`: nothing on stderr, and the CLI started once per line (its hidden `pass names`). */
  function tab(shell: Shell, inputs: readonly string[]): Map<string, Completion> {
    const before = home.starts()
    const {results} = drive(shell, home, profiles[shell], inputs)
    for (const [input, result] of results) expect(result.stderr, `stderr after TAB on ${JSON.stringify(input)}`).to.deep.equal([])
    expect(home.starts() - before, 'starts of the CLI').to.equal(inputs.length)
    return results
  }

  const candidates = (results: Map<string, Completion>, input: string) => [...results.get(input)!.candidates].sort()

  /** The names the hidden command prints. */
  const names = async (kind: string) => (await proton(['pass', 'names', kind])).stdout.toString().split('\n').filter(Boolean)

  /** What the hidden command prints for items, which must be nothing at all, and exit 0. */
  async function printsNothing(): Promise<void> {
    const result = await proton(['pass', 'names', 'items', '--quiet', '--timeout', '3'])
    expect([result.status, result.stdout.toString(), result.stderr]).to.deep.equal([0, '', ''])
  }

  before(async () => {
    home = await completionHome()
    profiles = {bash: await home.profileLine('bash'), zsh: await home.profileLine('zsh')}
    sandbox = await startSandboxProcess(['--port', '0', '--write-session'], home.env)
    marker = join(home.workDir, '..', 'pwned')
    hostile = `Hostile $(touch ${marker})`
    seal = join(home.cacheDir, 'keys', 'sandbox.pass-names')
    ok(await proton(['pass', 'vaults', 'create', VAULT]))
    for (const name of [hostile, QUOTED, 'two\nlines', 'bell\u0007name', 'rlo\u202Eeman']) ok(await proton(['pass', 'items', 'create', 'note', '--vault', 'Work', '--name', name, '--note', 'n']))
  })

  after(() => {
    if (sandbox && sandbox.child.exitCode === null) sandbox.child.kill('SIGKILL')
    home?.remove()
  })

  it('the commands that decrypt names keep them sealed: 0600 in a 0700 directory, no name in clear anywhere in the cache', async () => {
    ok(await proton(['pass', 'items', 'list']))
    expect(statSync(seal).mode & 0o777).to.equal(0o600)
    expect(statSync(join(seal, '..')).mode & 0o777).to.equal(0o700)
    const names = [...SEEDED_ITEMS, VAULT, hostile, QUOTED, 'Mes comptes à moi']
    const files = filesUnder(home.cacheDir)
    expect(files).to.include(seal)
    for (const file of files) {
      const bytes = readFileSync(file)
      for (const name of names) expect(bytes.includes(Buffer.from(name, 'utf8')), `${JSON.stringify(name)} in ${file}`).to.equal(false)
    }

    // Written only when the names changed: a second listing leaves the file as it was.
    const before = statSync(seal)
    ok(await proton(['pass', 'vaults', 'list']))
    ok(await proton(['pass', 'items', 'list']))
    expect(statSync(seal).ino).to.equal(before.ino)
    expect(readFileSync(seal)).to.have.length(before.size)
  })

  for (const shell of SHELLS) {
    it(`${shell}: TAB offers item names for ITEM and vault names for --vault, escaped; names with line breaks or controls left out`, () => {
      const lines = [
        'proton --profile sandbox pass items get ',
        'proton pass items get --profile sandbox Caf',
        'proton pass totp --profile=sandbox Б',
        'proton pass items list --profile sandbox --vault ',
        'proton pass items create note --profile sandbox --vault Co',
        'proton pass vaults delete --profile sandbox Co',
        'proton pass alias create --profile sandbox --vault=P',
      ]
      const results = tab(shell, lines)
      expect(candidates(results, lines[0])).to.deep.equal(
        (shell === 'bash'
          ? ['Café\\ Zürich', 'GitLab', String.raw`Hostile\ \$\(touch\ ${marker}\)`, String.raw`It\'s\ \"quoted\"\ \`x\``, 'Newsletters', 'Wi-Fi\\ notes', 'Банк\\ 🏦']
          : ['Café Zürich', 'GitLab', hostile, QUOTED, 'Newsletters', 'Wi-Fi notes', 'Банк 🏦']
        ).sort(),
      )
      expect(results.get(lines[1])!.line).to.equal('proton pass items get --profile sandbox Café\\ Zürich ')
      expect(results.get(lines[2])!.line).to.equal('proton pass totp --profile=sandbox Банк\\ 🏦 ')
      expect(candidates(results, lines[3])).to.deep.equal((shell === 'bash' ? ['Coffre\\ «privé»\\ 🔐', 'Personal', 'Work'] : [VAULT, 'Personal', 'Work']).sort())
      expect(results.get(lines[4])!.line).to.equal('proton pass items create note --profile sandbox --vault Coffre\\ «privé»\\ 🔐 ')
      expect(results.get(lines[5])!.line).to.equal('proton pass vaults delete --profile sandbox Coffre\\ «privé»\\ 🔐 ')
      expect(results.get(lines[6])!.line).to.equal('proton pass alias create --profile sandbox --vault=Personal ')
    })

    it(`${shell}: a hostile name is one word whatever the quote typed, and never runs`, () => {
      const start = 'proton pass items get --profile sandbox '
      const inputs = [`${start}Hos`, `${start}"Hos`, `${start}'Hos`, `${start}It`, `${start}"It`, `${start}'It`]
      const results = tab(shell, inputs)
      for (const input of inputs) {
        const line = results.get(input)!.line
        expect(line.startsWith(start) && line.endsWith(' '), line).to.equal(true)
        // The completed word, as the shell reads it: the name itself, and nothing run.
        const word = spawnSync(shell, shell === 'zsh' ? ['-f', '-c', `print -r -- ${line.slice(start.length)}`] : ['-c', `printf '%s\\n' ${line.slice(start.length)}`], {encoding: 'utf8'})
        expect(word.stdout, input).to.equal(`${input.includes('Hos') ? hostile : QUOTED}\n`)
      }

      expect(existsSync(marker)).to.equal(false)
    })
  }

  it('follows what the commands change: a new vault and item, a rename, a deletion, a deleted vault', async () => {
    ok(await proton(['pass', 'vaults', 'create', 'Éphémère']))
    ok(await proton(['pass', 'items', 'create', 'note', '--vault', 'Éphémère', '--name', 'Brouillon', '--note', 'n']))
    expect(await names('vaults')).to.include('Éphémère')
    expect(await names('items')).to.include('Brouillon')
    ok(await proton(['pass', 'items', 'edit', 'Brouillon', '--name', 'Note finale']))
    expect(await names('items'))
      .to.include('Note finale')
      .and.not.include('Brouillon')
    ok(await proton(['pass', 'items', 'delete', 'Note finale', '--yes']))
    expect(await names('items')).not.to.include('Note finale')
    ok(await proton(['pass', 'vaults', 'delete', 'Éphémère', '--yes']))
    expect(await names('vaults')).to.deep.equal(['Personal', 'Work', VAULT].sort())
  })

  it('offers nothing, and says nothing, for a seal changed by a byte, readable by others, another user’s, or replaced by a link', async () => {
    const good = readFileSync(seal)
    const tampered = Buffer.from(good)
    tampered[tampered.length - 20] ^= 1
    writeFileSync(seal, tampered, {mode: 0o600})
    await printsNothing()
    writeFileSync(seal, good)
    chmodSync(seal, 0o644)
    await printsNothing()
    for (const shell of SHELLS) expect(candidates(tab(shell, ['proton pass items get --profile sandbox ']), 'proton pass items get --profile sandbox ')).to.deep.equal([])
    chmodSync(seal, 0o600)
    // Another user's file (only root can make one here).
    if (process.getuid?.() === 0) {
      chownSync(seal, 65_534, 65_534)
      await printsNothing()
      chownSync(seal, 0, 0)
    }

    renameSync(seal, `${seal}.real`)
    symlinkSync(`${seal}.real`, seal)
    await printsNothing()
    unlinkSync(seal)
    renameSync(`${seal}.real`, seal)
    // As it was: the names open again.
    expect(await names('vaults')).to.deep.equal(['Personal', 'Work', VAULT].sort())
  })

  it('offers nothing, and says nothing, when the service is slow (past --timeout 3) or the local key request fails', async () => {
    const fault = async (rule: Record<string, unknown>) => {
      const response = await sandboxFetch(sandbox, 'faults', {body: JSON.stringify({Path: '/auth/v4/sessions/local/key', ...rule}), headers: {'content-type': 'application/json'}, method: 'POST'})
      expect(response.status).to.equal(200)
    }

    await fault({DelayMs: 6000, Kind: 'latency'})
    await printsNothing()
    await fault({Kind: 'html-502'})
    await printsNothing()
    await sandboxFetch(sandbox, 'faults', {method: 'DELETE'})
    expect(await names('vaults')).to.deep.equal(['Personal', 'Work', VAULT].sort())
  })

  it('offers nothing once the session’s local key changed, or after logout, which removes the seal', async () => {
    ok(await proton(['api', 'PUT', '/auth/v4/sessions/local/key', '--body', JSON.stringify({Key: randomBytes(32).toString('base64')})]))
    await printsNothing()
    for (const shell of SHELLS) expect(candidates(tab(shell, ['proton pass items list --profile sandbox --vault ']), 'proton pass items list --profile sandbox --vault ')).to.deep.equal([])
    ok(await proton(['auth', 'logout']))
    expect(existsSync(seal)).to.equal(false)
    await printsNothing()
  })
})

for (const separator of [' ', ':'] as const) {
  describe(`Pass names in completion inside a host CLI \`tool\` whose topic separator is '${separator}' (real bash and zsh)`, function () {
    this.timeout(300_000)
    let home: HostHome
    let sandbox: Running
    const id = (words: string) => (separator === ' ' ? words : words.replaceAll(' ', ':'))

    before(async () => {
      home = await hostHome(separator)
      sandbox = await startSandboxProcess(['--port', '0', '--write-session'], home.env, join(home.cliDir, 'run.js'), home.workDir, id('proton sandbox').split(' '))
      const listed = home.tool([...id('proton pass items list').split(' '), '--profile', 'sandbox'])
      expect(listed.status, listed.stderr).to.equal(0)
    })

    after(() => {
      if (sandbox && sandbox.child.exitCode === null) sandbox.child.kill('SIGKILL')
      home?.remove()
    })

    for (const shell of SHELLS) {
      it(`${shell}: \`tool ${id('proton pass items get')}\`, the top-level \`tool ${id('pass totp')}\` and --vault offer the sealed names`, async () => {
        const lines = [`tool ${id('proton pass items get')} --profile sandbox Caf`, `tool ${id('pass totp')} --profile sandbox Б`, `tool ${id('proton pass items list')} --profile sandbox --vault W`]
        const before = home.starts()
        const {results} = drive(shell, home, await home.profileLine(shell), lines)
        for (const [input, result] of results) expect(result.stderr, `stderr after TAB on ${JSON.stringify(input)}`).to.deep.equal([])
        expect(home.starts() - before, 'starts of the CLI').to.equal(lines.length)
        expect(results.get(lines[0])!.line).to.equal(`tool ${id('proton pass items get')} --profile sandbox Café\\ Zürich `)
        expect(results.get(lines[1])!.line).to.equal(`tool ${id('pass totp')} --profile sandbox Банк\\ 🏦 `)
        expect(results.get(lines[2])!.line).to.equal(`tool ${id('proton pass items list')} --profile sandbox --vault Work `)
      })
    }
  })
}
