import {expect} from 'chai'

import {recipientFromKeys} from '../../../src/lib/send/recipients.ts'

const KEY = '-----BEGIN PGP PUBLIC KEY BLOCK-----\n…\n-----END PGP PUBLIC KEY BLOCK-----\n'
const OTHER = '-----BEGIN PGP PUBLIC KEY BLOCK-----\nother\n-----END PGP PUBLIC KEY BLOCK-----\n'

describe('send/recipients: the kind of a recipient, as the web client decides it', () => {
  it('the address’s own mail-capable keys: internal, encrypted to the first one (all of them candidates for a pinned key)', () => {
    const answer = {
      Address: {
        Keys: [
          {Flags: 3, PublicKey: KEY},
          {Flags: 3, PublicKey: OTHER},
        ],
      },
      Unverified: null,
    }
    expect(recipientFromKeys('a@proton.me', answer)).to.deep.equal({candidates: [KEY, OTHER], email: 'a@proton.me', kind: 'internal', publicKey: KEY})
  })

  it('a key flagged not for encryption (4) never counts: the next one is used, or none', () => {
    expect(
      recipientFromKeys('a@proton.me', {
        Address: {
          Keys: [
            {Flags: 7, PublicKey: OTHER},
            {Flags: 3, PublicKey: KEY},
          ],
        },
      }).publicKey,
    ).to.equal(KEY)
    expect(recipientFromKeys('a@proton.me', {Address: {Keys: [{Flags: 7, PublicKey: OTHER}]}}).kind).to.equal('external-clear')
  })

  it('unverified keys of Proton’s (Source 0), then catch-all keys: internal', () => {
    expect(recipientFromKeys('a@proton.me', {Address: {Keys: []}, Unverified: {Keys: [{Flags: 3, PublicKey: KEY, Source: 0}]}}).kind).to.equal('internal')
    expect(recipientFromKeys('a@corp.test', {Address: {Keys: []}, CatchAll: {Keys: [{Flags: 3, PublicKey: KEY}]}})).to.include({kind: 'internal', publicKey: KEY})
  })

  it('unverified keys from elsewhere (WKD, Source 1): external with keys, which is never sent in clear; its mail-capable keys and their flags kept in order', () => {
    const answer = {
      Address: {Keys: []},
      Unverified: {
        Keys: [
          {Flags: 1, PublicKey: OTHER, Source: 1},
          {Flags: 7, PublicKey: OTHER, Source: 1},
          {Flags: 3, PublicKey: KEY, Source: 1},
        ],
      },
    }
    expect(recipientFromKeys('b@example.com', answer)).to.deep.equal({
      email: 'b@example.com',
      kind: 'external-keys',
      published: [
        {armored: OTHER, flags: 1},
        {armored: KEY, flags: 3},
      ],
    })
  })

  it('no key at all, or an answer of another shape: external without keys', () => {
    expect(recipientFromKeys('c@example.com', {Address: {Keys: [], SignedKeyList: null}, Unverified: null}).kind).to.equal('external-clear')
    expect(recipientFromKeys('c@example.com', undefined).kind).to.equal('external-clear')
    expect(recipientFromKeys('c@example.com', {Address: {Keys: 'x'}}).kind).to.equal('external-clear')
  })

  it('go-proton-api’s fake server: RecipientType 1 with Keys is internal, 2 without is external', () => {
    expect(recipientFromKeys('a@proton.test', {Keys: [{Flags: 3, PublicKey: KEY}], RecipientType: 1})).to.include({kind: 'internal', publicKey: KEY})
    expect(recipientFromKeys('c@example.com', {RecipientType: 2}).kind).to.equal('external-clear')
  })
})
