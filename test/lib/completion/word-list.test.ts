/** The word lists shell completion reads: one file per HTTP method, the path templates it can be sent to. */
import {expect} from 'chai'
import {mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {wordListDir, writeWordList} from '../../../src/lib/completion/word-list.ts'
import type {Operation} from '../../../src/lib/description/types.ts'

const op = (method: string, path: string): Operation => ({deprecated: false, method, path, summary: ''})

describe('completion word lists', () => {
  let cacheDir: string
  beforeEach(() => {
    cacheDir = mkdtempSync(join(tmpdir(), 'word-list-'))
  })
  afterEach(() => rmSync(cacheDir, {force: true, recursive: true}))

  it('one file per method under <cacheDir>/completion/api: its templates sorted, each once; HEAD wherever GET, OPTIONS everywhere', () => {
    writeWordList(cacheDir, [op('GET', '/mail/v4/messages'), op('GET', '/core/v4/users'), op('POST', '/mail/v4/labels'), op('GET', '/core/v4/users'), op('DELETE', '/mail/v4/labels/{labelID}')])
    const dir = wordListDir(cacheDir)
    expect(dir).to.equal(join(cacheDir, 'completion', 'api'))
    expect(readdirSync(dir).sort()).to.deep.equal(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT'])
    const list = (method: string) => readFileSync(join(dir, method), 'utf8')
    expect(list('GET')).to.equal('/core/v4/users\n/mail/v4/messages\n')
    expect(list('HEAD')).to.equal(list('GET'))
    expect(list('POST')).to.equal('/mail/v4/labels\n')
    expect(list('OPTIONS')).to.equal('/core/v4/users\n/mail/v4/labels\n/mail/v4/labels/{labelID}\n/mail/v4/messages\n')
    expect(list('PATCH')).to.equal('')
  })

  it('a second write replaces the lists whole', () => {
    writeWordList(cacheDir, [op('PUT', '/a')])
    writeWordList(cacheDir, [op('GET', '/b')])
    expect(readFileSync(join(wordListDir(cacheDir), 'PUT'), 'utf8')).to.equal('')
    expect(readFileSync(join(wordListDir(cacheDir), 'GET'), 'utf8')).to.equal('/b\n')
  })
})
