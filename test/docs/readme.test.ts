/** README.md is a guide a newcomer can use: short, opening with the two commands that work on a fresh machine. */
import {expect} from 'chai'
import {readFileSync} from 'node:fs'

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
const SCRIPTS = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {scripts: Record<string, string>}).scripts

describe('README.md', () => {
  it('is at most 400 lines', () => {
    expect(README.split('\n').length).to.be.at.most(400)
  })

  it('opens, after its title, with the main job on the sandbox and the tests, each from a clean install', () => {
    const [title, blank, demo, test] = README.split('\n')
    expect(title).to.match(/^# /)
    expect(blank).to.equal('')
    expect(demo).to.match(/^ {4}npm ci && npm run demo +# the main job: every usage form of `proton api` against the offline sandbox/)
    expect(test).to.match(/^ {4}npm ci && npm test +# /)
    expect(SCRIPTS.demo).to.equal('npm run build && node scripts/demo.js')
    expect(SCRIPTS.test).to.match(/^npm run build && mocha /)
  })

  it('has the sections a newcomer looks for', () => {
    const headings = [...README.matchAll(/^##+ (.+)$/gm)].map(([, heading]) => heading)
    expect(headings).to.include.members(['Install', 'From a checkout', 'From a packed tarball', 'Quick start on the sandbox', 'Common tasks', 'Exit statuses', 'Security', 'Testing', 'Documentation'])
    expect(README).to.include('bin/proton-dev')
    expect(README).to.include('npm link')
    expect(README).to.include('npm install -g ./proton-cli-plugin-api-0.1.0.tgz')
    expect(README).to.include('](docs/bounds.md)')
  })

  it('names every command that asks first (each with --yes), and no Node older than the tool needs as one the suite runs on', () => {
    const manifest = JSON.parse(readFileSync(new URL('../../oclif.manifest.json', import.meta.url), 'utf8')) as {commands: Record<string, {flags: Record<string, unknown>}>}
    const asking = Object.entries(manifest.commands)
      .filter(([id, command]) => id.startsWith('proton:') && 'yes' in command.flags)
      .map(([id]) => id.slice('proton:'.length).replaceAll(':', ' '))
    expect(asking).to.include.members(['mail delete', 'drive trash empty'])
    const sentence = /((?:`[a-z ]+`,? (?:and )?)+)ask first/.exec(README.replaceAll('\n', ' '))?.[1] ?? ''
    const named = [...sentence.matchAll(/`([a-z ]+)`/g)].map(([, id]) => id)
    expect(named.sort()).to.deep.equal(asking.sort())
    expect(README).to.not.match(/under Node 18 and 20,/)
    expect(README).to.match(/takes about \d+ minutes on\s+two cores/)
  })
})
