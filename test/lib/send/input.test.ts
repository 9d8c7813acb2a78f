import {expect} from 'chai'
import {chmodSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {Readable} from 'node:stream'

import {checkAttachments, checkRecipients, readBody} from '../../../src/lib/send/input.ts'

describe('send/input: what mail send checks before anything is sent', () => {
  let dir = ''
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'proton-cli-send-input-'))
  })
  after(() => rmSync(dir, {force: true, recursive: true}))

  it('addresses: well formed, trimmed, each kept once across To, Cc and Bcc (the first place wins)', () => {
    expect(checkRecipients({bcc: ['A@example.com', 'c@example.com'], cc: [' b@example.com '], to: ['a@example.com', 'a@example.com']})).to.deep.equal({
      bcc: ['c@example.com'],
      cc: ['b@example.com'],
      to: ['a@example.com'],
    })
  })

  it('a malformed address names its flag and itself, escaped; no recipient at all is refused', () => {
    for (const bad of ['plain', 'a@b', 'a b@example.com', '<a@example.com>', `${'x'.repeat(250)}@example.com`]) {
      expect(() => checkRecipients({bcc: [], cc: [bad], to: []}), bad).to.throw(/^--cc: ".*" is not an email address$/)
    }

    expect(() => checkRecipients({bcc: [], cc: [], to: ['\u001b[31m@x']})).to.throw('--to: "\\x1b[31m@x" is not an email address')
    expect(() => checkRecipients({bcc: [], cc: [], to: []})).to.throw('no recipient: give --to, --cc or --bcc')
  })

  it('the body: --body, --body-file, else standard input unless it is a terminal; never two sources', async () => {
    const file = join(dir, 'body.txt')
    writeFileSync(file, 'from a file\n')
    const stdin = Object.assign(Readable.from([Buffer.from('from stdin')]), {isTTY: false})
    expect(await readBody({body: 'given', stdin})).to.equal('given')
    expect(await readBody({bodyFile: file, stdin})).to.equal('from a file\n')
    expect(await readBody({stdin})).to.equal('from stdin')
    const terminal = Object.assign(Readable.from([]), {isTTY: true})
    await readBody({stdin: terminal}).then(
      () => expect.fail('a terminal is not read'),
      (error: Error) => expect(error.message).to.equal('no body: give --body or --body-file, or pipe it on standard input'),
    )
    await readBody({body: 'x', bodyFile: file, stdin}).then(
      () => expect.fail('two sources'),
      (error: Error) => expect(error.message).to.equal('--body and --body-file: give one of them'),
    )
    await readBody({bodyFile: join(dir, 'none'), stdin}).then(
      () => expect.fail('a missing file'),
      (error: Error) => expect(error.message).to.match(/^--body-file .*none: cannot read it \(ENOENT\)$/),
    )
  })

  it('attachments: regular readable files, each and all together within the limit', async () => {
    const a = join(dir, 'a.txt')
    const b = join(dir, 'b.txt')
    writeFileSync(a, '12345')
    writeFileSync(b, '123456')
    expect(await checkAttachments([a, b], 11)).to.deep.equal([
      {name: 'a.txt', path: a, size: 5},
      {name: 'b.txt', path: b, size: 6},
    ])
    const refused = async (paths: string[], limit: number, message: RegExp) =>
      checkAttachments(paths, limit).then(
        () => expect.fail(`${paths.join(' ')} accepted`),
        (error: Error) => expect(error.message).to.match(message),
      )
    await refused([b], 5, /^--attach .*b\.txt: 6 bytes, over the service's limit of 5 bytes$/)
    await refused([a, b], 10, /^--attach: 11 bytes in all, over the service's limit of 10 bytes$/)
    await refused([dir], 100, /^--attach .*: not a regular file$/)
    await refused([join(dir, 'none')], 100, /^--attach .*none: cannot read it \(ENOENT\)$/)
    if (process.getuid?.() !== 0) {
      chmodSync(a, 0o000)
      await refused([a], 100, /^--attach .*a\.txt: cannot read it \(EACCES\)$/)
      chmodSync(a, 0o600)
    }
  })
})
