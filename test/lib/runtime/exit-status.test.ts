import {expect} from 'chai'

import {EXIT, exitStatusForResponse} from '../../../src/lib/runtime/exit-status.ts'

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
