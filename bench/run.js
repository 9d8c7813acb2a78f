// npm run bench: the cold start of each of our commands against the bare
// CommonJS node:http script doing the same request (bench/bare-node.cjs, the
// baseline of every ratio), all measured in one run (medians of cold runs, a
// new process each time, after warm-up, interleaved), plus completion time,
// --paginate and peak memory. Rewrites the tables of docs/speed.md between
// its bench markers (bench/report-file.js). BENCH_ONLY=REGEX times only the start-up rows whose name matches (with
// their baselines), prints them and leaves docs/speed.md alone.
import {spawn, spawnSync} from 'node:child_process'
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {createServer} from 'node:http'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {REPORT_FILE, writeReport} from './report-file.js'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const BIN = join(ROOT, 'bin/run.js')
const RUNS = Number(process.env.BENCH_RUNS ?? 31)
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined
const WARMUP = 3
const home = mkdtempSync(join(tmpdir(), 'proton-bench-'))
const env = {
  ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('PROTON_'))),
  NO_COLOR: '1',
  XDG_CACHE_HOME: join(home, 'cache'),
  XDG_CONFIG_HOME: home,
}
const children = []
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL')
  rmSync(home, {force: true, recursive: true})
})

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

const ms = (value) => `${value.toFixed(1)} ms`

function has(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`]).status === 0
}

/** One cold run: a new process; wall time in ms. Fails loudly when the command fails. */
function timeOnce({args, command, env: runEnv}) {
  const start = process.hrtime.bigint()
  const result = spawnSync(command, args, {env: runEnv, stdio: ['ignore', 'pipe', 'pipe']})
  const elapsed = Number(process.hrtime.bigint() - start) / 1e6
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}): ${result.stderr}`)
  return elapsed
}

/**
 * Medians of interleaved cold runs, so drift on the machine hits every contender alike; each round in a new order
 * (a seeded shuffle), since the run after another program (curl, say) starts colder than the run after node.
 */
function race(contenders) {
  let seed = 20_261_123
  const random = (n) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648
    return Math.floor((seed / 2_147_483_648) * n)
  }

  const shuffled = () => {
    const order = [...contenders]
    for (let index = order.length - 1; index > 0; index--) {
      const other = random(index + 1)
      ;[order[index], order[other]] = [order[other], order[index]]
    }

    return order
  }

  for (let round = 0; round < WARMUP; round++) for (const contender of shuffled()) timeOnce(contender)
  const times = new Map(contenders.map((contender) => [contender.name, []]))
  for (let round = 0; round < RUNS; round++) {
    for (const contender of shuffled()) times.get(contender.name).push(timeOnce(contender))
  }

  return new Map([...times].map(([name, values]) => [name, median(values)]))
}

/** A sandbox of its own, its session written to `profile`; its URL once it listens. */
function startSandbox(profile) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'sandbox', '--port', '0', '--write-session', profile], {env, stdio: ['ignore', 'pipe', 'pipe']})
    children.push(child)
    let out = ''
    child.stdout.on('data', (chunk) => {
      out += chunk
      if (out.includes('\n')) resolve(out.split('\n')[0])
    })
    child.on('exit', (code) => reject(new Error(`the sandbox exited (${code})`)))
  })
}

/**
 * A server answering GET /big?mib=N with a JSON body of N MiB, generated as it
 * is sent (the bench itself never holds it): one envelope, many 1 KB items.
 */
function startBigServer() {
  const item = Buffer.from(JSON.stringify({Body: 'x'.repeat(900), ID: 'a'.repeat(88), Size: 12_345_678_901_234_567_890n.toString()}))
  const head = Buffer.from('{"Code":1000,"Items":[')
  const tail = Buffer.from(']}')
  const count = (mib) => Math.max(1, Math.ceil((mib * 1024 * 1024) / (item.length + 1)))
  const size = (mib) => head.length + count(mib) * (item.length + 1) - 1 + tail.length
  const batch = Buffer.concat(Array.from({length: 256}, () => Buffer.concat([Buffer.from(','), item])))
  const server = createServer(async (request, response) => {
    const mib = Number(new URL(request.url, 'http://x').searchParams.get('mib') ?? 0)
    response.writeHead(200, {'content-length': size(mib), 'content-type': 'application/json'})
    const write = (bytes) => response.write(bytes) || new Promise((resolve) => response.once('drain', resolve))
    await write(Buffer.concat([head, item]))
    for (let left = count(mib) - 1; left > 0 && !response.destroyed; left -= 256) await write(left >= 256 ? batch : batch.subarray(0, left * (item.length + 1)))
    response.end(tail)
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({server, size, url: `http://127.0.0.1:${server.address().port}`})))
}

/** A listing of `pages` pages of one message each, every answer held back `latencyMs` (GET /mail/v4/messages?Page=N). */
function startPagedServer(pages, latencyMs) {
  const server = createServer((request, response) => {
    const page = Number(new URL(request.url, 'http://x').searchParams.get('Page') ?? 0)
    const body = JSON.stringify({Code: 1000, Messages: page < pages ? [{ID: `message-${page}`, Subject: `Page ${page}`}] : [], Total: pages})
    setTimeout(() => response.writeHead(200, {'content-type': 'application/json'}).end(body), latencyMs)
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({server, url: `http://127.0.0.1:${server.address().port}`})))
}

/** Wall time (ms) of one run of a command, asynchronous: the server it talks to lives in this process. */
function timeAsync(command, args, runEnv) {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint()
    const child = spawn(command, args, {env: runEnv, stdio: ['ignore', 'ignore', 'pipe']})
    let stderr = ''
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.on('close', (status) => (status === 0 ? resolve(Number(process.hrtime.bigint() - start) / 1e6) : reject(new Error(`${command} ${args.join(' ')} failed (${status}): ${stderr}`))))
  })
}

/**
 * Peak RSS (KiB) of one run of `proton api GET <path>` against `base`, reported
 * by the child itself. Asynchronous: the big-answer server lives in this process.
 */
function peakRss(base, path, sessionEnv) {
  return new Promise((resolve, reject) => {
    const args = ['--import', join(ROOT, 'bench/peak-rss.js'), BIN, 'api', 'GET', path, '--api-url', base, '--quiet']
    const child = spawn(process.execPath, args, {env: {...sessionEnv, PEAK_RSS_FD: '3'}, stdio: ['ignore', 'ignore', 'pipe', 'pipe']})
    let report = ''
    let stderr = ''
    child.stdio[3].on('data', (chunk) => (report += chunk))
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.on('close', (status) => (status === 0 ? resolve(Number(report.trim())) : reject(new Error(`proton api failed (${status}): ${stderr}`))))
  })
}

/** Time per completion of `proton api GET /mail/v4/<TAB>` in a real bash, after the autocomplete setup. */
function completionTime() {
  const shimDir = join(home, 'bin')
  mkdirSync(shimDir, {recursive: true})
  writeFileSync(join(shimDir, 'proton'), `#!/bin/sh\nexec '${process.execPath}' '${BIN}' "$@"\n`, {mode: 0o755})
  const completionEnv = {...env, PATH: `${shimDir}:${env.PATH}`}
  if (spawnSync(process.execPath, [BIN, 'autocomplete', '--refresh-cache'], {env: completionEnv}).status !== 0) return undefined
  const line = spawnSync(process.execPath, [BIN, 'autocomplete', 'script', 'bash'], {encoding: 'utf8', env: completionEnv}).stdout.trim()
  const iterations = 200
  const script = `${line}
registered=$(complete -p proton); fn=\${registered#*-F }; fn=\${fn%% *}
COMP_WORDS=(proton api GET /mail/v4/); COMP_CWORD=3; COMP_LINE="proton api GET /mail/v4/"; COMP_POINT=\${#COMP_LINE}
"$fn" proton /mail/v4/ GET
start=$EPOCHREALTIME
for ((i = 0; i < ${iterations}; i++)); do COMPREPLY=(); "$fn" proton /mail/v4/ GET; done
end=$EPOCHREALTIME
echo "\${#COMPREPLY[@]} $start $end"`
  const result = spawnSync('bash', ['--norc', '--noprofile', '-c', script], {encoding: 'utf8', env: completionEnv})
  const [count, start, end] = result.stdout.trim().split(' ').map(Number)
  if (!(count > 0)) return undefined
  return {candidates: count, perCompletion: ((end - start) * 1000) / iterations}
}

const rows = []
const row = (what, value, note = '') => rows.push(`| ${what} | ${value} | ${note} |`)

/** A sandbox account: its own sandbox, session (in `profile`) and the environment of the bare requests to it. */
async function account(profile, tag) {
  const url = await startSandbox(profile)
  const session = JSON.parse(readFileSync(join(home, 'proton-cli', 'sessions', `${profile}.json`), 'utf8'))
  return {profile, session, sessionEnv: {...env, PROTON_ACCESS_TOKEN: session.AccessToken, PROTON_UID: session.UID}, tag, url}
}

const main = await account('sandbox')
const {session, sessionEnv, url} = main
const headerFile = join(home, 'curl-headers')
writeFileSync(headerFile, `Authorization: Bearer ${session.AccessToken}\nx-pm-uid: ${session.UID}\nx-pm-appversion: Other\n`, {mode: 0o600})
const endpoint = `${url}/core/v4/users`

/** A request to one of the sandbox's controls (X-Sandbox-Secret); its JSON answer. */
async function control({session: {SandboxSecret}, url: base}, method, path, body) {
  const response = await fetch(`${base}${path}`, {body: JSON.stringify(body), headers: {'content-type': 'application/json', 'x-sandbox-secret': SandboxSecret}, method})
  if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
  return response.json()
}

/**
 * A ~100 KB text/plain message, encrypted to the sandbox's primary address key (the committed fixture's), added
 * through the sandbox's POST /__sandbox/messages: what `proton mail read` is timed on (four requests, the keys
 * unlocked, the body decrypted), against the bare fetch of the same message.
 */
async function addMessage(to, Subject, text) {
  const openpgp = await import('openpgp')
  const {KEY_FIXTURE} = await import('../src/sandbox/fixtures/key-fixture.ts')
  const addressKey = (await openpgp.readPrivateKey({armoredKey: KEY_FIXTURE.addressKeys[0].PrivateKey})).toPublic()
  const Body = await openpgp.encrypt({encryptionKeys: addressKey, format: 'armored', message: await openpgp.createMessage({text})})
  return (await control(to, 'POST', '/__sandbox/messages', {Body, Subject})).Message.ID
}

const line = 'The quick brown fox jumps over the lazy dog; a line of a long message, to be read whole.\n'
const bigMessage = (to) => addMessage(to, 'A message of 100 KB', line.repeat(Math.ceil((100 * 1024) / line.length)))
// Wide text (emoji, CJK), which used to load the `table` library: the three newest messages of the inbox, and a folder.
const bigMessageId = await bigMessage(main)
for (const subject of ['会議の議事録 📅 2026年11月', '🎉 Party on Friday! 🍕🍻', '한국어 제목: 回覧 👨‍👩‍👧 🇫🇷']) await addMessage(main, subject, 'wide')
const folder = await fetch(`${url}/core/v4/labels`, {
  body: JSON.stringify({Color: '#8080FF', Name: '会議 📅 議事録', Type: 3}),
  headers: {authorization: `Bearer ${session.AccessToken}`, 'content-type': 'application/json', 'x-pm-appversion': 'Other', 'x-pm-uid': session.UID},
  method: 'POST',
})
if (folder.status !== 200) throw new Error(`POST /core/v4/labels: ${folder.status}`)

/**
 * A month of the seeded calendar (March 2025): its seeded events (one recurring) and 20 more the tool itself
 * creates, encrypted and signed, so that `proton calendar events list` of the month opens some two dozen events
 * (keys: five requests and three unlocks; then the four event Types of the window, each decrypted and verified,
 * recurrences expanded), against the bare fetch of the same month's part-day events (one GET, Type 0).
 */
function monthOfEvents({profile}) {
  const calendars = JSON.parse(spawnSync(process.execPath, [BIN, '--profile', profile, 'calendar', 'list', '--output', 'json'], {encoding: 'utf8', env}).stdout).Calendars
  const id = calendars.find((calendar) => calendar.Members[0].Name === 'My calendar').ID
  for (let day = 1; day <= 20; day++) {
    const date = `2025-03-${String(day + 3).padStart(2, '0')}`
    const made = spawnSync(
      process.execPath,
      [
        BIN,
        '--profile',
        profile,
        'calendar',
        'events',
        'create',
        '--calendar',
        id,
        '--summary',
        `Meeting ${day}`,
        '--location',
        'Room 1',
        '--start',
        `${date}T10:00`,
        '--end',
        `${date}T11:00`,
        '--timezone',
        'Europe/Zurich',
      ],
      {env},
    )
    if (made.status !== 0) throw new Error(`calendar events create: ${made.stderr}`)
  }

  const [start, end] = [Date.parse('2025-03-01T00:00:00Z') / 1000, Date.parse('2025-04-01T00:00:00Z') / 1000]
  return {id, path: `/calendar/v1/${id}/events?Start=${start}&End=${end}&Timezone=UTC&PageSize=100&Type=0&Page=0`}
}

/** The first seeded contact (a signed and an encrypted card): what `proton contacts get` is timed on. */
const firstContact = ({profile}) => JSON.parse(spawnSync(process.execPath, [BIN, '--profile', profile, 'contacts', 'list', '--output', 'json'], {encoding: 'utf8', env}).stdout).Contacts[0].ID

/** The four encrypted reads, on an account whose message, month and contact are given; `keys` says who wrote its keys. */
const READS = [
  // On @protontech/drive-sdk: the baseline fetches My Files' share; ours also unlocks the keys, decrypts the share, the root and each child's name and key (target at most 2.5x).
  {label: (keys) => `proton drive ls <My Files, 2 nodes${keys}>`, line: () => ['drive', 'ls'], path: () => '/drive/v2/shares/my-files'},
  // Decrypting: the baseline only fetches the message; ours also fetches the local key, user and addresses, opens the keys and decrypts (target at most 2x).
  {label: (keys) => `proton mail read <a 100 KB message${keys}>`, line: ({message}) => ['mail', 'read', message], path: ({message}) => `/mail/v4/messages/${encodeURIComponent(message)}`},
  // Decrypting a month of events: the baseline fetches the month's part-day events once; ours asks for the keys, the calendar's bootstrap and the four Types, and opens every event (target at most 2x).
  // Its data is the four Types (part-day and whole-day, inside the window and from before it, as the web client asks): a third baseline fetches those.
  {
    data: (url) => /\/events\?/.test(url),
    label: (keys) => `proton calendar events list <a month, 24 events${keys}>`,
    line: ({month}) => ['calendar', 'events', 'list', '--calendar', month.id, '--start', '2025-03-01', '--end', '2025-04-01', '--timezone', 'UTC'],
    path: ({month}) => month.path,
  },
  // Decrypting a contact's cards with the user keys: the baseline only fetches the contact; ours also fetches the local key, user and addresses (target at most 2x).
  {label: (keys) => `proton contacts get <a contact, 2 cards${keys}>`, line: ({contact}) => ['contacts', 'get', contact], path: ({contact}) => `/contacts/v4/contacts/${encodeURIComponent(contact)}`},
]
const GNUPG_KEYS = ', keys by GnuPG'
const readsOf = (of, keys, data) => READS.map((read) => ({account: of, data: read.data, label: read.label(keys), line: read.line(data), path: read.path(data), read: true}))

/**
 * The requests a read of ours sends (its keys and its data), as --verbose lists them: the second baseline of an
 * encrypted read is all of them sent at once by bare-node.cjs (the issue's "bare request(s) for the same data"); none
 * when one is not a GET (drive's link lookups POST a body), for which only the first baseline is timed.
 */
function requestsOf({account: of, line}) {
  const result = spawnSync(process.execPath, [BIN, '--profile', of.profile, ...line, '--verbose'], {encoding: 'utf8', env})
  if (result.status !== 0) throw new Error(`${line.join(' ')}: ${result.stderr}`)
  const sent = [...result.stderr.matchAll(/^> ([A-Z]+) (https?:\/\/\S+)$/gm)].map(([, method, url]) => ({method, url}))
  return sent.every(({method}) => method === 'GET') ? sent.map(({url}) => url) : []
}

/**
 * The same reads on a second account whose keys GnuPG wrote (bench/gnupg-keys.js: its secret-key packets, its
 * default S2K), served by a sandbox of their own (PUT /__sandbox/keys), when gpg is there and the rows are wanted.
 */
async function gnupgReads() {
  if (!has('gpg') || (ONLY && !READS.some((read) => ONLY.test(read.label(GNUPG_KEYS))))) return []
  const {relockWithGnupg} = await import('./gnupg-keys.js')
  const {KEY_FIXTURE} = await import('../src/sandbox/fixtures/key-fixture.ts')
  const {keyPassphrase} = await import('../src/lib/crypto/passphrase.ts')
  const keys = relockWithGnupg(KEY_FIXTURE, keyPassphrase(KEY_FIXTURE.password, KEY_FIXTURE.keySalt))
  const gnupg = await account('sandbox-gnupg', 'keys by GnuPG')
  await control(gnupg, 'PUT', '/__sandbox/keys', {AddressKeys: keys.addressKeys, UserKey: keys.userKey})
  return readsOf(gnupg, GNUPG_KEYS, {contact: firstContact(gnupg), message: await bigMessage(gnupg), month: monthOfEvents(gnupg)})
}

/** Each command of ours, and the request it sends: the baseline sends the same one. */
const COMMANDS = [
  {line: ['api', 'GET', '/core/v4/users'], path: '/core/v4/users'},
  // An endpoint the built-in description does not hold: the check reads the shipped one (dist/description/).
  {line: ['api', 'GET', '/core/v4/labels'], note: ' (reads the shipped description)', path: '/core/v4/labels'},
  {line: ['account', 'show'], path: '/core/v4/users'},
  {line: ['mail', 'list'], path: '/mail/v4/messages?Page=0&PageSize=50'},
  {line: ['mail', 'labels', 'list'], path: '/mail/v4/labels'},
  {line: ['calendar', 'list'], path: '/calendar/v1'},
  {line: ['drive', 'volumes'], path: '/drive/volumes'},
  ...readsOf(main, '', {contact: firstContact(main), message: bigMessageId, month: monthOfEvents(main)}),
  ...(await gnupgReads()),
  // --jq: jq (WebAssembly) loaded, the filter compiled, the answer filtered; target at most 2x.
  {line: ['api', 'GET', '/core/v4/users', '--jq', '.User.Name'], path: '/core/v4/users'},
  // Wide text, drawn without a table library; target at most 1.3x.
  {label: 'proton mail list --page-size 3 <emoji and CJK subjects>', line: ['mail', 'list', '--page-size', '3'], path: '/mail/v4/messages?Page=0&PageSize=3&LabelID=0&Sort=Time&Desc=1'},
  {label: 'proton mail labels list --type folder <a CJK and emoji name>', line: ['mail', 'labels', 'list', '--type', 'folder'], path: '/core/v4/labels?Type=3'},
]
/** The baseline of a command: the same path of the same account's sandbox. */
const baselineName = (path, of = main) => `bare-node.cjs ${path}${of.tag ? ` <${of.tag}>` : ''}`
/**
 * An encrypted read's further baselines, each some of the requests it sends (as --verbose lists them), at once: the
 * ones for its data when that takes several (`data` picks them), then every one (its keys and its data).
 */
function groupsOf(command) {
  const requests = requestsOf(command)
  const data = command.data ? requests.filter(command.data) : []
  return [
    ...(data.length > 1 ? [{against: `the ${data.length} requests for its data`, urls: data}] : []),
    ...(requests.length > 0 ? [{against: `its ${requests.length} requests`, urls: requests}] : []),
  ].map(({against, urls}) => ({against, name: `bare-node.cjs <${command.label}: ${against} at once>`, urls}))
}
for (const command of COMMANDS) if (command.read && (!ONLY || ONLY.test(command.label))) command.groups = groupsOf(command)
const ours = ({label, line, note = ''}) => label ?? `proton ${line.join(' ')}${note}`
const OCLIF = 'proton api GET /core/v4/users through oclif (PROTON_FAST_PATH=0)'
const ESM = 'bare-node.js /core/v4/users (the baseline as an ES module)'
const CURL = 'curl -s /core/v4/users'
const HTTPIE = 'httpie /core/v4/users'
const baselines = new Map(COMMANDS.map(({account: of = main, path}) => [baselineName(path, of), {of, path}]))
const contenders = [
  ...COMMANDS.map((command) => ({args: [BIN, '--profile', (command.account ?? main).profile, ...command.line], command: process.execPath, env, name: ours(command)})),
  // The baseline: the same request with nothing but node:http, as CommonJS.
  ...[...baselines].map(([name, {of, path}]) => ({args: [join(ROOT, 'bench/bare-node.cjs'), `${of.url}${path}`], command: process.execPath, env: of.sessionEnv, name})),
  ...COMMANDS.flatMap((command) =>
    (command.groups ?? []).map(({name, urls}) => ({args: [join(ROOT, 'bench/bare-node.cjs'), ...urls], command: process.execPath, env: (command.account ?? main).sessionEnv, name})),
  ),
  // For comparison: the same command through oclif (what the fast path saves), the baseline as an ES module, curl.
  {args: [BIN, '--profile', 'sandbox', 'api', 'GET', '/core/v4/users'], command: process.execPath, env: {...env, PROTON_FAST_PATH: '0'}, name: OCLIF},
  {args: [join(ROOT, 'bench/bare-node.js'), endpoint], command: process.execPath, env: sessionEnv, name: ESM},
  // Headers from a file: the token never appears in curl's argv.
  {args: ['-s', '-H', `@${headerFile}`, endpoint], command: 'curl', env, name: CURL},
]
if (has('http') && !ONLY) {
  contenders.push({
    args: ['--ignore-stdin', '--print=b', 'GET', endpoint, `x-pm-appversion:Other`, `x-pm-uid:${session.UID}`],
    command: 'http',
    env: {...env, HTTPIE_BEARER: session.AccessToken},
    name: HTTPIE,
  })
}

console.error(`bench: ${RUNS} cold runs each after ${WARMUP} warm-up runs, interleaved; Node ${process.version}`)
const chosen = ONLY ? COMMANDS.filter((command) => ONLY.test(ours(command))) : COMMANDS
const wanted = ONLY
  ? new Set([...chosen.map((command) => ours(command)), ...chosen.map(({account: of, path}) => baselineName(path, of)), ...chosen.flatMap((command) => (command.groups ?? []).map(({name}) => name))])
  : undefined
const medians = race(wanted ? contenders.filter(({name}) => wanted.has(name)) : contenders)
const startRows = []
/** A row of the start-up table: `name`'s median against the median of the contender `against`. */
const startRow = (name, against, label = name) => {
  const [value, baseline] = [medians.get(name), medians.get(against)]
  startRows.push(`| ${label} | ${ms(value)} | ${ms(baseline)} | ${(value / baseline).toFixed(2)}x |`)
}

for (const command of chosen) {
  startRow(ours(command), baselineName(command.path, command.account))
  // An encrypted read against each group of its own requests: one more row each, under its first.
  for (const {against, name} of command.groups ?? []) if (medians.has(name)) startRow(ours(command), name, `${ours(command)} <against ${against} at once>`)
}
for (const name of [OCLIF, ESM, CURL, HTTPIE]) if (medians.has(name)) startRow(name, baselineName('/core/v4/users'))

/**
 * drive upload and download of a random file on loopback (the sandbox keeps blocks in memory): MiB/s of the whole
 * command, start-up, keys and commit included; median of 3 each.
 */
const THROUGHPUT = 'drive upload/download throughput'
function driveThroughput(mib) {
  const file = join(home, 'throughput.bin')
  const chunk = Buffer.alloc(MiB_BYTES, 0)
  writeFileSync(file, '')
  for (let index = 0; index < mib; index++) writeFileSync(file, chunk.fill(index + 1), {flag: 'a'})
  const upload = []
  const download = []
  for (let round = 0; round < 3; round++) {
    const name = `throughput-${round}.bin`
    const copy = join(home, name)
    writeFileSync(copy, readFileSync(file))
    upload.push(timeCommand([BIN, '--profile', 'sandbox', 'drive', 'upload', copy]))
    download.push(timeCommand([BIN, '--profile', 'sandbox', 'drive', 'download', name, '--output-file', join(home, 'out.bin')]))
  }

  const rate = (times) => `${(mib / (median(times) / 1000)).toFixed(1)} MiB/s`
  return [
    `| proton drive upload <${mib} MiB> | ${rate(upload)} | ${ms(median(upload))} for the whole command, median of 3 |`,
    `| proton drive download <${mib} MiB> | ${rate(download)} | ${ms(median(download))} for the whole command, median of 3 |`,
  ]
}

function timeCommand(args) {
  const started = performance.now()
  const result = spawnSync(process.execPath, args, {env})
  if (result.status !== 0) throw new Error(`${args.slice(3).join(' ')}: ${result.stderr}`)
  return performance.now() - started
}

const MiB_BYTES = 1024 ** 2
const throughputRows = !ONLY || ONLY.test(THROUGHPUT) ? driveThroughput(32) : []
if (ONLY) {
  console.log(['| command | ours | baseline | ratio |', '|---|---|---|---|', ...startRows].join('\n'))
  if (throughputRows.length > 0) console.log(['', '| measure | median | note |', '|---|---|---|', ...throughputRows].join('\n'))
  process.exit(0)
}

rows.push(...throughputRows)

const completion = completionTime()
if (completion) row('completion of `proton api GET /mail/v4/<TAB>` (bash)', ms(completion.perCompletion), `${completion.candidates} candidates, mean of 200`)

const PAGES = 100
const LATENCY_MS = 20
const paged = await startPagedServer(PAGES, LATENCY_MS)
const paginate = [BIN, 'api', 'GET', '/mail/v4/messages', '-F', 'PageSize=1', '--paginate', '--api-url', paged.url, '--quiet']
const sequential = [join(ROOT, 'bench/sequential-pages.js'), `${paged.url}/mail/v4/messages?PageSize=1`, String(PAGES)]
const pageRuns = {paginate: [], sequential: []}
for (let round = 0; round < 5; round++) {
  pageRuns.paginate.push(await timeAsync(process.execPath, paginate, sessionEnv))
  pageRuns.sequential.push(await timeAsync(process.execPath, sequential, sessionEnv))
}

paged.server.close()
const paginated = median(pageRuns.paginate)
const oneByOne = median(pageRuns.sequential)
row(`\`--paginate\`, ${PAGES} pages, ${LATENCY_MS} ms latency each`, ms(paginated), `${(paginated / oneByOne).toFixed(2)}x fetching them one after another (bare Node, ${ms(oneByOne)}); median of 5`)

const big = await startBigServer()
const idle = median([await peakRss(big.url, '/big?mib=0', sessionEnv), await peakRss(big.url, '/big?mib=0', sessionEnv), await peakRss(big.url, '/big?mib=0', sessionEnv)])
row('peak RSS, tiny answer (idle baseline)', `${(idle / 1024).toFixed(1)} MiB`)
for (const mib of [1, 10, 100, 400]) {
  const peak = await peakRss(big.url, `/big?mib=${mib}`, sessionEnv)
  row(`peak RSS, ${mib} MiB JSON answer`, `${(peak / 1024).toFixed(1)} MiB`, `${((peak * 1024 - idle * 1024) / big.size(mib)).toFixed(2)}x the body above the baseline`)
}

big.server.close()
const date = new Date().toISOString().slice(0, 10)
const startTable = ['| command | ours | baseline | ratio |', '|---|---|---|---|', ...startRows].join('\n')
const table = ['| measure | median | note |', '|---|---|---|', ...rows].join('\n')
const report = `${startTable}

Baseline: \`node bench/bare-node.cjs URL\`, the same request with nothing but node:http, as CommonJS; medians of ${RUNS} cold runs each, interleaved in a new order each round, after ${WARMUP} warm-up runs (${process.version}, ${date}).

${table}
`
console.log(report)
if (!writeReport(report)) console.error(`${fileURLToPath(REPORT_FILE)} has no bench markers: its tables were not updated`)
process.exit(0)
