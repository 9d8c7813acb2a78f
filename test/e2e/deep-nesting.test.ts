/**
 * 100,000 levels of nesting through the built binary: --output yaml and
 * the terminal's indented text print such an answer as received with one
 * note (indenting it would take gigabytes; parsing it with exact integers
 * and the YAML library recurse per level), a dedicated command refuses it
 * in one line with exit 5, and nothing ever says "Maximum call stack size
 * exceeded" or shows a stack. An answer at the limit (256 levels) is still
 * indented and converted. Both ways of running `proton api` must agree.
 */
import {expect} from 'chai'
import {parse} from 'yaml'

import {baseEnv, runBinary} from '../helpers/run-binary.ts'
import {runMeasured} from '../helpers/run-measured.ts'
import {json, serverForSuite} from '../helpers/scripted-server.ts'
import {environmentSession} from '../helpers/session-files.ts'
import {runInTerminal} from '../helpers/terminal.ts'

const PATHS: ReadonlyArray<readonly [string, NodeJS.ProcessEnv]> = [
  ['the fast path', {}],
  ['oclif', {PROTON_FAST_PATH: '0'}],
]

/** An envelope whose User is `depth - 1` levels of objects around a list: `depth` levels in all. */
const nested = (depth: number) => `{"Code":1000,"User":${'{"a":'.repeat(depth - 2)}[1]${'}'.repeat(depth - 2)}}`
const DEEP = nested(100_000)
const YAML_NOTE = 'Note: the answer is nested 100000 levels deep, more than the 256 it can convert to YAML; printed as received (JSON, which YAML reads as the same data)\n'
const TEXT_NOTE = 'Note: the answer is nested 100000 levels deep, more than the 256 it can indent; printed as received\n'

describe('100,000 levels of nesting (built binary)', function () {
  this.timeout(60_000)
  const suite = serverForSuite({handler: json(200, DEEP), session: true})

  const env = (extra: NodeJS.ProcessEnv = {}) => baseEnv(suite.home.home, {...extra, ...environmentSession(suite.server.url)})

  for (const [path, extra] of PATHS) {
    it(`--output yaml prints it as received with one note, exit 0 (${path})`, async () => {
      suite.server.handle(json(200, DEEP))
      const result = await runBinary(['api', 'GET', '/core/v4/users', '--output', 'yaml'], {env: env(extra)})
      expect(result.status, result.stderr.slice(0, 500)).to.equal(0)
      expect(result.stderr).to.equal(YAML_NOTE)
      expect(result.stdout.toString()).to.equal(DEEP)
    })

    it(`on a terminal the indented text does the same (${path})`, async () => {
      suite.server.handle(json(200, DEEP))
      const shown = await runInTerminal(['api', 'GET', '/core/v4/users'], env({...extra, TERM: 'xterm-256color'}), 30_000)
      expect(shown.status).to.equal(0)
      expect(shown.output).to.equal(`${TEXT_NOTE}${DEEP}\n`)
    })

    it(`256 levels are still indented and converted (${path})`, async () => {
      const limit = nested(256)
      suite.server.handle(json(200, limit))
      const yaml = await runBinary(['api', 'GET', '/core/v4/users', '--output', 'yaml'], {env: env(extra)})
      expect([yaml.status, yaml.stderr]).to.deep.equal([0, ''])
      expect(parse(yaml.stdout.toString())).to.deep.equal(JSON.parse(limit))
      const shown = await runInTerminal(['api', 'GET', '/core/v4/users'], env({...extra, TERM: 'xterm-256color'}), 30_000)
      expect(shown.status).to.equal(0)
      expect(JSON.parse(shown.output)).to.deep.equal(JSON.parse(limit))
      expect(shown.output).to.include(`\n${' '.repeat(2 * 256)}1\n`)
    })
  }

  it('a dedicated command refuses it in one line, exit 5; --output json still prints the bytes', async () => {
    suite.server.handle(json(200, DEEP))
    for (const output of ['text', 'yaml']) {
      const result = await runBinary(['account', 'show', '--output', output], {env: baseEnv(suite.home.home)})
      expect([result.status, result.stdout.length], output).to.deep.equal([5, 0])
      expect(result.stderr).to.equal('Error: the answer is nested 100000 levels deep, more than the 256 this command reads\n')
    }

    const raw = await runBinary(['account', 'show', '--output', 'json'], {env: baseEnv(suite.home.home)})
    expect(raw.status).to.equal(5)
    expect(raw.stdout.toString()).to.equal(DEEP)
  })

  it('a million levels (5 MB) are refused without being built: peak memory within 35 MiB of refusing 1,000 (JSON.parse would build some 80 MB first)', async () => {
    const refuse = async (depth: number) => {
      suite.server.handle(json(200, nested(depth)))
      const result = await runMeasured(['account', 'show'], baseEnv(suite.home.home))
      expect([result.status, result.stderr]).to.deep.equal([5, `Error: the answer is nested ${depth} levels deep, more than the 256 this command reads\n`])
      return result.peakMiB
    }

    const small = await refuse(1000)
    const large = await refuse(1_000_000)
    expect(large - small, `${small} MiB, then ${large} MiB`).to.be.below(35)
  })
})
