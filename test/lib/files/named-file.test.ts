/**
 * Files named by --input, --body @ and -F @: regular files at once; named
 * pipes and devices as streams that end at the limit, never blocking in
 * open() (a real mkfifo in a private temporary directory).
 */
import {expect} from 'chai'
import {closeSync, constants, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {CliFailure} from '../../../src/lib/core/errors.ts'
import {readLimit, readNamedFile} from '../../../src/lib/files/named-file.ts'
import {makeFifo} from '../../helpers/fifo.ts'

async function failure(promise: Promise<unknown>): Promise<{exit: number; message: string}> {
  try {
    await promise
  } catch (error) {
    expect(error).to.be.instanceOf(CliFailure)
    return {exit: (error as CliFailure).exitStatus, message: (error as CliFailure).message}
  }

  throw new Error('expected a failure')
}

describe('named files (--input, --body @, -F @)', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'proton-cli-named-file-'))
  })
  afterEach(() => rmSync(dir, {force: true, recursive: true}))

  const fifo = (name = 'pipe') => makeFifo(join(dir, name))

  it('reads a regular file whole, and names the flag when it cannot', async () => {
    const path = join(dir, 'body.bin')
    writeFileSync(path, Buffer.from([0, 255, 10, 1]))
    expect(await readNamedFile(path, '--input')).to.deep.equal(Buffer.from([0, 255, 10, 1]))
    expect(await failure(readNamedFile(join(dir, 'missing'), '--body'))).to.deep.equal({exit: 1, message: `--body cannot read ${JSON.stringify(join(dir, 'missing'))}: no such file`})
    mkdirSync(join(dir, 'folder'))
    expect(await failure(readNamedFile(join(dir, 'folder'), '-F/--field'))).to.deep.equal({exit: 1, message: `-F/--field cannot read ${JSON.stringify(join(dir, 'folder'))}: it is a directory`})
  })

  it('reads a named pipe until its writer closes it', async () => {
    const path = fifo()
    // The reader's open returns at once, before any writer: so the writer's open below does not wait.
    const reading = readNamedFile(path, '--input', readLimit(30))
    const writer = openSync(path, constants.O_WRONLY | constants.O_NONBLOCK)
    writeSync(writer, '{"Name":')
    writeSync(writer, '"fifo"}')
    closeSync(writer)
    expect((await reading).toString()).to.equal('{"Name":"fifo"}')
  })

  it('gives up on a named pipe nobody writes to at the deadline: exit 5, one line saying what it waited for', async () => {
    const path = fifo()
    const result = await failure(readNamedFile(path, '--input', {deadline: Date.now() + 200, timeoutSeconds: 7}))
    expect(result).to.deep.equal({
      exit: 5,
      message: `gave up waiting for --input ${JSON.stringify(path)} (a named pipe) after 7 s: nothing was written to it (timeout; see --timeout)`,
    })
  })

  it('gives up on a named pipe whose writer never closes it, saying how much came', async () => {
    const path = fifo()
    const reading = readNamedFile(path, '--body', {deadline: Date.now() + 300, timeoutSeconds: 1})
    const writer = openSync(path, constants.O_WRONLY | constants.O_NONBLOCK)
    try {
      writeSync(writer, 'abc')
      expect(await failure(reading)).to.deep.equal({
        exit: 5,
        message: `gave up waiting for --body ${JSON.stringify(path)} (a named pipe) after 1 s: 3 bytes came, but it did not end (timeout; see --timeout)`,
      })
    } finally {
      closeSync(writer)
    }
  })

  it('stops waiting on Ctrl-C (exit 130)', async () => {
    const path = fifo()
    const controller = new AbortController()
    const reading = readNamedFile(path, '--input', {deadline: Date.now() + 30_000, interrupt: () => controller.signal})
    setTimeout(() => controller.abort(), 50)
    expect(await failure(reading)).to.deep.equal({exit: 130, message: 'interrupted'})
    const aborted = new AbortController()
    aborted.abort()
    expect(await failure(readNamedFile(fifo('second'), '--input', {interrupt: () => aborted.signal}))).to.deep.equal({exit: 130, message: 'interrupted'})
  })

  it('reads a device as a stream (/dev/null: empty)', async () => {
    expect(await readNamedFile('/dev/null', '--input', readLimit(30))).to.deep.equal(Buffer.alloc(0))
  })
})
