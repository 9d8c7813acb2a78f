/** --output-file: the body written atomically. */
import {expect} from 'chai'
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {writeFileAtomically} from '../../../src/lib/output/output-file.ts'

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('expected a failure'),
    (error: Error & {exitStatus?: number}) => ({exit: error.exitStatus, message: error.message}),
  )

describe('--output-file', () => {
  it('replaces the file whole and leaves no temporary file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'out-'))
    try {
      const path = join(dir, 'body.bin')
      writeFileSync(path, 'old')
      await writeFileAtomically(path, Buffer.from([1, 2, 3]))
      expect(readFileSync(path)).to.deep.equal(Buffer.from([1, 2, 3]))
      const {readdirSync} = await import('node:fs')
      expect(readdirSync(dir)).to.deep.equal(['body.bin'])
      expect(await failure(writeFileAtomically(join(dir, 'no', 'such', 'dir'), Buffer.from('x')))).to.have.property('exit', 1)
    } finally {
      rmSync(dir, {force: true, recursive: true})
    }
  })
})
