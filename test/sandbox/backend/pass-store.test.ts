import {expect} from 'chai'

import {SandboxError} from '../../../src/sandbox/backend/api-error.ts'
import {PassStore} from '../../../src/sandbox/backend/pass-store.ts'

const PERSONAL = 'pass-share-personal-0000000000000000000000000000000000000000000000000000000000=='
const body = {Content: 'AAAA', ContentFormatVersion: 7, ItemKey: 'AAAA', KeyRotation: 2}

function refusal(action: () => unknown): SandboxError {
  try {
    action()
  } catch (error) {
    if (error instanceof SandboxError) return error
    throw error
  }

  throw new Error('not refused')
}

describe('sandbox/pass/store', () => {
  it('pages items with Since (the last ID of the page before) and refuses a token it did not give', () => {
    const store = new PassStore(() => 0)
    const first = store.itemPage(PERSONAL, null, 2)
    expect(first.items.map((item) => item.ItemID)).to.deep.equal(['pass-item-cafe', 'pass-item-bank'])
    expect(store.itemPage(PERSONAL, first.last, 2).items.map((item) => item.ItemID)).to.deep.equal(['pass-item-note', 'pass-item-alias'])
    expect(refusal(() => store.itemPage(PERSONAL, 'nope', 2)).status).to.equal(422)
  })

  it('keeps a new item as sent; refuses an unknown rotation and content that is not base64', () => {
    const store = new PassStore(() => 5000)
    const item = store.createItem(PERSONAL, body)
    expect(item).to.deep.include({Content: 'AAAA', ItemKey: 'AAAA', KeyRotation: 2, Revision: 1, State: 1})
    expect(refusal(() => store.createItem(PERSONAL, {...body, KeyRotation: 7})).message).to.equal('KeyRotation is not a rotation of this share')
    expect(refusal(() => store.createItem(PERSONAL, {...body, Content: 'A!'})).status).to.equal(422)
  })

  it('an update needs LastRevision to be the current revision (409 otherwise, and after a raced edit)', () => {
    const store = new PassStore(() => 0)
    const update = {Content: 'BBBB', ContentFormatVersion: 7, KeyRotation: 1, LastRevision: 1}
    expect(store.updateItem(PERSONAL, 'pass-item-cafe', update).Revision).to.equal(2)
    expect(refusal(() => store.updateItem(PERSONAL, 'pass-item-cafe', update)).status).to.equal(409)
    store.race('pass-item-cafe')
    expect(refusal(() => store.updateItem(PERSONAL, 'pass-item-cafe', {...update, LastRevision: 2})).status).to.equal(409)
  })

  it('an alias needs a suffix it signed and mailboxes it offered', () => {
    const store = new PassStore(() => 0)
    const options = store.aliasOptions(PERSONAL, [{Email: 'a@b.test', ID: 'x'}]) as {Suffixes: Array<{SignedSuffix: string; Suffix: string}>}
    const [suffix] = options.Suffixes
    const alias = store.createAlias(PERSONAL, {Item: body, MailboxIDs: [1], Prefix: 'shop', SignedSuffix: suffix.SignedSuffix}, 1)
    expect(alias.AliasEmail).to.equal(`shop${suffix.Suffix}`)
    expect(refusal(() => store.createAlias(PERSONAL, {Item: body, MailboxIDs: [1], Prefix: 'evil', SignedSuffix: `@evil.test.${suffix.SignedSuffix.split('.').at(-1)}`}, 1)).message).to.equal(
      'SignedSuffix is not one this service signed',
    )
    expect(refusal(() => store.createAlias(PERSONAL, {Item: body, MailboxIDs: [2], Prefix: 'two', SignedSuffix: suffix.SignedSuffix}, 1)).status).to.equal(422)
    expect(refusal(() => store.createAlias(PERSONAL, {Item: body, MailboxIDs: [1], Prefix: 'shop', SignedSuffix: suffix.SignedSuffix}, 1)).status).to.equal(409)
  })
})
