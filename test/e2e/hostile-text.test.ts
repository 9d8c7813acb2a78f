/**
 * Issue 26, text from the service (or a sender) never becomes code, IDs are
 * IDs, names written to disk are safe and visible, and the sandbox never
 * destroys a real session: the built binary against a recording server and
 * against `proton sandbox`. Each test makes the fault happen: a hostile
 * verification token whose hint is then run by real bash (a sentinel file
 * that must not appear), IDs that are paths ("..", "%2F") with the server
 * proving nothing was sent, C1 controls in JSON and YAML and in IDs read
 * from standard input, attachment IDs and names chosen by a sender, and a
 * real session in the sandbox's way.
 */
import {expect} from 'chai'
import {spawnSync} from 'node:child_process'
import {existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import * as openpgp from 'openpgp'
import {parse as parseYaml} from 'yaml'

import {type FixtureAttachment, readerSuite} from '../helpers/pgp-mime-suite.ts'
import {baseEnv, runBinary, type RunResult} from '../helpers/run-binary.ts'
import {sandboxFetch, startSandboxProcess} from '../helpers/sandbox-process.ts'
import {json, serverForSuite} from '../helpers/scripted-server.ts'
import {tempHome, type TempHome, TOKENS} from '../helpers/session-files.ts'
import {runInTerminal} from '../helpers/terminal.ts'

/** What a terminal acts on: C0 but line breaks, DEL, C1 (U+009B is a CSI of its own). */
// eslint-disable-next-line no-control-regex
const TERMINAL_CONTROLS = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/

/** Run `script` in real bash; whether it created `sentinel`. */
function bash(script: string, sentinel: string): {stdout: string; ran: boolean} {
  const result = spawnSync('bash', ['-c', script], {encoding: 'utf8'})
  return {ran: existsSync(sentinel), stdout: result.stdout}
}

describe('hostile text: hints, IDs and standard input (built binary, a recording server)', function () {
  this.timeout(60_000)
  const HOSTILE_TOKEN = "T0K3N'$(touch${IFS}SENTINEL)''"
  let verificationToken = ''
  const suite = serverForSuite({
    handler(request, response) {
      if (request.url.startsWith('/core/v4/users')) {
        return json(422, {Code: 9001, Details: {HumanVerificationMethods: ['captcha'], HumanVerificationToken: verificationToken}, Error: 'Human verification required'})(request, response)
      }

      json(200, '{"Code":1000}')(request, response)
    },
    session: true,
  })
  const proton = (args: string[], input?: string): Promise<RunResult> => runBinary(args, {env: baseEnv(suite.home.home), input})

  describe('text from the server never becomes code', () => {
    it('a verification token holding shell syntax is not printed; the hint, run by bash, runs nothing', async () => {
      const sentinel = join(suite.home.home, 'hv-ran')
      verificationToken = HOSTILE_TOKEN.replace('SENTINEL', sentinel)
      const result = await proton(['api', 'GET', '/core/v4/users'])
      expect(result.status).to.equal(2)
      const hint = /with (PROTON_HV_TOKEN=.*?) and PROTON_HV_TYPE/.exec(result.stderr)?.[1] ?? ''
      expect(hint).to.equal('PROTON_HV_TOKEN=<the token of the verification page>')
      expect(result.stderr).to.not.include('$(')
      bash(`${hint}; printf %s "$PROTON_HV_TOKEN"`, sentinel)
      // The whole of stderr pasted, line by line: nothing runs.
      bash(result.stderr, sentinel)
      expect(existsSync(sentinel)).to.equal(false)
    })

    it('a token of the alphabet is printed quoted by the one shell quoting: bash reads it back exactly', async () => {
      verificationToken = 'a+b/c=_d.e:f~g-0'
      const result = await proton(['api', 'GET', '/core/v4/users'])
      expect(result.status).to.equal(2)
      const hint = /with (PROTON_HV_TOKEN=.*?) and PROTON_HV_TYPE/.exec(result.stderr)?.[1] ?? ''
      expect(hint).to.equal("PROTON_HV_TOKEN='a+b/c=_d.e:f~g-0'")
      expect(bash(`${hint}; printf %s "$PROTON_HV_TOKEN"`, join(suite.home.home, 'none')).stdout).to.equal(verificationToken)
    })

    it('--dry-run prints a curl command that bash runs as that request: headers and body read back exactly, nothing else run', async () => {
      const sentinel = join(suite.home.home, 'curl-ran')
      const header = `x-note: '$(touch ${sentinel})' \`touch ${sentinel}\``
      // Valid JSON: a raw C1 (U+009B, a CSI of its own) may stand in a string.
      const body = `{"Name":"it's $(touch ${sentinel}) \u009b2J"}`
      const result = await proton(['api', 'POST', '/core/v4/labels', '--header', header, '--body', body, '--dry-run'])
      expect(result.status, result.stderr).to.equal(0)
      const line = result.stdout.toString('utf8').trimEnd()
      expect(line).to.not.match(TERMINAL_CONTROLS)
      // curl stood in for by a function that prints its arguments, one a line (NUL-separated).
      const run = spawnSync('bash', ['-c', `curl() { printf '%s\\0' "$@"; }; ${line}`], {encoding: 'utf8'})
      const words = run.stdout.split('\0')
      expect(words).to.include(header)
      expect(words[words.indexOf('--data-raw') + 1]).to.equal(body)
      expect(existsSync(sentinel)).to.equal(false)
      expect(suite.server.requests).to.deep.equal([])
    })

    it('message IDs on standard input holding C1 (U+009B) are refused, escaped as C0 is; nothing sent', async () => {
      for (const [args, input] of [
        [['mail', 'star', '-'], 'good-id\nbad\u009b2Jid\n'],
        [['mail', 'star', 'x\u009b31m'], ''],
        [['mail', 'trash'], 'a\u0085b\n'],
      ] as const) {
        const result = await proton([...args], input)
        expect(result.status, result.stderr).to.equal(1)
        expect(result.stderr).to.not.match(TERMINAL_CONTROLS)
        expect(result.stderr).to.match(/\\u00(9b|85)/)
        expect(result.stderr.split('\n')).to.have.length(2)
      }

      expect(suite.server.requests).to.deep.equal([])
    })
  })

  describe('IDs are IDs: one check for every ID put in a path; exit 1, one line, nothing sent', () => {
    const commands: string[][] = [
      ['calendar', 'delete', '--yes'],
      ['mail', 'filters', 'delete', '--yes'],
      ['mail', 'filters', 'enable'],
      ['mail', 'filters', 'disable'],
      ['mail', 'labels', 'delete'],
      ['mail', 'read'],
      ['mail', 'attachments'],
      ['mail', 'download'],
    ]

    it('".." for every command, "." for two (and --dry-run)', async () => {
      for (const [index, command] of commands.entries()) {
        for (const id of index < 2 ? ['.', '..'] : ['..']) {
          const result = await proton([...command, '--', id])
          expect([result.status, result.stderr], `${command.join(' ')} ${id}`).to.satisfy(
            ([status, stderr]: [number, string]) => status === 1 && /^Error: \S.* "\.{1,2}" is refused: "\." and "\.\." name a directory, not an item\n$/.test(stderr),
          )
        }
      }

      const dry = await proton(['calendar', 'delete', '--dry-run', '--', '..'])
      expect(dry.status).to.equal(1)
      expect(suite.server.requests).to.deep.equal([])
    })

    it('separators, percent-encoded ones in any case, control characters, empty: refused, escaped, nothing sent', async () => {
      for (const [index, [id, why]] of [
        ['a/b', 'it holds a path separator'],
        ['a\\b', 'it holds a path separator'],
        ['%2F', 'it is percent-encoded'],
        ['..%2fetc', 'it is percent-encoded'],
        ['%2e%2E', 'it is percent-encoded'],
        ['x%5Cy', 'it is percent-encoded'],
        ['id\u001b[2J', 'it holds a control character'],
        ['id\u009b2J', 'it holds a control character'],
        ['', 'must not be empty'],
      ].entries()) {
        // Each through another command: the check is one function, and every command goes through it.
        const command = commands[index % commands.length]
        const result = await proton([...command, '--', id])
        expect(result.status, `${command.join(' ')} ${JSON.stringify(id)}`).to.equal(1)
        expect(result.stderr).to.include(why)
        expect(result.stderr).to.not.match(TERMINAL_CONTROLS)
        expect(result.stderr.split('\n')).to.have.length(2)
      }

      expect(suite.server.requests).to.deep.equal([])
    })

    it('an ID with a bidirectional override is echoed with it as "?" (it would reorder the line on a terminal)', async () => {
      const result = await proton(['mail', 'filters', 'disable', '--', 'evil\u202Efdp'])
      expect(result.status, result.stderr).to.equal(0)
      expect(result.stderr).to.include('filter evil?fdp.')
      expect(result.stderr).to.not.match(/[\u202A-\u202E\u2066-\u2069]/)
    })

    it('an ID that is one, = padding and all, still goes as one segment', async () => {
      const id = `${'Zz9_-'.repeat(17)}abc==`
      const result = await proton(['mail', 'filters', 'disable', '--', id])
      expect(result.status, result.stderr).to.equal(0)
      expect(suite.server.requests.map(({method, url}) => `${method} ${url}`)).to.deep.equal([`PUT /mail/v4/filters/${id}/disable`])
      expect(suite.server.requests[0].headers['x-pm-uid']).to.equal(TOKENS.UID)
    })
  })
})

describe('hostile text from a sender and the service (built binary against the sandbox)', function () {
  this.timeout(120_000)
  const {addFixtureMessage, proton, suite} = readerSuite()
  let directories = 0
  const freshDir = () => {
    const path = join(suite.home.home, `downloads-${++directories}`)
    mkdirSync(path, {recursive: true})
    return path
  }

  const addMessage = (attachments: FixtureAttachment[], extra: Record<string, unknown> = {}): Promise<string> => addFixtureMessage(attachments, {Subject: 'Hostile', ...extra})

  it('mail read --output json and yaml: C1 and DEL escaped as C0 is, the value the same for a JSON or YAML reader', async () => {
    const subject = 'Invoice\u009b2J\u001b[8m\u007f\u0085 hidden'
    const id = await addMessage([], {Subject: subject})
    const asJson = await proton(['mail', 'read', '--output', 'json', '--', id])
    expect(asJson.status, asJson.stderr).to.equal(0)
    const jsonText = asJson.stdout.toString('utf8')
    expect(jsonText).to.not.match(TERMINAL_CONTROLS)
    expect(jsonText).to.include(String.raw`Invoice\u009b2J\u001b[8m\u007f\u0085 hidden`)
    expect((JSON.parse(jsonText) as {Subject: string}).Subject).to.equal(subject)
    const asYaml = await proton(['mail', 'read', '--output', 'yaml', '--', id])
    expect(asYaml.status, asYaml.stderr).to.equal(0)
    const yamlText = asYaml.stdout.toString('utf8')
    expect(yamlText).to.not.match(TERMINAL_CONTROLS)
    expect((parseYaml(yamlText) as {Subject: string}).Subject).to.equal(subject)
    // The answer as received (mail list --output json) on a terminal: the same escapes; to a pipe, the bytes.
    const shown = await runInTerminal(['--profile', 'reader', 'mail', 'list', '--output', 'json'], baseEnv(suite.home.home, {TZ: 'UTC'}))
    expect(shown.status).to.equal(0)
    expect(shown.output).to.not.match(TERMINAL_CONTROLS)
    expect(shown.output).to.include(String.raw`"Invoice\u009b2J\u001b[8m\u007f\u0085 hidden"`)
    const piped = await proton(['mail', 'list', '--output', 'json'])
    expect(piped.stdout.toString('utf8')).to.include('Invoice\u009b2J')
  })

  it('mail download: an attachment ID the service gives with escape sequences is refused, shown escaped; ".." is never requested', async () => {
    const dir = freshDir()
    const hostile = await addMessage([{ID: 'evil\u001b]0;pwned\u0007\u001b[2K\u009b1A', Name: 'a.txt'}])
    const result = await proton(['mail', 'download', '--dir', dir, '--', hostile])
    expect(result.status).to.equal(1)
    expect(result.stderr).to.not.match(TERMINAL_CONTROLS)
    expect(result.stderr).to.include(String.raw`attachment ID "evil\x1b]0;pwned\x07\x1b[2K\u009b1A" is refused: it holds a control character; nothing written`)
    await sandboxFetch(suite.sandbox, 'stats', {method: 'DELETE'})
    const dots = await addMessage([{ID: '..', Name: 'b.txt'}])
    const refused = await proton(['mail', 'download', '--dir', dir, '--', dots])
    expect(refused.status).to.equal(1)
    expect(refused.stderr).to.include('attachment ID ".." is refused')
    const {Requests: requests} = (await (await sandboxFetch(suite.sandbox, 'stats')).json()) as {Requests: Array<{Path: string}>}
    expect(requests.map(({Path}) => Path).filter((path) => !path.startsWith('/mail/v4/messages/') && path.startsWith('/mail/'))).to.deep.equal([])
    expect(readdirSync(dir)).to.deep.equal([])
  })

  it('mail download: an attachment ID with a right-to-left override is shown as "?" in every line, the FAILED warning included', async () => {
    const {privateKey, publicKey} = await openpgp.generateKey({format: 'object', type: 'curve25519', userIDs: [{email: 'forger@example.test'}]})
    const Signature = await openpgp.sign({detached: true, format: 'armored', message: await openpgp.createMessage({binary: Buffer.from('other content')}), signingKeys: privateKey})
    const id = await addMessage([{ID: 'att\u202eLIAF', Name: 'x.txt', Signature}], {Sender: {Address: 'forger@example.test', Name: 'F', PublicKey: publicKey.armor()}})
    const dir = freshDir()
    const result = await proton(['mail', 'download', '--dir', dir, '--', id])
    expect(result.status).to.equal(1)
    expect(result.stderr).to.not.include('\u202e')
    expect(result.stderr).to.match(/^WARNING: attachment att\?LIAF \(x\.txt\): its signature FAILED verification/)
    expect(readdirSync(dir)).to.deep.equal(['x.txt'])
  })

  it('names written to disk: a leading "-", Windows devices, invisible fillers and a run of spaces made safe and visible, each noted', async () => {
    const names = ['-rf', 'CON', 'nul.txt', 'Com1.tar.gz', 'in\u3164voice.pdf', '\u115f\u1160', 'zero\u200bwidth\uffa0.txt', `name.pdf${' '.repeat(30)}.exe`]
    const id = await addMessage(names.map((Name) => ({Name})))
    const dir = freshDir()
    const result = await proton(['mail', 'download', '--dir', dir, '--', id])
    expect(result.status, result.stderr).to.equal(0)
    expect(readdirSync(dir).sort()).to.deep.equal(['_CON', '_Com1.tar.gz', '_nul.txt', '_rf', 'attachment', 'in_voice.pdf', 'name.pdf_.exe', 'zero_width_.txt'])
    expect(result.stderr).to.include(String.raw`its name "in\u3164voice.pdf" is not a safe file name; written as in_voice.pdf`)
    expect(result.stderr).to.include(`its name "name.pdf${' '.repeat(30)}.exe" is not a safe file name; written as name.pdf_.exe`)
    expect(result.stderr).to.not.match(/[\u115f\u1160\u3164\uffa0\u200b]/)
  })

  it('more than 100 files of one name: the next is written under a unique name, and the rest after it too', async () => {
    const dir = freshDir()
    writeFileSync(join(dir, 'same.txt'), 'mine')
    for (let index = 1; index <= 99; index++) writeFileSync(join(dir, `same (${index}).txt`), 'mine')
    const id = await addMessage([{Name: 'same.txt'}, {Name: 'same.txt'}, {Name: 'other.txt'}])
    const result = await proton(['mail', 'download', '--dir', dir, '--', id])
    expect(result.status, result.stderr).to.equal(0)
    const written = result.stdout.toString('utf8').trimEnd().split('\n')
    expect(written).to.have.length(3)
    expect(written[0]).to.match(/\/same \([\da-f]{16}\)\.txt$/)
    expect(written[1]).to.match(/\/same \([\da-f]{16}\)\.txt$/)
    expect(written[2]).to.equal(join(dir, 'other.txt'))
    for (const path of written) expect(readFileSync(path, 'utf8')).to.equal('Invoice 2025-03\nMail Plus, one month: 4.99 EUR\n')
    expect(readdirSync(dir)).to.have.length(103)
  })

  it('auth login: a verification token holding shell syntax is not printed in the --hv-token hint; bash runs nothing of stderr', async () => {
    const sentinel = join(suite.home.home, 'login-ran')
    const challenge = {Code: 9001, Details: {HumanVerificationMethods: ['captcha'], HumanVerificationToken: `T0K3N'$(touch \${IFS}${sentinel})''`}, Error: 'Human verification required'}
    const fault = await sandboxFetch(suite.sandbox, 'faults', {
      body: JSON.stringify({Body: challenge, Count: 1, Kind: 'status', Method: 'POST', Path: '/core/v4/auth', Status: 422}),
      headers: {'content-type': 'application/json'},
      method: 'POST',
    })
    expect(fault.status).to.equal(200)
    const result = await runBinary(['auth', 'login', 'demo', '--password-stdin', '--api-url', suite.sandbox.url, '--profile', 'hv'], {env: baseEnv(suite.home.home), input: 'demo\n'})
    expect(result.status).to.equal(2)
    expect(result.stderr).to.include('log in again with --hv-token <the token of the verification page> and --hv-type')
    expect(result.stderr).to.not.include('$(')
    bash(result.stderr, sentinel)
    expect(existsSync(sentinel)).to.equal(false)
  })
})

describe('the sandbox never destroys a real session (built binary)', function () {
  this.timeout(60_000)
  let home: TempHome
  const path = () => join(home.home, 'proton-cli', 'sessions', 'default.json')
  before(async () => {
    home = tempHome()
    await home.writeSession('https://mail.proton.me/api')
  })
  after(() => home.remove())

  it('--write-session --profile default over a real session: exit 1, one line, the file untouched, no sandbox started', async () => {
    const before = readFileSync(path())
    for (const args of [
      ['--write-session', '--profile', 'default'],
      ['--write-session', 'default'],
    ]) {
      const result = await runBinary(['sandbox', '--port', '0', ...args], {env: baseEnv(home.home)})
      expect(result.status).to.equal(1)
      expect(result.stdout.length).to.equal(0)
      expect(result.stderr).to.equal(`Error: profile "default" holds a session that is not the sandbox's (${path()}); --write-session would replace it: write another profile, or add --force\n`)
      expect(readFileSync(path()).equals(before)).to.equal(true)
    }

    const force = await runBinary(['sandbox', '--force'], {env: baseEnv(home.home)})
    expect([force.status, force.stderr]).to.deep.equal([1, 'Error: --force lets --write-session replace a session; add --write-session\n'])
  })

  it('--force replaces it; a sandbox session is then replaced without --force', async () => {
    for (const args of [['--force'], []]) {
      const running = await startSandboxProcess(['--port', '0', '--write-session', 'default', ...args], baseEnv(home.home))
      running.child.kill('SIGKILL')
      await running.exited
      const written = JSON.parse(readFileSync(path(), 'utf8')) as {SandboxSecret?: string; UID: string}
      expect(written.SandboxSecret).to.equal(running.secret)
      expect(written.UID).to.not.equal(TOKENS.UID)
    }
  })
})
