import {expect} from 'chai'
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {Readable} from 'node:stream'

import {readSieve} from '../../../src/lib/mail/sieve.ts'
import {makeFifo} from '../../helpers/fifo.ts'

const SCRIPT = 'require "fileinto";\nif header :contains "subject" "invoice" { fileinto "Invoices"; }\n'

describe('the Sieve script of mail filters create (sieve.ts)', () => {
  let dir: string
  const stdin = (text: string | Buffer) => () => Readable.from([Buffer.from(text)])
  const never = () => {
    throw new Error('standard input was read')
  }

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'proton-cli-sieve-'))
  })
  afterEach(() => rmSync(dir, {force: true, recursive: true}))

  it('takes --sieve as written, without reading standard input', async () => {
    expect(await readSieve({sieve: SCRIPT}, never)).to.equal(SCRIPT)
  })

  it('reads --sieve-file, and standard input for "-" with either flag', async () => {
    const file = join(dir, 'rules.sieve')
    writeFileSync(file, `\uFEFF${SCRIPT}`)
    expect(await readSieve({sieveFile: file}, never)).to.equal(SCRIPT)
    expect(await readSieve({sieveFile: '-'}, stdin(SCRIPT))).to.equal(SCRIPT)
    expect(await readSieve({sieve: '-'}, stdin(SCRIPT))).to.equal(SCRIPT)
  })

  it('refuses no script, both flags, a missing file, a directory, bytes that are not UTF-8, a blank script', async () => {
    const refusal = async (source: Parameters<typeof readSieve>[0], input: () => NodeJS.ReadableStream = never) => {
      try {
        await readSieve(source, input)
      } catch (error) {
        return (error as {exitStatus: number; message: string}).exitStatus === 1 ? (error as Error).message : `exit ${(error as {exitStatus: number}).exitStatus}`
      }

      return 'accepted'
    }

    expect(await refusal({})).to.equal("no Sieve script: give the filter's Sieve script with --sieve TEXT or --sieve-file PATH (- for standard input)")
    expect(await refusal({sieve: SCRIPT, sieveFile: 'x'})).to.match(/^--sieve and --sieve-file cannot be used together/)
    expect(await refusal({sieveFile: join(dir, 'nope.sieve')})).to.equal(`--sieve-file cannot read ${JSON.stringify(join(dir, 'nope.sieve'))}: no such file`)
    expect(await refusal({sieveFile: dir})).to.equal(`--sieve-file cannot read ${JSON.stringify(dir)}: it is a directory`)
    expect(await refusal({sieveFile: '-'}, stdin(Buffer.from([0x6b, 0xff, 0x3b])))).to.equal('the Sieve script (standard input) is not UTF-8 text')
    expect(await refusal({sieve: ' \n\t'})).to.equal('the Sieve script (--sieve) is empty')
  })

  it('gives up on a --sieve-file that is a FIFO nobody writes to, at the limit (exit 5)', async () => {
    const fifo = makeFifo(join(dir, 'rules.fifo'))
    try {
      await readSieve({sieveFile: fifo}, never, {deadline: Date.now() + 200, timeoutSeconds: 3})
      expect.fail('accepted')
    } catch (error) {
      expect(error).to.include({
        exitStatus: 5,
        message: `gave up waiting for --sieve-file ${JSON.stringify(fifo)} (a named pipe) after 3 s: nothing was written to it (timeout; see --timeout)`,
      })
    }
  })
})
