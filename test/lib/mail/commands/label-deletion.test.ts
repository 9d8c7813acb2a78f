import {expect} from 'chai'

import {deletionText, doomed, foldersBelow, refuseNoName} from '../../../../src/lib/mail/commands/label-deletion.ts'
import type {JsonRecord} from '../../../../src/lib/core/records.ts'

describe('mail labels delete: what a deletion takes', () => {
  it('counts the folders under a folder, at any depth; says them in the question', () => {
    const labels: JsonRecord[] = [{ID: 'p'}, {ID: 'c', ParentID: 'p'}, {ID: 'g', ParentID: 'c'}, {ID: 'o'}]
    expect([foldersBelow(labels, 'p'), foldersBelow(labels, 'c'), foldersBelow(labels, 'o')]).to.deep.equal([2, 1, 0])
    expect(deletionText([{below: 2, folder: true, id: 'p', name: 'Trips'}])).to.equal('folder Trips and its 2 sub-folders')
    expect(
      deletionText([
        {below: 0, folder: false, id: 'l', name: 'Work'},
        {below: 1, folder: true, id: 'p', name: 'Trips'},
      ]),
    ).to.equal('2 labels or folders (Work, Trips and its 1 sub-folder)')
  })

  it('looks each argument up by path, name or ID; an unknown string shaped like an ID is taken as one; names escaped', () => {
    const labels: JsonRecord[] = [
      {ID: 'p', Name: 'Trips', Path: 'Trips', Type: 3},
      {ID: 'c', Name: 'Rome', ParentID: 'p', Path: 'Trips/Rome', Type: 3},
      {ID: 'w', Name: 'Work\u001B[2J', Path: 'Work\u001B[2J', Type: 1},
    ]
    expect(doomed(labels, 'Trips')).to.deep.equal({below: 1, folder: true, id: 'p', name: 'Trips'})
    expect(doomed(labels, 'Trips/Rome')).to.deep.equal({below: 0, folder: true, id: 'c', name: 'Trips/Rome'})
    expect(doomed(labels, 'w').folder).to.equal(false)
    expect(doomed(labels, 'w').name).to.not.include('\u001B')
    const id = 'aaaaaaaaaaaaaaaaaaaaaaaa=='
    expect(doomed(labels, id)).to.deep.equal({below: 0, folder: false, id, name: id})
    expect(() => doomed(labels, 'Nowhere')).to.throw()
  })

  it('refuses what can be no name, no path and no ID before anything is sent', () => {
    expect(() => refuseNoName('Trips/..')).to.throw(/label or folder/)
    expect(() => refuseNoName('a%2Fb')).to.throw(/label or folder/)
    expect(() => refuseNoName('Trips/Rome')).to.not.throw()
  })
})
