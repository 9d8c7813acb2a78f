/**
 * calendar/calendars bootstrapRef: a calendar given by its ID is named by its bootstrap's member (the web client's
 * getCalendarInfo reads it so), or by nothing, and the calendar list names it then.
 */
import {expect} from 'chai'

import {bootstrapRef} from '../../../src/lib/calendar/calendars.ts'
import type {JsonValue} from '../../../src/lib/core/json-value.ts'

const ID = `${'c'.repeat(86)}==`
const member = {AddressID: 'address-1', CalendarID: ID, Email: 'demo@proton.test', ID: 'member-1', Name: 'My calendar'}

describe('calendar/calendars bootstrapRef', () => {
  it('the first member of the bootstrap names the calendar: its ID, address, email and name', () => {
    expect(bootstrapRef(ID, {Members: [member, {...member, ID: 'member-2', Name: 'Other'}]})).to.deep.equal({
      addressId: 'address-1',
      email: 'demo@proton.test',
      id: ID,
      memberId: 'member-1',
      name: 'My calendar',
    })
  })

  it('names none (the list then does): no bootstrap, no Members, a member of another calendar, or one without an ID, an address or a name', () => {
    const without = (name: keyof typeof member) => Object.fromEntries(Object.entries(member).filter(([key]) => key !== name))
    const bootstraps: Array<JsonValue | undefined> = [
      undefined,
      {},
      {Members: []},
      {Members: {}},
      {Members: [{...member, CalendarID: `${'d'.repeat(86)}==`}]},
      {Members: [without('ID')]},
      {Members: [without('AddressID')]},
      {Members: [without('Name')]},
      {Members: [{...member, Name: 5}]},
    ]
    for (const bootstrap of bootstraps) {
      expect(bootstrapRef(ID, bootstrap), JSON.stringify(bootstrap)).to.equal(undefined)
    }
  })
})
