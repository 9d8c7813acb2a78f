import {expect} from 'chai'

import {EXIT, exitStatusForResponse, gravest} from '../../../src/lib/core/exit-status.ts'

describe('exitStatusForResponse', () => {
  const cases: Array<[number, number | undefined, number]> = [
    [200, undefined, EXIT.OK],
    [200, 1000, EXIT.OK],
    [200, 1001, EXIT.OK],
    [204, undefined, EXIT.OK],
    [200, 2000, EXIT.USAGE],
    [200, 2501, EXIT.NOT_FOUND],
    [200, 2500, EXIT.CONFLICT],
    [400, 2000, EXIT.USAGE],
    [422, 2061, EXIT.USAGE],
    [401, undefined, EXIT.AUTH],
    [403, 2011, EXIT.AUTH],
    [404, undefined, EXIT.NOT_FOUND],
    [422, 2501, EXIT.NOT_FOUND],
    [409, undefined, EXIT.CONFLICT],
    [422, 2500, EXIT.CONFLICT],
    [429, undefined, EXIT.UNAVAILABLE],
    [500, 1000, EXIT.UNAVAILABLE],
    [502, undefined, EXIT.UNAVAILABLE],
    [503, 2501, EXIT.UNAVAILABLE],
    [302, undefined, EXIT.USAGE],
  ]
  for (const [status, code, expected] of cases) {
    it(`HTTP ${status} with Code ${code ?? 'none'} exits ${expected}`, () => {
      expect(exitStatusForResponse(status, code)).to.equal(expected)
    })
  }
})

describe('gravest: the exit status of several outcomes', () => {
  it('orders interrupted, unavailable, authentication, usage, conflict, not found, success; whatever their order', () => {
    expect(gravest([])).to.equal(EXIT.OK)
    expect(gravest([EXIT.NOT_FOUND, EXIT.UNAVAILABLE])).to.equal(EXIT.UNAVAILABLE)
    expect(gravest([EXIT.UNAVAILABLE, EXIT.NOT_FOUND])).to.equal(EXIT.UNAVAILABLE)
    expect(gravest([EXIT.NOT_FOUND, EXIT.CONFLICT, EXIT.NOT_FOUND])).to.equal(EXIT.CONFLICT)
    expect(gravest([EXIT.CONFLICT, EXIT.USAGE])).to.equal(EXIT.USAGE)
    expect(gravest([EXIT.USAGE, EXIT.AUTH, EXIT.OK])).to.equal(EXIT.AUTH)
    expect(gravest([EXIT.AUTH, EXIT.UNAVAILABLE])).to.equal(EXIT.UNAVAILABLE)
    expect(gravest([EXIT.INTERRUPTED, EXIT.UNAVAILABLE, EXIT.NOT_FOUND])).to.equal(EXIT.INTERRUPTED)
  })
})
