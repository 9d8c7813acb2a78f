/** The tool's own directories under the user's cache directory: private-directory.ts. */
import {expect} from 'chai'
import {mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {ensurePrivateDirectory} from '../../../src/lib/files/private-directory.ts'

describe('ensurePrivateDirectory', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'private-'))
  })
  afterEach(() => rmSync(dir, {force: true, recursive: true}))

  it('creates a missing directory (and its parents) 0700, and narrows one of ours that is wider', () => {
    const made = join(dir, 'a', 'b')
    ensurePrivateDirectory(made)
    expect(statSync(made).mode & 0o777).to.equal(0o700)
    const wide = join(dir, 'wide')
    mkdirSync(wide, {mode: 0o777})
    ensurePrivateDirectory(wide)
    expect(statSync(wide).mode & 0o777).to.equal(0o700)
  })

  it('refuses a symbolic link in the directory’s place, leaving what it points to alone', () => {
    const target = join(dir, 'target')
    mkdirSync(target, {mode: 0o755})
    symlinkSync(target, join(dir, 'link'))
    expect(() => ensurePrivateDirectory(join(dir, 'link'))).to.throw('not a directory of this user')
    expect(statSync(target).mode & 0o777).to.equal(0o755)
  })
})
