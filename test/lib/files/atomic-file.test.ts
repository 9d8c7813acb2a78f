/** Every file the tool writes is replaced whole: atomic-file.ts. */
import {expect} from 'chai'
import {chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {AtomicFile, replaceFile, replaceFileSync} from '../../../src/lib/files/atomic-file.ts'

describe('atomic-file', () => {
  let dir: string
  let umask: number
  const mode = (path: string) => statSync(path).mode & 0o777

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'atomic-'))
    umask = process.umask(0o027)
  })

  afterEach(() => {
    process.umask(umask)
    rmSync(dir, {force: true, recursive: true})
  })

  for (const [name, replace] of [
    ['replaceFile', replaceFile],
    ['replaceFileSync', async (path: string, content: string, options?: {mode?: number}) => replaceFileSync(path, content, options)],
  ] as const) {
    describe(name, () => {
      it('replaces the content whole, and leaves no temporary file', async () => {
        const path = join(dir, 'file')
        writeFileSync(path, 'old')
        await replace(path, 'new content')
        expect(readFileSync(path, 'utf8')).to.equal('new content')
        expect(readdirSync(dir)).to.deep.equal(['file'])
      })

      it('keeps the replaced file’s mode, gives a new file the umask’s, and sets a mode asked for exactly', async () => {
        const kept = join(dir, 'kept')
        writeFileSync(kept, 'old')
        chmodSync(kept, 0o604)
        await replace(kept, 'x')
        expect(mode(kept)).to.equal(0o604)
        await replace(join(dir, 'new'), 'x')
        expect(mode(join(dir, 'new'))).to.equal(0o640)
        await replace(join(dir, 'secret'), 'x', {mode: 0o600})
        expect(mode(join(dir, 'secret'))).to.equal(0o600)
      })

      it('replaces a symbolic link itself, never the file it points to', async () => {
        const target = join(dir, 'target')
        writeFileSync(target, 'theirs')
        symlinkSync(target, join(dir, 'link'))
        await replace(join(dir, 'link'), 'ours')
        expect(readFileSync(target, 'utf8')).to.equal('theirs')
        expect(statSync(join(dir, 'link')).isFile()).to.equal(true)
      })

      it('a failure leaves the file as it was and no temporary file', async () => {
        const path = join(dir, 'missing', 'file')
        let failed: unknown
        try {
          await replace(path, 'x')
        } catch (error) {
          failed = error
        }

        expect((failed as NodeJS.ErrnoException).code).to.equal('ENOENT')
        expect(readdirSync(dir)).to.deep.equal([])
      })
    })
  }

  it('AtomicFile: written in chunks, abandoned or committed; a failure becomes what `failure` makes of it', async () => {
    const path = join(dir, 'body')
    writeFileSync(path, 'old')
    const abandoned = await AtomicFile.create(path)
    await abandoned.write(Buffer.from('partial'))
    await abandoned.abandon()
    expect([readFileSync(path, 'utf8'), readdirSync(dir)]).to.deep.equal(['old', ['body']])
    const file = await AtomicFile.create(path, {durable: true})
    await file.write(Buffer.from('one '))
    await file.reset()
    await file.write(Buffer.from('two'))
    expect(file.length).to.equal(3)
    await file.commit()
    expect(readFileSync(path, 'utf8')).to.equal('two')
    const failure = await AtomicFile.create(join(dir, 'no', 'such'), {failure: () => new Error('one line')}).catch((error: Error) => error.message)
    expect(failure).to.equal('one line')
  })

  it('commitNew publishes under the first free name and never replaces a file; all taken: the file stays unpublished', async () => {
    writeFileSync(join(dir, 'a'), 'mine')
    const names = ['a', 'b', 'c'].map((name) => join(dir, name))
    const file = await AtomicFile.create(names[0], {mode: 0o600})
    await file.write(Buffer.from('new'))
    // A file that appears after the temporary one was made is not replaced either.
    writeFileSync(join(dir, 'b'), 'appeared meanwhile')
    expect(await file.commitNew(names)).to.equal(join(dir, 'c'))
    expect(['a', 'b', 'c'].map((name) => readFileSync(join(dir, name), 'utf8'))).to.deep.equal(['mine', 'appeared meanwhile', 'new'])
    expect(mode(join(dir, 'c'))).to.equal(0o600)
    const taken = await AtomicFile.create(names[0], {failure: (error) => new Error(`wrapped: ${(error as Error).message}`)})
    await taken.write(Buffer.from('never published'))
    const error = await taken.commitNew(names).catch((caught: Error) => caught.message)
    expect(error).to.equal('wrapped: 3 names tried, every one taken')
    expect(readdirSync(dir).sort()).to.deep.equal(['a', 'b', 'c'])
  })

  it('is 0600 while written, whatever the mode it gets (kept, asked for, or the umask’s): nobody else opens it meanwhile', async () => {
    const kept = join(dir, 'kept')
    writeFileSync(kept, 'old')
    chmodSync(kept, 0o644)
    for (const [path, options, final] of [
      [kept, {}, 0o644],
      [join(dir, 'asked'), {mode: 0o664}, 0o664],
      [join(dir, 'new'), {}, 0o640],
    ] as const) {
      const file = await AtomicFile.create(path, options)
      await file.write(Buffer.from('private'))
      const [temporary] = readdirSync(dir).filter((name) => name.endsWith('.tmp'))
      expect(mode(join(dir, temporary)), path).to.equal(0o600)
      await file.commit()
      expect(mode(path), path).to.equal(final)
    }
  })

  it('readThenRemove: the reader gets the whole content in the temporary file, which is removed after, and after a reader that fails', async () => {
    const path = join(dir, 'staged')
    const file = await AtomicFile.create(path, {mode: 0o600})
    await file.write(Buffer.from('staged content'))
    let seen = ''
    await file.readThenRemove(async (temporary) => {
      seen = readFileSync(temporary, 'utf8')
      expect(mode(temporary)).to.equal(0o600)
    })
    expect(seen).to.equal('staged content')
    expect(readdirSync(dir)).to.deep.equal([])
    const failing = await AtomicFile.create(path)
    await failing.write(Buffer.from('x'))
    const error = await failing.readThenRemove(() => Promise.reject(new Error('EPIPE'))).catch((caught: unknown) => caught)
    expect((error as Error).message).to.equal('EPIPE')
    expect(readdirSync(dir)).to.deep.equal([])
  })
})
