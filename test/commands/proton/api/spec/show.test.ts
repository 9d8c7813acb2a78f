/** `api spec show` through the built binary, with the built-in description alone. */
import {expect} from 'chai'

import {descriptionSuite} from '../../../../helpers/description-suite.ts'
import {BUILTIN_OPERATIONS} from '../../../../../src/lib/description/builtin.ts'

describe('api spec show (built binary)', () => {
  const {runBuiltin} = descriptionSuite()

  describe('without the shipped description: the built-in one alone', () => {
    it('spec show names the built-in description and its operation count', async () => {
      const text = await runBuiltin(['api', 'spec', 'show'])
      const count = BUILTIN_OPERATIONS.length
      expect(text.stdout.toString()).to.equal(`source      built-in (the endpoints the contract and the tool’s commands document)\noperations  ${count}\n`)
      const asJson = JSON.parse((await runBuiltin(['api', 'spec', 'show', '--output', 'json'])).stdout.toString())
      expect(asJson).to.deep.equal({builtinOperations: count, kind: 'built-in', operations: count, source: 'built-in'})
    })
  })
})
