/**
 * readPrivateFile, the one reader of every seal (the keys, a calendar's event keys, Pass names): only a regular file
 * of this user's that nobody else may read or write, in a directory nobody else may write to, through no link. The
 * owner is a parameter, so a file "of another user" is checked as any user, not only as root.
 */
import {expect} from 'chai'
import {chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {execFileSync, spawnSync} from 'node:child_process'

import {readPrivateFile} from '../../../src/lib/account/key-seal.ts'

describe('account/key-seal: readPrivateFile', () => {
  let root = ''
  let directory = ''
  let file = ''
  const bytes = Buffer.from('sealed bytes')
  const me = process.getuid?.()

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'proton-cli-seal-'))
    directory = join(root, 'keys')
    mkdirSync(directory, {mode: 0o700})
    file = join(directory, 'p.sealed')
    writeFileSync(file, bytes, {mode: 0o600})
  })
  afterEach(() => rmSync(root, {force: true, recursive: true}))

  it('a regular file of this user, 0600 in a 0700 directory: read', () => {
    expect(readPrivateFile(file)).to.deep.equal(bytes)
  })

  it('a file in a directory, both of another user (another owner asked for): not read (as root, keys.test.ts chowns a seal itself)', () => {
    expect(readPrivateFile(file, undefined, (me ?? 0) + 1)).to.equal(undefined)
    expect(readPrivateFile(file, undefined, me)).to.deep.equal(bytes)
  })

  it('a file others may read or write (0640, 0604, 0620): not read', () => {
    for (const mode of [0o640, 0o604, 0o620]) {
      chmodSync(file, mode)
      expect(readPrivateFile(file), mode.toString(8)).to.equal(undefined)
    }
  })

  it('a directory others may write to (0770, 0703): nothing in it read; one they may only read (0755): read', () => {
    for (const mode of [0o770, 0o703]) {
      chmodSync(directory, mode)
      expect(readPrivateFile(file), mode.toString(8)).to.equal(undefined)
    }

    chmodSync(directory, 0o755)
    expect(readPrivateFile(file)).to.deep.equal(bytes)
  })

  it('a symbolic link in place of the file, or of its directory: not followed', () => {
    const elsewhere = join(root, 'elsewhere.sealed')
    writeFileSync(elsewhere, bytes, {mode: 0o600})
    rmSync(file)
    symlinkSync(elsewhere, file)
    expect(readPrivateFile(file)).to.equal(undefined)
    const linked = join(root, 'linked')
    symlinkSync(directory, linked)
    writeFileSync(join(directory, 'q.sealed'), bytes, {mode: 0o600})
    expect(readPrivateFile(join(linked, 'q.sealed'))).to.equal(undefined)
  })

  it('a named pipe in place of the file: not read, and the read does not wait for a writer', () => {
    rmSync(file)
    execFileSync('mkfifo', ['-m', '600', file])
    // In a child with a bound: a read that waits blocks its whole process (before O_NONBLOCK, every encrypted read hung there).
    const script = `import {readPrivateFile} from ${JSON.stringify(new URL('../../../src/lib/account/key-seal.ts', import.meta.url).href)}
      process.stdout.write(String(readPrivateFile(${JSON.stringify(file)})))`
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {encoding: 'utf8', timeout: 15_000})
    expect([child.signal, child.status, child.stdout], child.stderr).to.deep.equal([null, 0, 'undefined'])
  })

  it('a directory, a file larger than asked, a file that is not there: not read', () => {
    expect(readPrivateFile(directory)).to.equal(undefined)
    expect(readPrivateFile(file, bytes.length - 1)).to.equal(undefined)
    expect(readPrivateFile(file, bytes.length)).to.deep.equal(bytes)
    expect(readPrivateFile(join(directory, 'none.sealed'))).to.equal(undefined)
  })
})
