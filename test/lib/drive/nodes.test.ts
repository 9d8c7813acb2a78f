/** Unit tests of src/lib/drive: paths, the SDK's nodes as printed, its errors as exit statuses. */
import {expect} from 'chai'

import type {MaybeNode} from '@protontech/drive-sdk'

import {driveFailure} from '../../../src/lib/drive/failures.ts'
import {authorText, nodeView, pathNames} from '../../../src/lib/drive/nodes.ts'
import {CliFailure, unavailableError} from '../../../src/lib/core/errors.ts'

const named = (name: string, error: Error) => Object.assign(new Error(error.message), {name})

describe('drive nodes and failures', () => {
  it('pathNames: names under My Files; "", "/" and "." are My Files; ".." is refused', () => {
    expect(pathNames('Documents//notes.txt/')).to.deep.equal(['Documents', 'notes.txt'])
    expect(pathNames('/')).to.deep.equal([])
    expect(pathNames('./a~b')).to.deep.equal(['a~b'])
    expect(() => pathNames('Documents/../x')).to.throw(CliFailure, '".." is not followed')
  })

  it('nodeView: a degraded node keeps what decrypted and says what did not', () => {
    const base = {
      creationTime: new Date(0),
      directRole: 'admin',
      isShared: false,
      isSharedPublicly: false,
      keyAuthor: {ok: true, value: 'a@b'},
      modificationTime: new Date(1000),
      treeEventScopeId: 'v',
      type: 'file',
      uid: 'v~n',
    }
    const degraded = {
      error: {...base, name: {error: new Error('bad name packet'), ok: false}, nameAuthor: {error: {claimedAuthor: 'x@y', error: 'signature invalid'}, ok: false}},
      ok: false,
    } as unknown as MaybeNode
    const view = nodeView(degraded)
    expect([view.name, view.problems, view.signatures.name]).to.deep.equal([undefined, ['name: bad name packet'], 'NOT verified (x@y: signature invalid)'])
    expect(authorText({ok: true, value: null})).to.equal('verified (anonymous)')
  })

  it('driveFailure: the SDK errors by name as exit statuses; a failure of ours stands', () => {
    const status = (error: unknown) => (driveFailure(error) as CliFailure).exitStatus
    expect(status(named('NodeWithSameNameExistsValidationError', new Error('taken')))).to.equal(4)
    expect(status(named('NotFoundAPIError', new Error('gone')))).to.equal(3)
    expect(status(named('IntegrityError', new Error('bad block')))).to.equal(5)
    expect(status(named('ValidationError', new Error('bad name')))).to.equal(1)
    const ours = unavailableError('no answer')
    expect(driveFailure(named('Error', new Error('wrapped')), {failure: ours} as never)).to.equal(ours)
  })
})
