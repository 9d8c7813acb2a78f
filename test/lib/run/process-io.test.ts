/** A failure as the user sees it, reported on the streams given. */
import {expect} from 'chai'

import {CliFailure} from '../../../src/lib/core/errors.ts'
import {reportFailure} from '../../../src/lib/run/process-io.ts'

describe('process-io', () => {
  it('reportFailure: one line on the stream given, the exit status back; a stack only with DEBUG', () => {
    const lines: string[] = []
    const stderr = {write: (chunk: string | Uint8Array) => lines.push(String(chunk)) > 0}
    expect(reportFailure(new CliFailure('no such label\nsecond line', 3), {env: {}, stderr})).to.equal(3)
    expect(lines).to.deep.equal(['Error: no such label second line\n'])
    expect(reportFailure(new Error('odd'), {env: {DEBUG: '*'}, stderr})).to.equal(1)
    expect(lines[1]).to.match(/^Error: odd\n {4}at /)
  })
})
