/** The sandbox's /__sandbox/ controls answer only who has its secret. */
import {expect} from 'chai'
import {readFileSync} from 'node:fs'
import {join} from 'node:path'

import {KEY_FIXTURE} from '../../../src/sandbox/fixtures/key-fixture.ts'
import {sandboxFetch, sandboxForSuite} from '../../helpers/sandbox-process.ts'
import {type Harness, startHarness} from '../harness.ts'

describe('sandbox controls', () => {
  let harness: Harness
  before(async () => {
    harness = await startHarness()
  })
  after(() => harness.close())

  it('refuse a request without the secret or with another one (403), changing nothing', async () => {
    for (const headers of [{'x-sandbox-secret': ''}, {'x-sandbox-secret': 'guess'}, {'x-sandbox-secret': `${harness.sandbox.controlSecret}x`}]) {
      const added = await harness.call('POST', '/__sandbox/faults', {body: {Kind: 'unavailable', Path: '/'}, headers})
      expect(added.status).to.equal(403)
      expect(added.json).to.deep.equal({Code: 2011, Error: "the sandbox's controls need the x-sandbox-secret header it printed at start"})
    }

    expect((await harness.call('GET', '/__sandbox/faults')).json).to.deep.include({Faults: []})
    expect((await harness.call('GET', '/core/v4/users')).status).to.equal(401)
  })

  it('accept the secret: a fault set with it applies', async () => {
    expect((await harness.call('POST', '/__sandbox/faults', {body: {Count: 1, Kind: 'unavailable', Path: '/core/v4/users'}})).status).to.equal(200)
    expect((await harness.call('GET', '/core/v4/users')).status).to.equal(503)
  })

  it('add a message whose attachment carries a Signature (listed as given) from a sender whose PublicKey is served from then on', async () => {
    const session = await harness.login()
    const email = 'signer@example.test'
    expect((await harness.call('GET', `/core/v4/keys/all?Email=${email}`, {session})).json).to.deep.include({Address: {Keys: [], SignedKeyList: null}})
    const attachment = {Data: 'AAAA', KeyPackets: 'AAAA', Name: 'a.txt', Signature: KEY_FIXTURE.attachment.Signature}
    const body = {Attachments: [attachment, {...attachment, Name: 'b.txt', Signature: undefined}], Body: 'x', Sender: {Address: email, PublicKey: KEY_FIXTURE.attachmentSigner.PublicKey}}
    const added = await harness.call('POST', '/__sandbox/messages', {body})
    expect(added.status, added.text).to.equal(200)
    const id = (added.json as {Message: {ID: string}}).Message.ID
    const message = (await harness.call('GET', `/mail/v4/messages/${id}`, {session})).json as {Message: {Attachments: Array<{Name: string; Signature: unknown}>}}
    expect(message.Message.Attachments.map(({Name, Signature}) => [Name, Signature])).to.deep.equal([
      ['a.txt', KEY_FIXTURE.attachment.Signature],
      ['b.txt', null],
    ])
    // An external address's key is served as the service serves one from WKD: unverified, Source 1.
    const keys = (await harness.call('GET', `/core/v4/keys/all?Email=${email}`, {session})).json as {Address: {Keys: unknown[]}; Unverified: {Keys: Array<{PublicKey: string; Source: number}>}}
    expect(keys.Address.Keys).to.deep.equal([])
    expect(keys.Unverified.Keys.map(({PublicKey, Source}) => [PublicKey, Source])).to.deep.equal([[KEY_FIXTURE.attachmentSigner.PublicKey, 1]])
    const refused = await harness.call('POST', '/__sandbox/messages', {body: {...body, Attachments: [{...attachment, Signature: 5}]}})
    expect(refused.status).to.equal(422)
    expect(refused.json).to.deep.include({Error: 'Attachments[0]: Signature must be a string'})
  })

  it('lock the keys again (PUT /__sandbox/keys): each record keeps its ID, Token and Signature, its PrivateKey replaced; refuses what is not an armored private key', async () => {
    const session = await harness.login()
    type Keyed = {Keys: Array<Record<string, unknown>>}
    const records = async () => {
      const {User} = (await harness.call('GET', '/core/v4/users', {session})).json as {User: Keyed}
      const {Addresses} = (await harness.call('GET', '/core/v4/addresses', {session})).json as {Addresses: Keyed[]}
      return {address: Addresses[0].Keys[0], user: User.Keys[0]}
    }

    const before = await records()
    const refused = await harness.call('PUT', '/__sandbox/keys', {body: {UserKey: 'not a key'}})
    expect(refused.status).to.equal(422)
    expect(refused.json).to.deep.include({Error: 'UserKey must be an armored private key'})
    expect(await records()).to.deep.equal(before)
    // Any armored private key block will do: the sandbox keeps what it is given, the client reads it.
    const armored = readFileSync(join(import.meta.dirname, '../../fixtures/gnupg/token-user.asc'), 'utf8')
    const replaced = await harness.call('PUT', '/__sandbox/keys', {body: {AddressKeys: [armored], UserKey: armored}})
    expect(replaced.status, replaced.text).to.equal(200)
    expect(replaced.json).to.deep.include({Replaced: 2})
    expect(await records()).to.deep.equal({address: {...before.address, PrivateKey: armored}, user: {...before.user, PrivateKey: armored}})
  })

  describe('the sandbox process', function () {
    this.timeout(30_000)
    const suite = sandboxForSuite()

    it('`proton sandbox` prints its secret at start and --write-session keeps it in the profile', async () => {
      const running = suite.sandbox
      expect(running.stderr()).to.include(`with the header X-Sandbox-Secret: ${running.secret}.`)
      const session = JSON.parse(readFileSync(join(suite.home.home, 'proton-cli', 'sessions', 'sandbox.json'), 'utf8')) as {SandboxSecret: string}
      expect(session.SandboxSecret).to.equal(running.secret)
      expect((await fetch(`${running.url}/__sandbox/stats`)).status).to.equal(403)
      expect((await sandboxFetch(running, 'stats')).status).to.equal(200)
    })
  })
})
