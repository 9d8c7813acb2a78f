/** SRP: the server side of an exchange refuses what does not prove the password. */
import {expect} from 'chai'

import {toLittleEndian} from '../../../../src/lib/session/srp/bigint-le.ts'
import {clientProof} from '../../../../src/lib/session/srp/client.ts'
import {hashPassword} from '../../../../src/lib/session/srp/password.ts'
import {SrpServer} from '../../../../src/lib/session/srp/server.ts'
import {exchangeAccount} from './vectors.ts'

describe('SRP', () => {
  describe('a full exchange', () => {
    const {group, modulus, salt, verifier} = exchangeAccount()

    it('refuses a wrong password', () => {
      const server = new SrpServer(group, verifier)
      const client = clientProof(group, hashPassword('wrong horse', salt, modulus), server.serverEphemeral)
      expect(server.verify(client.clientEphemeral, client.clientProof)).to.equal(undefined)
    })

    it('refuses a zero or malformed client ephemeral', () => {
      const server = new SrpServer(group, verifier)
      expect(server.verify(Buffer.alloc(256), Buffer.alloc(256))).to.equal(undefined)
      expect(server.verify(toLittleEndian(group.N, 256), Buffer.alloc(256))).to.equal(undefined)
      expect(server.verify(Buffer.alloc(12), Buffer.alloc(256))).to.equal(undefined)
    })
  })
})
