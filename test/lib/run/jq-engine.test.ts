/** jq's engine made ready: jq 1.8.2 from its compiled module, a process that waits for nothing else still runs it, its random bytes without webcrypto. */
import {expect} from 'chai'
import {spawnSync} from 'node:child_process'
import {fileURLToPath} from 'node:url'

import {loadJqEngine} from '../../../src/lib/run/jq-engine.ts'

const ENGINE = fileURLToPath(new URL('../../../src/lib/run/jq-engine.ts', import.meta.url))

describe('jq engine', () => {
  it('is jq 1.8.2, compiled from jq-wasm’s module and run; Node’s global crypto is as it was after', async () => {
    const crypto = Object.getOwnPropertyDescriptor(globalThis, 'crypto')
    const jq = await loadJqEngine()
    expect(jq.version).to.equal('jq-1.8.2')
    expect(jq.raw('{"a":[1,2]}', '.a | add', ['-c'])).to.deep.equal({exitCode: 0, stderr: '', stdout: '3'})
    expect(Object.getOwnPropertyDescriptor(globalThis, 'crypto')).to.deep.equal(crypto)
  })

  it('gives jq its random bytes without loading webcrypto (a fresh process)', () => {
    const script = `import {loadJqEngine} from ${JSON.stringify(ENGINE)}
const jq = await loadJqEngine()
const {stdout} = jq.raw('[1,2,3]', 'map(. * 2)', ['-c'])
const webcrypto = process.moduleLoadList.some((name) => name.includes('internal/crypto/webcrypto'))
process.stdout.write(JSON.stringify({stdout, webcrypto, random: globalThis.crypto.getRandomValues(new Uint8Array(4)).length}))`
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {encoding: 'utf8'})
    expect(child.stderr).to.equal('')
    // Node's own global crypto comes back once jq is done.
    expect(JSON.parse(child.stdout)).to.deep.equal({random: 4, stdout: '[2,4,6]', webcrypto: process.platform === 'win32'})
  })

  it('holds the event loop while it compiles: a process with nothing else to wait for runs jq, even with the whole module compiled at once', () => {
    // Compiled at once (V8's background threads), the module takes longer than anything else this process waits for.
    const script = `import {loadJqEngine} from ${JSON.stringify(ENGINE)}\nconst jq = await loadJqEngine()\nprocess.stdout.write(jq.raw('{"a":1}', '.a').stdout)`
    const child = spawnSync(process.execPath, ['--no-wasm-lazy-compilation', '--input-type=module', '-e', script], {encoding: 'utf8'})
    expect(child.stderr).to.equal('')
    expect(child.stdout).to.equal('1')
    expect(child.status).to.equal(0)
  })
})
