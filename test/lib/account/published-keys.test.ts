import {expect} from 'chai'

import {senderKeys} from '../../../src/lib/account/published-keys.ts'
import {plainCommandSuite, testRun} from '../../helpers/invocation.ts'
import {NO_COMPILE_CACHE as ENV} from '../../helpers/fixture-account.ts'
import {jsonAnswers} from '../../helpers/scripted-server.ts'

describe('account/published-keys senderKeys: the keys the service publishes for a sender', () => {
  const suite = plainCommandSuite()

  it('Address and Unverified (WKD) keys alike, malformed entries noted; an answer not 200 or not JSON, none', async () => {
    const {invocation, stderr} = testRun(suite.home, {env: ENV})
    const session = await invocation.session()
    suite.server.handle(jsonAnswers(() => [200, {Address: {Keys: [{PublicKey: 'A'}, null, {PublicKey: 7}]}, Code: 1000, Unverified: {Keys: [{PublicKey: 'W'}]}}]))
    expect(await senderKeys(invocation, session, 'sam@example.test')).to.deep.equal(['A', 'W'])
    expect(stderr()).to.equal('Note: skipped 1 malformed entry of the published keys of sam@example.test (not a key object)\n')
    suite.server.handle(jsonAnswers(() => [422, {Address: {Keys: [{PublicKey: 'A'}]}, Code: 2000}]))
    expect(await senderKeys(invocation, session, 'sam@example.test')).to.deep.equal([])
    suite.server.handle((_request, response) => response.end('not json'))
    expect(await senderKeys(invocation, session, 'sam@example.test')).to.deep.equal([])
  })
})
