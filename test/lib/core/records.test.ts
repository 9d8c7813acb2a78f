/** Reading the parts of an answer a text table needs (records.ts), which every dedicated command's view shares. */
import {expect} from 'chai'

import type {JsonValue} from '../../../src/lib/core/json-value.ts'
import {idOf, isRecord, listOf, recordOf} from '../../../src/lib/core/records.ts'
import {filtersListing} from '../../../src/lib/mail/views/filters.ts'
import {userSettingsText} from '../../../src/lib/account/views/settings.ts'
import {CliFailure} from '../../../src/lib/core/errors.ts'
import {EXIT} from '../../../src/lib/core/exit-status.ts'

/** The failure `run` throws: its message and exit status. */
function failure(run: () => unknown): {message: string; status: number} {
  try {
    run()
  } catch (error) {
    expect(error).to.be.instanceOf(CliFailure)
    return {message: (error as CliFailure).message, status: (error as CliFailure).exitStatus}
  }

  throw new Error('it did not fail')
}

describe('records: the parts of an answer a table reads', () => {
  it('isRecord: a JSON object, not an array, null or a scalar', () => {
    expect([{}, {a: 1}].map((value) => isRecord(value))).to.deep.equal([true, true])
    expect([[], null, undefined, 'x', 1, true].map((value) => isRecord(value))).to.deep.equal([false, false, false, false, false, false])
  })

  it('listOf: the objects of the list under the key, anything else in it left out', () => {
    expect(listOf({Code: 1000, Labels: [{ID: 'a'}, 'x', null, [1], {ID: 'b'}]}, 'Labels')).to.deep.equal([{ID: 'a'}, {ID: 'b'}])
    expect(listOf({Labels: []}, 'Labels')).to.deep.equal([])
  })

  it('listOf / recordOf: an answer without its list or object is exit 5, pointing to --output json', () => {
    for (const data of [{Code: 1000}, {Labels: {}}, [], 'text', undefined] as Array<JsonValue | undefined>) {
      expect(failure(() => listOf(data, 'Labels'))).to.deep.equal({message: 'the answer carries no "Labels" list (see it with --output json)', status: EXIT.UNAVAILABLE})
    }

    for (const data of [{Code: 1000}, {User: []}, {User: null}, undefined] as Array<JsonValue | undefined>) {
      expect(failure(() => recordOf(data, 'User'))).to.deep.equal({message: 'the answer carries no "User" object (see it with --output json)', status: EXIT.UNAVAILABLE})
    }

    expect(recordOf({User: {Name: 'me'}}, 'User')).to.deep.equal({Name: 'me'})
  })

  it('idOf: the non-empty string ID of the object under the key, what a mutation prints', () => {
    expect(idOf({Code: 1000, Label: {ID: 'l-1==', Name: 'x'}}, 'Label')).to.equal('l-1==')
    for (const label of [{}, {ID: ''}, {ID: 7}] as JsonValue[]) {
      expect(failure(() => idOf({Label: label}, 'Label'))).to.deep.equal({message: 'the answer carries no "Label.ID" (see it with --output json)', status: EXIT.UNAVAILABLE})
    }

    expect(failure(() => idOf({Code: 1000}, 'Label')).message).to.equal('the answer carries no "Label" object (see it with --output json)')
    // An ID that would drive a terminal (printed alone on stdout) or split a shell word is refused.
    for (const ID of ['l\u001b]0;x\u0007', 'l\u009b1m', 'a b', 'l\n', 'evil\u202Egnp']) {
      expect(failure(() => idOf({Label: {ID}}, 'Label'))).to.deep.equal({
        message: 'the answer\'s "Label.ID" is not an ID: it holds white space or control characters (see it with --output json)',
        status: EXIT.UNAVAILABLE,
      })
    }
  })

  // Through two views: what the commands show when the answer lacks what their table reads.
  it('an answer without its list or object is an error pointing to --output json', () => {
    expect(() => filtersListing({Code: 1000})).to.throw('the answer carries no "Filters" list (see it with --output json)')
    expect(() => userSettingsText({Code: 1000}, 80)).to.throw('the answer carries no "UserSettings" object')
  })
})
