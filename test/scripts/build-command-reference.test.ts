/**
 * scripts/build-command-reference.js: docs/commands.md is what the script
 * writes from the built oclif.manifest.json, so the reference cannot drift
 * from the commands' own help.
 */
import {expect} from 'chai'
import {spawnSync} from 'node:child_process'
import {readFileSync} from 'node:fs'
import {fileURLToPath} from 'node:url'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const SCRIPT = fileURLToPath(new URL('../../scripts/build-command-reference.js', import.meta.url))

describe('scripts/build-command-reference.js', () => {
  let generated: string
  before(() => {
    const result = spawnSync(process.execPath, [SCRIPT, '--stdout'], {cwd: ROOT, encoding: 'utf8'})
    expect(result.status, result.stderr).to.equal(0)
    generated = result.stdout
  })

  it('the committed docs/commands.md is its output for the built manifest (else run "npm run docs")', () => {
    expect(readFileSync(new URL('../../docs/commands.md', import.meta.url), 'utf8') === generated, 'docs/commands.md is stale: run "npm run docs"').to.equal(true)
  })

  it('has a section for every command the help lists, examples as the help shows them, and the global flags once', () => {
    const manifest = JSON.parse(readFileSync(new URL('../../oclif.manifest.json', import.meta.url), 'utf8')) as {commands: Record<string, {hidden?: boolean}>}
    const visible = Object.entries(manifest.commands)
      .filter(([, command]) => !command.hidden)
      .map(([id]) => id.replace(/^proton:/, '').replaceAll(':', ' '))
    const sections = [...generated.matchAll(/^## proton (.+)$/gm)].map(([, id]) => id)
    expect(sections).to.have.members(visible)
    expect(sections).to.not.include('api spec words')
    expect(generated).to.not.include('<%')
    expect(generated).to.include('$ proton api spec update --from ./openapi.yaml')
    expect(generated).to.include('$ proton mail list --label starred --page 2 --page-size 100')
    expect(generated.match(/^- `--profile=<value>`/gm)).to.have.length(1)
    expect(generated).to.match(/^- `-F, --field=<value>` \(repeatable\): Typed field/m)
  })
})
