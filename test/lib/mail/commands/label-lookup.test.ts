/**
 * The label or folder a user names (mail list --label, mail move --to, mail label --add/--remove): found among
 * the service's labels by ID, path or name, and what --dry-run shows for the lookup.
 */
import {expect} from 'chai'

import {findLabel, type LabelLookup, plannedLookup} from '../../../../src/lib/mail/commands/label-lookup.ts'
import type {JsonRecord} from '../../../../src/lib/core/records.ts'
import {CliFailure} from '../../../../src/lib/core/errors.ts'

const LOOKUP: LabelLookup = {flag: '--label', nothing: 'mailbox, label or folder', plural: 'labels or folders', types: ['label', 'folder']}
const LABELS: JsonRecord[] = [
  {ID: 'l-work', Name: 'Work', Path: 'Work', Type: 1},
  {ID: 'l-sub', Name: 'Sub', Path: 'Projects/Sub', Type: 1},
  {ID: 'f-inv', Name: 'Invoices', Path: 'Invoices', Type: 3},
  {ID: 'f-2024', Name: '2024', ParentID: 'f-inv', Path: 'Invoices/2024', Type: 3},
  {ID: 'f-sub', Name: 'Sub', ParentID: 'f-inv', Path: 'Invoices/Sub', Type: 3},
  {ID: 'work', Name: 'Shadow', Type: 1},
]

describe('label lookup', () => {
  it('by ID first, then path, then name; exact before any case', () => {
    expect(findLabel(LABELS, 'f-inv', LOOKUP)).to.deep.equal({id: 'f-inv', name: 'Invoices'})
    expect(findLabel(LABELS, 'Invoices/2024', LOOKUP)).to.deep.equal({id: 'f-2024', name: 'Invoices/2024'})
    expect(findLabel(LABELS, '2024', LOOKUP)).to.deep.equal({id: 'f-2024', name: 'Invoices/2024'})
    expect(findLabel(LABELS, 'invoices/2024', LOOKUP)).to.deep.equal({id: 'f-2024', name: 'Invoices/2024'})
    // "work" is the ID of another label: an ID wins over a name in another case.
    expect(findLabel(LABELS, 'work', LOOKUP)).to.deep.equal({id: 'work', name: 'Shadow'})
    expect(findLabel(LABELS, 'WORK', LOOKUP)).to.deep.equal({id: 'l-work', name: 'Work'})
  })

  it('a name two share, or none has: a usage error naming the flag and the candidates', () => {
    expect(() => findLabel(LABELS, 'Sub', LOOKUP)).to.throw(CliFailure, '--label "Sub" names 2 labels or folders (Projects/Sub, Invoices/Sub); give its path or ID')
    expect(() => findLabel(LABELS, 'inbx', LOOKUP))
      .to.throw(CliFailure, '--label "inbx" names no mailbox, label or folder')
      .with.property('exitStatus', 1)
  })

  it('--dry-run: an ID as given; a name as the lookup’s requests, one per type, and a placeholder', () => {
    expect(plannedLookup({id: '0'}, LOOKUP)).to.deep.equal({id: '0', requests: []})
    expect(plannedLookup({name: 'Work'}, LOOKUP)).to.deep.equal({
      id: '<ID of "Work" from GET /core/v4/labels?Type=1 and GET /core/v4/labels?Type=3>',
      requests: [
        {method: 'GET', path: '/core/v4/labels', query: [['Type', '1']]},
        {method: 'GET', path: '/core/v4/labels', query: [['Type', '3']]},
      ],
    })
  })
})
