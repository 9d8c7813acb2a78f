/** The last listing of each kind: a cut ID made whole from it, refused by name when it cannot be. */
import {expect} from 'chai'
import {chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {cutStem, rememberListing, wholeId} from '../../../src/lib/files/last-listing.ts'

const A = `Aaaa${'1'.repeat(84)}`
const B = `Abbb${'2'.repeat(84)}`

describe('last-listing', () => {
  let cache: string
  beforeEach(() => {
    cache = mkdtempSync(join(tmpdir(), 'listing-'))
  })
  afterEach(() => rmSync(cache, {force: true, recursive: true}))

  it('keeps the IDs owner-only, one file per kind', () => {
    rememberListing(cache, 'message', [A, B])
    expect(statSync(join(cache, 'listing')).mode & 0o777).to.equal(0o700)
    expect(statSync(join(cache, 'listing', 'message')).mode & 0o777).to.equal(0o600)
    expect(wholeId(cache, 'message', 'Aaaa111…')).to.equal(A)
    expect(wholeId(cache, 'message', 'Abbb22...')).to.equal(B)
    expect(wholeId(cache, 'message', 'Abbb2222')).to.equal(B)
    expect(() => wholeId(cache, 'label', 'Abbb22…')).to.throw('label Abbb22…: no ID of the last listing begins with it')
  })

  it('a whole ID, a short bare stem and an ID of no listing are left as given', () => {
    rememberListing(cache, 'message', [A, B])
    expect(wholeId(cache, 'message', A)).to.equal(A)
    expect(wholeId(cache, 'message', 'Abbb')).to.equal('Abbb')
    expect(wholeId(cache, 'message', 'other-id-1234')).to.equal('other-id-1234')
  })

  it('a cut ID that begins none or several is refused, naming it (exit 3)', () => {
    rememberListing(cache, 'message', [A, B])
    expect(() => wholeId(cache, 'message', 'Zzz…'))
      .to.throw('message Zzz…: no ID of the last listing begins with it')
      .with.property('exitStatus', 3)
    expect(() => wholeId(cache, 'message', 'A…')).to.throw('message A…: it begins 2 IDs of the last listing: give more of it')
  })

  it('a listing file that is a link, or writable by others, is not read', () => {
    mkdirSync(join(cache, 'listing'), {mode: 0o700})
    writeFileSync(join(cache, 'elsewhere'), `${A}\n`)
    symlinkSync(join(cache, 'elsewhere'), join(cache, 'listing', 'filter'))
    expect(() => wholeId(cache, 'filter', 'Aaaa…')).to.throw('no ID of the last listing')
    writeFileSync(join(cache, 'listing', 'calendar'), `${A}\n`)
    chmodSync(join(cache, 'listing', 'calendar'), 0o666)
    expect(() => wholeId(cache, 'calendar', 'Aaaa…')).to.throw('no ID of the last listing')
  })

  it('cutStem: "…" or "..." at the end', () => {
    expect([cutStem('ab…'), cutStem('ab...'), cutStem('ab')]).to.deep.equal(['ab', 'ab', undefined])
  })
})
