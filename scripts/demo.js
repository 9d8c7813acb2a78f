// The main job, offline: build (done by `npm run demo` before this), start
// `proton sandbox --write-session`, run every usage form of `proton api`
// against it (METHOD ENDPOINT, --query, --body, -F/-f, --paginate, -i,
// --output-file, --input with -H, --dry-run, the errors), print each command
// with its answer, check each behaved as documented (exit status, stdout,
// stderr), then log in with the password (which unlocks the account's keys)
// and read the PGP/MIME message end to end, stop the sandbox, and say how to
// start it yourself. Exits 0 only if every check passed. Sessions go to a
// temporary XDG_CONFIG_HOME.
import {spawn} from 'node:child_process'
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'

const BIN = fileURLToPath(new URL('../bin/run.js', import.meta.url))
const PROFILE = ['--profile', 'sandbox']
const home = mkdtempSync(join(tmpdir(), 'proton-demo-'))
const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('PROTON_')))
Object.assign(env, {NO_COLOR: '1', XDG_CONFIG_HOME: home})

let sandbox
let failures = 0
let checks = 0

function shown(args) {
  return args.map((arg) => (/^[\w./:=@-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", "'\\''")}'`)).join(' ')
}

function indent(text, prefix, maxLines = 14) {
  const lines = text.replace(/\n$/, '').split('\n')
  const kept = lines.slice(0, maxLines).map((line) => `${prefix}${line}`)
  if (lines.length > maxLines) kept.push(`${prefix}… (${lines.length - maxLines} more lines)`)
  return kept.join('\n')
}

/** Start the sandbox; resolves with its base URL (its first stdout line, printed once the session is written). */
function startSandbox() {
  return new Promise((resolve, reject) => {
    sandbox = spawn(process.execPath, [BIN, 'sandbox', '--port', '0', '--write-session'], {env, stdio: ['ignore', 'pipe', 'pipe']})
    let out = ''
    let err = ''
    const timer = setTimeout(() => reject(new Error(`the sandbox did not start within 30 s: ${err}`)), 30_000)
    sandbox.stderr.on('data', (chunk) => (err += chunk))
    sandbox.stdout.on('data', (chunk) => {
      out += chunk
      if (out.includes('\n')) {
        clearTimeout(timer)
        resolve(out.split('\n')[0])
      }
    })
    sandbox.on('exit', (code) => reject(new Error(`the sandbox exited (${code}) before it was ready: ${err}`)))
  })
}

function stopSandbox() {
  return new Promise((resolve) => {
    if (!sandbox || sandbox.exitCode !== null) return resolve(sandbox?.exitCode ?? null)
    sandbox.removeAllListeners('exit')
    sandbox.once('exit', (code, signal) => resolve(code ?? signal))
    sandbox.kill('SIGTERM')
  })
}

function run(args, input) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {env, stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe']})
    if (input !== undefined) child.stdin.end(input)
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (status) => resolve({status, stderr, stdout}))
  })
}

/**
 * Run `proton api …`, print it and its answer, and check the exit status
 * and what stdout and stderr must show. Returns stdout parsed (or undefined).
 */
async function step(title, args, expected) {
  const full = [...PROFILE, 'api', ...args]
  console.log(`\n# ${title}\n$ proton ${shown(full)}`)
  const {status, stderr, stdout} = await run(full)
  let json
  try {
    json = stdout === '' ? undefined : JSON.parse(stdout)
  } catch {
    json = undefined
  }

  if (stdout !== '') console.log(indent(json === undefined ? stdout : JSON.stringify(json, null, 2), '  '))
  if (stderr !== '') console.log(indent(stderr, '  stderr: '))
  const problems = []
  if (status !== expected.status) problems.push(`exit status ${status}, expected ${expected.status}`)
  if (expected.stdoutEmpty && stdout !== '') problems.push('stdout should be empty')
  if (!expected.stdoutEmpty && !expected.text && json === undefined) problems.push('stdout is not JSON')
  if (expected.check && json !== undefined) {
    const problem = expected.check(json)
    if (problem) problems.push(problem)
  }

  const textProblem = expected.text?.(stdout)
  if (textProblem) problems.push(textProblem)

  if (expected.stderr && !expected.stderr.test(stderr)) problems.push(`stderr does not match ${expected.stderr}`)
  if (!expected.stderr && stderr !== '') problems.push('stderr should be empty')
  checks++
  if (problems.length === 0) {
    console.log(`  ✓ exit ${status}, as documented`)
  } else {
    failures++
    console.log(`  ✗ ${problems.join('; ')}`)
  }

  return json
}

/** Run another command than `api` (standard input `input`), print it and its output, check its exit status and stdout. */
async function command(title, args, {check, input, status: expected}) {
  console.log(`\n# ${title}\n$ ${input === undefined ? '' : `printf '%s\\n' … | `}proton ${shown(args)}`)
  const {status, stderr, stdout} = await run(args, input)
  if (stdout !== '') console.log(indent(stdout, '  ', 24))
  if (stderr !== '') console.log(indent(stderr, '  stderr: '))
  const problem = status === expected ? check?.(stdout) : `exit status ${status}, expected ${expected}`
  checks++
  if (problem) {
    failures++
    console.log(`  ✗ ${problem}`)
  } else console.log(`  ✓ exit ${status}, as documented`)
  return stdout
}

async function readPgpMime(url) {
  const reader = ['--profile', 'reader']
  await command('Log in with the password: the keys unlock (only the sealed key passphrase is kept)', ['auth', 'login', 'demo', '--password-stdin', '--api-url', url, ...reader], {
    input: 'demo\n',
    status: 0,
  })
  const list = await run([...reader, 'mail', 'list', '--output', 'json'])
  const id = JSON.parse(list.stdout).Messages.find((message) => message.Sender.Address === 'sam@example.test')?.ID ?? 'missing'
  await command('Read the PGP/MIME message (text and HTML alternatives, a CSV attachment, signed inside): the text part', [...reader, 'mail', 'read', '--', id], {
    check: (out) =>
      /Signature: +verified[\s\S]*Attachments: +q1-figures\.csv \(40 B\)\n\nThanks, the quarterly report looks good\./.test(out) ? undefined : 'not the verified text part with its attachment',
    status: 0,
  })
  await command('The same message, its HTML part', [...reader, 'mail', 'read', '--html', '--', id], {
    check: (out) => (out.includes('<p>Thanks, the quarterly report looks <b>good</b>.</p>') ? undefined : 'not the HTML part'),
    status: 0,
  })
}

async function main() {
  console.log(`proton demo: every usage form of "proton api" against the offline sandbox.`)
  console.log(`Config directory for this run: ${home} (a temporary XDG_CONFIG_HOME; your own sessions are not touched).`)
  const url = await startSandbox()
  console.log(`$ proton sandbox --port 0 --write-session   → ${url} (profile "sandbox" logged in with SRP)`)

  await step('The account', ['GET', '/core/v4/users'], {check: (json) => (json.User?.Name === 'demo' ? undefined : 'no User.Name "demo"'), status: 0})
  await step('Drive volumes', ['GET', '/drive/volumes'], {check: (json) => (json.Volumes?.length > 0 ? undefined : 'no Volumes'), status: 0})
  await step('First page of messages', ['GET', '/mail/v4/messages', '--query', 'Page=0', '--query', 'PageSize=25'], {
    check: (json) => (json.Messages?.length === 7 && json.Total === 7 ? undefined : 'expected 7 Messages, Total 7'),
    status: 0,
  })
  await step('Every page, 3 messages a page (-F: a typed field, sent as the query of a GET), merged into one envelope', ['GET', '/mail/v4/messages', '--paginate', '-F', 'PageSize=3'], {
    check: (json) =>
      json.Messages?.length === 7 && json.Total === 7 && new Set(json.Messages.map((message) => message.ID)).size === 7 ? undefined : 'expected the 7 messages of 3 pages in one envelope',
    status: 0,
  })
  const addresses = await step('Addresses (a calendar needs a real AddressID)', ['GET', '/core/v4/addresses'], {
    check: (json) => (json.Addresses?.[0]?.ID ? undefined : 'no Addresses[0].ID'),
    status: 0,
  })
  const addressId = addresses?.Addresses?.[0]?.ID ?? 'missing'
  const created = await step('Create a calendar', ['POST', '/calendar/v1', '--body', JSON.stringify({Name: 'Work', Color: '#7272a7', Display: 1, AddressID: addressId})], {
    check: (json) => (json.Calendar?.ID ? undefined : 'no Calendar.ID'),
    status: 0,
  })
  const calendars = await step("List calendars (for a pipe into jq '.Calendars[].ID')", ['GET', '/calendar/v1', '--output', 'json'], {
    check: (json) => (json.Calendars?.some((calendar) => calendar.ID === created?.Calendar?.ID) ? undefined : 'the new calendar is not listed'),
    status: 0,
  })
  if (calendars) console.log(indent(calendars.Calendars.map((calendar) => JSON.stringify(calendar.ID)).join('\n'), "  jq '.Calendars[].ID': "))
  const labelFields = ['-f', 'Name=Receipts', '-f', 'Color=#8080FF', '-F', 'Type=1']
  const label = await step('Create a label from fields (-f: a string, -F: typed, so Type is the number 1): the JSON body of a POST', ['POST', '/mail/v4/labels', ...labelFields], {
    check: (json) => (json.Label?.ID && json.Label.Type === 1 && json.Label.Color === '#8080FF' ? undefined : 'no Label.ID, or not Type 1 and Color #8080FF'),
    status: 0,
  })
  await step('The same label again: a conflict (exit 4)', ['POST', '/mail/v4/labels', ...labelFields], {
    check: (json) => (json.Code === 2500 ? undefined : 'Code is not 2500'),
    status: 4,
    stderr: /^Error: HTTP 409 .*2500/m,
  })
  const labelPath = `/mail/v4/labels/${label?.Label?.ID ?? 'missing'}`
  await step('Delete the label', ['DELETE', labelPath], {check: (json) => (json.Code === 1000 ? undefined : 'Code is not 1000'), status: 0})
  await step('Delete it again: not found (exit 3)', ['DELETE', labelPath], {
    check: (json) => (json.Code === 2501 ? undefined : 'Code is not 2501'),
    status: 3,
    stderr: /^Error: HTTP 404 .*2501/m,
  })

  await step('The status line and the headers (-i), on stderr; the body on stdout as always', ['GET', '/core/v4/users', '-i'], {
    check: (json) => (json.User?.Name === 'demo' ? undefined : 'no User.Name "demo"'),
    status: 0,
    stderr: /^HTTP\/1\.1 200 OK\n[\s\S]*^content-type: application\/json/m,
  })
  const saved = join(home, 'user.json')
  await step('The body into a file (--output-file, written atomically): nothing on stdout', ['GET', '/core/v4/users', '--output-file', saved], {status: 0, stdoutEmpty: true})
  const savedUser = JSON.parse(readFileSync(saved, 'utf8'))
  console.log(`  ${saved}: ${readFileSync(saved).length} bytes, User.Name ${JSON.stringify(savedUser.User?.Name)}`)
  if (savedUser.User?.Name !== 'demo') {
    failures++
    console.log('  ✗ the file does not hold the account')
  }

  const bodyFile = join(home, 'label.json')
  writeFileSync(bodyFile, `${JSON.stringify({Color: '#7272a7', Name: 'From a file', Type: 1})}\n`)
  const fromFile = await step('A raw body from a file (--input), said to be JSON with a header (-H)', ['POST', '/mail/v4/labels', '--input', bodyFile, '-H', 'Content-Type: application/json'], {
    check: (json) => (json.Label?.Name === 'From a file' ? undefined : 'no Label named "From a file"'),
    status: 0,
  })
  const fromFilePath = `/mail/v4/labels/${fromFile?.Label?.ID ?? 'missing'}`
  await step('Deleting it, as a dry run: the curl command that would send it (the token from $(proton auth token), never printed); nothing is sent', ['DELETE', fromFilePath, '--dry-run'], {
    status: 0,
    text: (out) =>
      /^curl .*-X DELETE '[^']*\/mail\/v4\/labels\/[^']+'.*"authorization: Bearer \$\(proton auth token( --profile \S+)?\)"/m.test(out) ? undefined : 'not a curl command for the DELETE',
  })
  await step('It is still there: deleting it for real', ['DELETE', fromFilePath], {check: (json) => (json.Code === 1000 ? undefined : 'Code is not 1000'), status: 0})

  // A sandbox fault: the next call gets an intermediary's HTML page.
  // The controls' secret: kept in the session --write-session wrote.
  const secret = JSON.parse(readFileSync(join(home, 'proton-cli', 'sessions', 'sandbox.json'), 'utf8')).SandboxSecret
  await fetch(`${url}/__sandbox/faults`, {body: JSON.stringify({Kind: 'html-502', Path: '/core/v4/users'}), headers: {'x-sandbox-secret': secret}, method: 'POST'})
  console.log(`\n(sandbox fault set: the next GET /core/v4/users gets an HTML 502 page, as from a proxy; --retries 0 keeps it from being retried)`)
  await step('A body that is not JSON: stderr, empty stdout, exit 5', ['GET', '/core/v4/users', '--retries', '0'], {status: 5, stderr: /502 Bad Gateway[\s\S]*not JSON/, stdoutEmpty: true})
  await readPgpMime(url)
}

const stopOnSignal = () => stopSandbox().then(() => process.exit(130))
process.once('SIGINT', stopOnSignal)
process.once('SIGTERM', stopOnSignal)
try {
  await main()
} catch (error) {
  failures++
  console.log(`\n✗ ${error.message}`)
} finally {
  const stopped = await stopSandbox()
  if (stopped !== 0 && stopped !== null) {
    failures++
    console.log(`✗ the sandbox exited with ${stopped} on SIGTERM, expected 0`)
  } else if (stopped === 0) {
    console.log('\n$ kill -TERM <sandbox>   → exited 0')
  }

  rmSync(home, {force: true, recursive: true})
}

console.log(failures === 0 ? `\nAll ${checks} calls behaved as documented.` : `\n${failures} problem(s) in ${checks} calls.`)
console.log(`
Start the sandbox yourself, from this checkout (once installed or linked, "proton" instead of "bin/proton-dev"):
  bin/proton-dev sandbox --write-session          # in a terminal of its own: prints its URL, writes the profile "sandbox"; Ctrl-C stops it
  bin/proton-dev --profile sandbox mail list      # in another terminal
  bin/proton-dev --profile sandbox api GET /core/v4/users
More in README.md ("Quick start on the sandbox") and docs/sandbox.md.`)
process.exit(failures === 0 ? 0 : 1)
