import {expect} from 'chai'
import {spawn} from 'node:child_process'
import {readdirSync, readFileSync} from 'node:fs'
import {fileURLToPath} from 'node:url'

import {type TempHome, tempHome} from '../../helpers/session-files.ts'

const WRITER = fileURLToPath(new URL('../../fixtures/session-writer.ts', import.meta.url))

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
