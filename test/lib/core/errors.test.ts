/** Failures the user sees: one line on stderr and an exit status. */
import {expect} from 'chai'

import {authError, CliFailure, describeFailure, fileFailure, oneLine, TimeoutFailure, unavailableError, usageError} from '../../../src/lib/core/errors.ts'
import {EXIT} from '../../../src/lib/core/exit-status.ts'

describe('errors', () => {
  it('each kind of failure carries its exit status', () => {
    expect([usageError('u'), authError('a'), unavailableError('n'), new TimeoutFailure('t'), new CliFailure('c')].map((failure) => failure.exitStatus)).to.deep.equal([
      EXIT.USAGE,
      EXIT.AUTH,
      EXIT.UNAVAILABLE,
      EXIT.UNAVAILABLE,
      EXIT.USAGE,
    ])
    expect(new TimeoutFailure('t')).to.be.instanceOf(CliFailure)
  })

  it('fileFailure: what was being done, the path and the reason by name, exit 1; a CliFailure passes through', () => {
    const full = Object.assign(new Error('ENOSPC: no space'), {code: 'ENOSPC'})
    expect(fileFailure('save the session of profile work to', '/s/work.json', full)).to.include({
      exitStatus: EXIT.USAGE,
      message: 'cannot save the session of profile work to /s/work.json: no space left on the device (ENOSPC)',
    })
    const odd = Object.assign(new Error('x'), {code: 'EIO'})
    expect(fileFailure('write', '/f', odd).message).to.equal('cannot write /f: failed (EIO)')
    expect(fileFailure('read', '/f', new Error('gone')).message).to.equal('cannot read /f: gone')
    expect(fileFailure('read', '/f', 'text').message).to.equal('cannot read /f: text')
    const own = authError('mine')
    expect(fileFailure('read', '/f', own)).to.equal(own)
  })

  it('oneLine: line breaks and tabs become one space, other controls visible, cut at the limit', () => {
    expect(oneLine(' a\n\n b\tc\r\n ')).to.equal('a b c')
    expect(oneLine('bad \u001B[2J')).to.equal(String.raw`bad \x1b[2J`)
    expect(oneLine('x'.repeat(20), 10)).to.equal(`${'x'.repeat(9)}…`)
  })

  it('describeFailure: a CliFailure as it is, any other error a usage error (exit 1) on one line, never a stack', () => {
    expect(describeFailure(authError('not logged in\n'))).to.deep.equal({exitStatus: EXIT.AUTH, message: 'not logged in'})
    expect(describeFailure(new Error('first\n  second\n\n'))).to.deep.equal({exitStatus: EXIT.USAGE, message: 'first; second'})
    expect(describeFailure(42)).to.deep.equal({exitStatus: EXIT.USAGE, message: '42'})
  })
})
