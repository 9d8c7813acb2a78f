/** How old a stored description is, and the note the discovery commands print once it is stale. */
import {expect} from 'chai'

import {ageInDays, describeAge, STALE_AFTER_DAYS, staleNote} from '../../../src/lib/description/age.ts'
import type {StoredDescription} from '../../../src/lib/description/types.ts'
import {standaloneNames} from '../../../src/lib/core/command-names.ts'

const stored = (checkedAt: string) => ({checkedAt, source: '/data/openapi.yaml'}) as StoredDescription

describe('the stored description’s age', () => {
  const now = new Date('2026-01-10T12:00:00.000Z')

  it('counts whole days since it was last checked, never below 0', () => {
    expect(ageInDays(stored('2026-01-10T00:00:00.000Z'), now)).to.equal(0)
    expect(ageInDays(stored('2026-01-09T11:59:59.000Z'), now)).to.equal(1)
    expect(ageInDays(stored('2026-01-01T12:00:00.000Z'), now)).to.equal(9)
    expect(ageInDays(stored('2026-02-01T00:00:00.000Z'), now)).to.equal(0)
  })

  it('says it in words', () => {
    expect([0, 1, 12].map((days) => describeAge(days))).to.deep.equal(['today', '1 day ago', '12 days ago'])
  })

  it('notes a description not checked for more than 7 days, naming the command that refreshes it', () => {
    expect(STALE_AFTER_DAYS).to.equal(7)
    const names = standaloneNames('proton')
    expect(staleNote(undefined, now, names)).to.equal(undefined)
    expect(staleNote(stored('2026-01-03T12:00:00.000Z'), now, names)).to.equal(undefined)
    expect(staleNote(stored('2026-01-02T12:00:00.000Z'), now, names)).to.equal('Note: the API description from /data/openapi.yaml was last checked 8 days ago; "proton api spec update" refreshes it')
    expect(staleNote(stored('2026-01-02T12:00:00.000Z'), now, {bin: 'heroku', separator: ':', underTopic: () => true})).to.match(/"heroku proton:api:spec:update" refreshes it$/)
  })
})
