import {expect} from 'chai'

import {create} from '@bufbuild/protobuf'

import {itemFields, itemType, totpUri} from '../../../src/lib/pass/fields.ts'
import {ItemSchema} from '../../../src/lib/pass/proto/item_v1_pb.ts'

describe('pass/fields', () => {
  it('a login: shown fields, secrets marked, empty ones left out, custom fields and the note last', () => {
    const item = create(ItemSchema, {
      content: {content: {case: 'login', value: {itemUsername: 'me', password: 'pw', totpUri: 'otpauth://totp/x?secret=JBSWY3DP', urls: ['https://a', 'https://b']}}},
      extraFields: [
        {content: {case: 'hidden', value: {content: '1234'}}, fieldName: 'PIN'},
        {content: {case: 'text', value: {content: 'shown'}}, fieldName: 'Plain'},
        {content: {case: 'totp', value: {totpUri: 'otpauth://totp/y?secret=ABC'}}, fieldName: '2FA'},
      ],
      metadata: {name: 'n', note: 'a note'},
    })
    expect(itemType(item)).to.equal('login')
    expect(itemFields(item).map(({name, secret}) => [name, secret])).to.deep.equal([
      ['username', false],
      ['url', false],
      ['url', false],
      ['password', true],
      ['totp', true],
      ['PIN', true],
      ['Plain', false],
      ['2FA', true],
      ['note', false],
    ])
    expect(totpUri(item)).to.equal('otpauth://totp/x?secret=JBSWY3DP')
  })

  it('cards, Wi-Fi, SSH keys and identities keep their secrets marked; a note has its note; an alias its address', () => {
    const card = create(ItemSchema, {content: {content: {case: 'creditCard', value: {cardholderName: 'A', number: '4111', pin: '1', verificationNumber: '123'}}}})
    expect(
      itemFields(card)
        .filter(({secret}) => secret)
        .map(({name}) => name),
    ).to.deep.equal(['number', 'cvv', 'pin'])
    const wifi = create(ItemSchema, {content: {content: {case: 'wifi', value: {password: 'p', ssid: 's'}}}})
    expect(itemFields(wifi)).to.deep.equal([
      {name: 'ssid', secret: false, value: 's'},
      {name: 'password', secret: true, value: 'p'},
    ])
    const ssh = create(ItemSchema, {content: {content: {case: 'sshKey', value: {privateKey: 'PRIV', publicKey: 'PUB'}}}})
    expect(itemFields(ssh).find(({name}) => name === 'private-key')?.secret).to.equal(true)
    const identity = create(ItemSchema, {content: {content: {case: 'identity', value: {fullName: 'A B', passportNumber: 'X1'}}}})
    expect(itemFields(identity)).to.deep.equal([
      {name: 'full-name', secret: false, value: 'A B'},
      {name: 'passport-number', secret: true, value: 'X1'},
    ])
    expect(itemFields(create(ItemSchema, {content: {content: {case: 'alias', value: {}}}}), 'a@b.test')).to.deep.equal([{name: 'alias', secret: false, value: 'a@b.test'}])
    expect(itemType(create(ItemSchema, {}))).to.equal('unknown')
  })
})
