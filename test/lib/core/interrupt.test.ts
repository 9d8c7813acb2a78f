/**
 * interrupt.ts: the statuses a shell reports for the signals it handles. (The handling itself, with real signals
 * to the built binary: test/e2e/interrupted-work.test.ts.)
 */
import {expect} from 'chai'
import {constants} from 'node:os'

import {INTERRUPTING_SIGNALS, interruptedBy, interruptedError, signalStatus} from '../../../src/lib/core/interrupt.ts'

describe('interrupt: SIGINT, SIGTERM, SIGHUP', () => {
  it('a shell reports 130, 143, 129: 128 and the signal’s number on this system', () => {
    expect(INTERRUPTING_SIGNALS.map((signal) => signalStatus(signal))).to.deep.equal([129, 130, 143])
    for (const signal of INTERRUPTING_SIGNALS) expect(signalStatus(signal), signal).to.equal(128 + constants.signals[signal])
  })

  it('before any signal: none received, and the error of an interruption says "interrupted", exit 130', () => {
    expect(interruptedBy()).to.equal(undefined)
    expect([interruptedError().message, interruptedError().exitStatus]).to.deep.equal(['interrupted', 130])
  })
})
