import {expect} from 'chai'
import {spawn} from 'node:child_process'
import {existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {fileURLToPath} from 'node:url'

import {CliFailure} from '../../../src/lib/core/errors.ts'
import {processStartTime} from '../../../src/lib/session/file-lock.ts'
import {checkProfileName} from '../../../src/lib/session/store.ts'
import {type TempHome, tempHome, TOKENS} from '../../helpers/session-files.ts'

const WRITER = fileURLToPath(new URL('../../fixtures/session-writer.ts', import.meta.url))

describe('SessionStore', () => {
  let home: TempHome
  beforeEach(() => {
    home = tempHome()
  })
  afterEach(() => home.remove())

  it('writes <configDir>/sessions/<profile>.json with mode 0600 in a 0700 directory', async () => {
    await home.writeSession('https://mail.proton.me/api', 'work')
    const path = home.store.pathOf('work')
    expect(path).to.equal(`${home.home}/proton-cli/sessions/work.json`)
    expect(statSync(path).mode & 0o777).to.equal(0o600)
    expect(statSync(home.store.directory).mode & 0o777).to.equal(0o700)
    expect(JSON.parse(readFileSync(path, 'utf8'))).to.deep.equal({...TOKENS, APIURL: 'https://mail.proton.me/api'})
  })

  it('tightens a sessions directory that others could read', async () => {
    mkdirSync(home.store.directory, {mode: 0o755, recursive: true})
    await home.writeSession('https://mail.proton.me/api')
    expect(statSync(home.store.directory).mode & 0o777).to.equal(0o700)
  })

  it('reads back what it wrote, and nothing for an unknown profile', async () => {
    await home.writeSession('https://mail.proton.me/api', 'default', {Scopes: ['full'], Username: 'alice'})
    const session = await home.store.read('default')
    expect(session?.Username).to.equal('alice')
    expect(session?.Scopes).to.deep.equal(['full'])
    expect(await home.store.read('other')).to.equal(undefined)
  })

  it('replaces a session without leaving temporary files behind', async () => {
    await home.writeSession('https://a.example/api')
    await home.writeSession('https://b.example/api')
    expect((await home.store.read('default'))?.APIURL).to.equal('https://b.example/api')
    expect(readdirSync(home.store.directory)).to.deep.equal(['default.json'])
  })

  it('lists profiles and removes them', async () => {
    await home.writeSession('https://mail.proton.me/api', 'b')
    await home.writeSession('https://mail.proton.me/api', 'a')
    writeFileSync(`${home.store.directory}/notes.txt`, 'x')
    expect(await home.store.list()).to.deep.equal(['a', 'b'])
    expect(await home.store.remove('a')).to.equal(true)
    expect(await home.store.remove('a')).to.equal(false)
    expect(await home.store.list()).to.deep.equal(['b'])
  })

  it('refuses damaged session files with an authentication failure', async () => {
    mkdirSync(home.store.directory, {recursive: true})
    writeFileSync(home.store.pathOf('broken'), '{"UID": "x", ')
    writeFileSync(home.store.pathOf('partial'), '{"UID": "x", "AccessToken": "y"}')
    for (const [profile, pattern] of [
      ['broken', /not valid JSON/],
      ['partial', /lacks RefreshToken, APIURL/],
    ] as const) {
      try {
        await home.store.read(profile)
        expect.fail('expected a failure')
      } catch (error) {
        expect(error).to.be.instanceOf(CliFailure)
        expect((error as CliFailure).exitStatus).to.equal(2)
        expect((error as CliFailure).message).to.match(pattern)
      }
    }
  })

  it('writeLocked takes the profile’s lock: it waits while a live process holds it, and writes nothing meanwhile', async () => {
    await home.store.write('work', {...TOKENS, APIURL: 'https://mail.proton.me/api'})
    const before = readFileSync(home.store.pathOf('work'), 'utf8')
    writeFileSync(home.store.lockOf('work'), `${process.pid}:${processStartTime(process.pid)}:0123456789ab`)
    const refused = await home.store.writeLocked('work', {...TOKENS, AccessToken: 'other', APIURL: 'https://mail.proton.me/api'}, {waitMs: 200}).catch((error: unknown) => error)
    expect(refused).to.be.instanceOf(CliFailure)
    expect(readFileSync(home.store.pathOf('work'), 'utf8')).to.equal(before)
    rmSync(home.store.lockOf('work'))
    await home.store.writeLocked('work', {...TOKENS, AccessToken: 'other', APIURL: 'https://mail.proton.me/api'})
    expect(JSON.parse(readFileSync(home.store.pathOf('work'), 'utf8'))).to.include({AccessToken: 'other'})
    expect(existsSync(home.store.lockOf('work'))).to.equal(false)
  })

  it('accepts only safe profile names', () => {
    for (const name of ['default', 'work-2', 'a.b_c']) expect(checkProfileName(name)).to.equal(name)
    for (const name of ['', '../x', 'a/b', '.hidden', 'x'.repeat(65), 'a b']) expect(() => checkProfileName(name), name).to.throw(CliFailure, /profile names/)
  })
})

describe('SessionStore under a crash', function () {
  this.timeout(60_000)
  let home: TempHome
  beforeEach(() => {
    home = tempHome()
  })
  afterEach(() => home.remove())

  it('a process killed while writing leaves the previous session whole, every time', async () => {
    const generations = new Set<string>()
    for (let round = 0; round < 8; round++) {
      const child = spawn(process.execPath, [WRITER, `${home.home}/proton-cli`], {stdio: ['ignore', 'pipe', 'inherit']})
      await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()))
      await new Promise((resolve) => setTimeout(resolve, 5 + round * 7))
      child.kill('SIGKILL')
      await new Promise((resolve) => child.on('close', resolve))
      const session = JSON.parse(readFileSync(home.store.pathOf('default'), 'utf8'))
      expect(session.AccessToken).to.match(/^a\d+$/)
      expect(session.RefreshToken).to.equal(session.AccessToken.replace('a', 'r'))
      generations.add(session.AccessToken)
    }

    // The writer really was interrupted at different points, not before its first write.
    expect(generations.size).to.be.greaterThan(1)
    // Leftover temporary files may remain after SIGKILL, but never in place of the session.
    expect(readdirSync(home.store.directory)).to.include('default.json')
  })
})
