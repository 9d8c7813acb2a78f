/**
 * The published description shipped with the package (dist/description/,
 * compiled from vendor/openapi.yaml by the build), through the built binary
 * with fresh configuration and cache directories: `api spec update` never
 * ran. What it must know is counted here from the vendored text itself.
 */
import {expect} from 'chai'
import {createHash} from 'node:crypto'
import {readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'

import {BUILTIN_OPERATIONS} from '../../src/lib/description/builtin.ts'
import {type PackageCopy, packageCopy} from '../helpers/package-copy.ts'
import {baseEnv, runBinary} from '../helpers/run-binary.ts'
import {runInTerminal} from '../helpers/terminal.ts'
import {json, serverForSuite} from '../helpers/scripted-server.ts'
import {declaredOperations, publishedText} from '../lib/description/published-description.ts'

const SHIPPED = fileURLToPath(new URL('../../dist/description/published.json', import.meta.url))
const FAST = fileURLToPath(new URL('../../dist/fast/', import.meta.url))
const READ_REPORT = fileURLToPath(new URL('../fixtures/file-read-report.js', import.meta.url))
const SMALL_DESCRIPTION = `openapi: 3.1.0
info: {title: small, version: "1"}
paths:
  /core/v4/widgets:
    get:
      summary: List Widgets
`

interface Listed {
  method: string
  path: string
  summary: string
  deprecated: boolean
}

const key = (operation: {method: string; path: string}) => `${operation.method} ${operation.path}`

describe('the shipped API description (built binary, nothing stored)', () => {
  const declared = declaredOperations(publishedText())
  const builtin = new Set(BUILTIN_OPERATIONS.map((operation) => key(operation)))
  // What the description in use holds: the published operations and the built-in ones.
  const known = new Set([...declared, ...builtin])
  const suite = serverForSuite({handler: json(200, '{"Code":1000}'), perTest: 'server+home', session: true})
  const run = (args: string[], env: NodeJS.ProcessEnv = {}) => runBinary(args, {env: baseEnv(suite.home.home, env)})
  const cacheDir = () => join(suite.home.home, 'cache', 'proton-cli')
  const endpoints = async (args: string[]): Promise<Listed[]> => {
    const result = await run(['api', 'endpoints', ...args, '--output', 'json'])
    expect([result.status, result.stderr]).to.deep.equal([0, ''])
    return JSON.parse(result.stdout.toString()) as Listed[]
  }

  it('sends a request to a published endpoint without a warning, on the fast path and through oclif', async () => {
    expect(declared).to.include('GET /mail/v4/conversations')
    for (const env of [{}, {PROTON_FAST_PATH: '0'}]) {
      const result = await run(['api', 'GET', '/mail/v4/conversations'], env)
      expect([result.status, result.stderr, result.stdout.toString()]).to.deep.equal([0, '', '{"Code":1000}'])
    }

    expect(suite.server.requests.map((request) => request.url)).to.deep.equal(['/mail/v4/conversations', '/mail/v4/conversations'])
  })

  it('--strict accepts a published endpoint, and refuses what the published description rules out', async () => {
    const accepted = await run(['api', 'GET', '/core/v4/labels', '--strict'])
    expect([accepted.status, accepted.stderr]).to.deep.equal([0, ''])
    expect(suite.server.requests.map((request) => `${request.method} ${request.url}`)).to.deep.equal(['GET /core/v4/labels'])

    // Unknown: the nearest known come from the published operations, and no hint to install a fuller description.
    const unknown = await run(['api', 'GET', '/core/v4/labelz', '--strict'])
    expect(unknown.status).to.equal(1)
    expect(unknown.stderr).to.match(/^Error: GET \/core\/v4\/labelz is not in the API description; nearest known: GET \/core\/v4\/labels\b.* \(--strict: nothing sent\)\n$/)
    expect(unknown.stderr).not.to.include('spec update')
    // The body schema of a published operation the built-in one lacks.
    expect(builtin.has('POST /core/v4/labels')).to.equal(false)
    const badBody = await run(['api', 'POST', '/core/v4/labels', '--body', '{"Name":42}', '--strict'])
    expect([badBody.status, badBody.stderr]).to.deep.equal([1, 'Error: --body does not fit POST /core/v4/labels in the API description: /Name must be string (--strict: nothing sent)\n'])
    expect(suite.server.requests).to.have.length(1)
  })

  it('api endpoints lists every operation of the vendored file, and the built-in ones', async () => {
    expect(declared.size).to.equal(725)
    const listed = (await endpoints([])).map((row) => key(row))
    expect(new Set(listed).size, 'no operation listed twice').to.equal(listed.length)
    expect(
      [...declared].filter((operation) => !listed.includes(operation)),
      'declared but not listed',
    ).to.deep.equal([])
    expect(
      listed.filter((operation) => !known.has(operation)),
      'listed but neither declared nor built-in',
    ).to.deep.equal([])
    expect(listed).to.have.length(known.size)

    // Piped: one operation a line, tab-separated, no header.
    const piped = (await run(['api', 'endpoints'])).stdout.toString().trimEnd().split('\n')
    expect(piped).to.have.length(known.size)
    expect(piped.every((line) => /^[A-Z]+\t\/\S*\t/.test(line))).to.equal(true)
    // On a terminal: a header, every line within its width, METHOD and PATH whole.
    const shown = (await runInTerminal(['api', 'endpoints', '/mail/v4/labels'], baseEnv(suite.home.home), 15_000, 60)).output.trimEnd().split('\n')
    expect(shown[0]).to.match(/^METHOD +PATH +SUMMARY$/)
    expect(shown.every((line) => line.length <= 60)).to.equal(true)
    expect(shown.some((line) => /^POST +\/mail\/v4\/labels +\S/.test(line))).to.equal(true)
    // Every operation on an 80-column terminal: no line wider, a path wider than what is left cut with "…".
    const all = (await runInTerminal(['api', 'endpoints'], baseEnv(suite.home.home), 15_000, 80)).output.trimEnd().split('\n')
    expect(all.length).to.be.greaterThan(known.size)
    expect(all.filter((line) => line.length > 80)).to.deep.equal([])
    expect(all.some((line) => /^[A-Z]+ +\/\S*… /.test(line))).to.equal(true)
  })

  it('api endpoints filters by path prefix, by concrete path, by text and by --method', async () => {
    const keys = async (args: string[]) => (await endpoints(args)).map((row) => key(row)).sort()
    const where = (keep: (method: string, path: string) => boolean) => [...known].filter((operation) => keep(operation.split(' ')[0], operation.split(' ')[1])).sort()

    const conversations = await keys(['/mail/v4/conversations'])
    expect(conversations).to.deep.equal(where((_method, path) => path.startsWith('/mail/v4/conversations')))
    expect(conversations.length).to.be.greaterThan(5)
    expect(await keys(['--method', 'delete'])).to.deep.equal(where((method) => method === 'DELETE'))
    expect(await keys(['/mail/v4/conversations/abc', '--method', 'GET'])).to.deep.equal(['GET /mail/v4/conversations/{conversationID}'])
    const byText = await endpoints(['CONVERSATION'])
    expect(byText.map((row) => key(row))).to.include.members(where((_method, path) => path.includes('conversation')))
    for (const row of byText) expect(`${row.path} ${row.summary}`.toLowerCase()).to.include('conversation')
  })

  it('api spec show names the shipped description; one stored with spec update --from wins over it', async () => {
    const shown = await run(['api', 'spec', 'show'])
    expect(shown.stdout.toString().split('\n')[0]).to.equal('source      shipped (the published description, compiled into the package when it was built)')
    const asJson = JSON.parse((await run(['api', 'spec', 'show', '--output', 'json'])).stdout.toString())
    expect(asJson).to.include({builtinOperations: BUILTIN_OPERATIONS.length, kind: 'shipped', operations: known.size, skippedBlocks: 0, source: 'shipped'})
    expect(asJson.sha256).to.equal(createHash('sha256').update(publishedText()).digest('hex'))

    const file = join(suite.home.home, 'small.yaml')
    writeFileSync(file, SMALL_DESCRIPTION)
    const update = await run(['api', 'spec', 'update', '--from', file])
    expect(update.status, update.stderr).to.equal(0)
    expect(JSON.parse((await run(['api', 'spec', 'show', '--output', 'json'])).stdout.toString())).to.include({kind: 'stored', operations: BUILTIN_OPERATIONS.length + 1, source: file})
    expect((await run(['api', 'spec', 'show'])).stdout.toString().split('\n')[0]).to.equal(`source      stored (${file})`)
    expect((await endpoints(['/core/v4/widgets'])).map((row) => key(row))).to.deep.equal(['GET /core/v4/widgets'])
    expect(await endpoints(['/mail/v4/conversations'])).to.deep.equal([])
    const unknown = await run(['api', 'GET', '/mail/v4/conversations'])
    expect(unknown.stderr).to.match(/^Warning: GET \/mail\/v4\/conversations is not in the API description\b/)
    expect(readFileSync(join(cacheDir(), 'completion', 'api', 'GET'), 'utf8').split('\n'))
      .to.include('/core/v4/widgets')
      .and.not.to.include('/mail/v4/conversations')
  })

  it('completion word lists hold the published endpoints, written by `autocomplete` and on first use', async () => {
    const expected = (method: string) => {
      const applies = (operation: string) => method === 'OPTIONS' || operation.startsWith(`${method} `) || (method === 'HEAD' && operation.startsWith('GET '))
      return [...new Set([...known].filter((operation) => applies(operation)).map((operation) => operation.split(' ')[1]))].sort()
    }

    const words = (method: string) =>
      readFileSync(join(cacheDir(), 'completion', 'api', method), 'utf8')
        .trimEnd()
        .split('\n')
        .sort()
    const setup = await run(['autocomplete', '--refresh-cache'])
    expect(setup.status, setup.stderr).to.equal(0)
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']) expect(words(method), method).to.deep.equal(expected(method))
    expect(words('GET')).to.include('/mail/v4/conversations')

    rmSync(join(cacheDir(), 'completion'), {force: true, recursive: true})
    const firstUse = await run(['api', 'spec', 'words'])
    expect(firstUse.status, firstUse.stderr).to.equal(0)
    expect(words('GET')).to.deep.equal(expected('GET'))
  })

  it('is read only when the built-in description cannot answer, and is not in the fast path’s bundle', async () => {
    const readsShipped = async (args: string[], env: NodeJS.ProcessEnv) => {
      const report = join(suite.home.home, 'reads.txt')
      rmSync(report, {force: true})
      const result = await runBinary(['api', ...args], {env: baseEnv(suite.home.home, {...env, READ_REPORT: report}), nodeArgs: ['--import', READ_REPORT]})
      expect([result.status, result.stderr]).to.deep.equal([0, ''])
      return readFileSync(report, 'utf8').split('\n').includes(SHIPPED)
    }

    for (const env of [{}, {PROTON_FAST_PATH: '0'}]) {
      expect(await readsShipped(['GET', '/core/v4/users'], env), 'GET /core/v4/users').to.equal(false)
      expect(await readsShipped(['POST', '/mail/v4/labels', '--body', '{"Name":"Receipts","Type":1}'], env), 'POST /mail/v4/labels').to.equal(false)
      expect(await readsShipped(['GET', '/mail/v4/conversations'], env), 'GET /mail/v4/conversations').to.equal(true)
    }

    const bundles = readdirSync(FAST).filter((name) => name.endsWith('.cjs'))
    expect(bundles).to.include('api.cjs')
    for (const name of bundles) expect(readFileSync(join(FAST, name), 'utf8'), name).not.to.include('/mail/v4/conversations')
  })

  describe('when the shipped file is missing or damaged', () => {
    let copy: PackageCopy
    afterEach(() => copy.remove())

    it('the built-in description serves, and a damaged file is named once', async () => {
      copy = packageCopy([])
      const file = join(copy.root, 'dist', 'description', 'published.json')
      writeFileSync(file, '{"format":0,"operations":[]}')
      const listed = await runBinary(['api', 'endpoints', '--output', 'json'], {bin: copy.bin, env: baseEnv(suite.home.home)})
      expect(listed.stderr).to.equal(`Warning: ${file} was written by another version of the tool; using the built-in API description\n`)
      expect(JSON.parse(listed.stdout.toString())).to.have.length(BUILTIN_OPERATIONS.length)
      const request = await runBinary(['api', 'GET', '/mail/v4/conversations'], {bin: copy.bin, env: baseEnv(suite.home.home)})
      expect(request.stderr.split('\n')[0]).to.equal(`Warning: ${file} was written by another version of the tool; using the built-in API description (run "proton api spec update")`)

      rmSync(file)
      const show = await runBinary(['api', 'spec', 'show', '--output', 'json'], {bin: copy.bin, env: baseEnv(suite.home.home)})
      expect([show.stderr, JSON.parse(show.stdout.toString()).kind]).to.deep.equal(['', 'built-in'])
    })
  })
})
