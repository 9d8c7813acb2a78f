/** The sandbox's identifiers: ids.ts. */
import {expect} from 'chai'

import {newId} from '../../../src/sandbox/backend/ids.ts'

describe('newId', () => {
  it('is shaped like the service’s (86 URL-safe base64 characters and "=="), and never begins with "-"', () => {
    // Without the redraw, some 31 of 2,000 would begin with "-".
    const ids = Array.from({length: 2000}, () => newId())
    for (const id of ids) expect(id).to.match(/^[\w][\w-]{85}==$/)
    expect(new Set(ids).size).to.equal(ids.length)
  })
})
