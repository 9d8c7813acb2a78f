/** SRP: the client side of an exchange, against the server side. */
import {expect} from 'chai'

import {toLittleEndian} from '../../../../src/lib/session/srp/bigint-le.ts'
import {clientProof} from '../../../../src/lib/session/srp/client.ts'
import {hashPassword} from '../../../../src/lib/session/srp/password.ts'
import {SrpServer} from '../../../../src/sandbox/backend/srp-server.ts'
import {exchangeAccount} from './vectors.ts'

describe('SRP', () => {
  describe('a full exchange', () => {
    const {group, modulus, salt, verifier} = exchangeAccount()

    it('proves the password both ways', () => {
      const server = new SrpServer(group, verifier)
      const client = clientProof(group, hashPassword('correct horse', salt, modulus), server.serverEphemeral)
      const serverProof = server.verify(client.clientEphemeral, client.clientProof)
      expect(serverProof).to.deep.equal(client.expectedServerProof)
    })

    it('refuses a server ephemeral out of range on the client side', () => {
      const hashed = hashPassword('correct horse', salt, modulus)
      expect(() => clientProof(group, hashed, toLittleEndian(1n, 256))).to.throw(RangeError, /out of range/)
      // The upper bound too: B = N - 1 and B = N are refused, B = N - 2 taken.
      expect(() => clientProof(group, hashed, toLittleEndian(group.N - 1n, 256))).to.throw(RangeError, /out of range/)
      expect(() => clientProof(group, hashed, toLittleEndian(group.N, 256))).to.throw(RangeError, /out of range/)
      expect(clientProof(group, hashed, toLittleEndian(group.N - 2n, 256)).clientProof).to.have.length(256)
      expect(() => clientProof(group, hashed, Buffer.alloc(10))).to.throw(RangeError, /10 bytes/)
    })
  })
})
