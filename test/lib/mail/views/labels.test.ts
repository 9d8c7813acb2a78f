/** The list of labels and folders: a parent by its name. */
import {expect} from 'chai'

import {labelsListing} from '../../../../src/lib/mail/views/labels.ts'
import {permissionsSummary} from '../../../../src/lib/calendar/views/calendars.ts'

describe('labels and calendars as lists', () => {
  it('mail labels list: PARENT is the parent folder’s path, or its ID when it is not listed', () => {
    const {rows} = labelsListing({
      Labels: [
        {Color: '#111', ID: 'p', Name: 'Invoices', Path: 'Invoices', Type: 3},
        {Color: '#111', ID: 'c', Name: '2024', ParentID: 'p', Path: 'Invoices/2024', Type: 3},
        {Color: '#111', ID: 'o', Name: 'Orphan', ParentID: 'gone', Type: 3},
      ],
    })
    expect(rows.map((row) => row[4])).to.deep.equal(['', 'Invoices', 'gone'])
  })

  it('calendar list: permissions summed up as the strongest role', () => {
    expect([127, 112, 48, 96, 64, 0, 'x'].map((bits) => permissionsSummary(bits))).to.deep.equal(['owner', 'write', 'write', 'read', 'free/busy', 'none', 'x'])
  })
})
