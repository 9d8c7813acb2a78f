/** SRP: the server side of an exchange refuses what does not prove the password. */
import {expect} from 'chai'

import {toLittleEndian} from '../../../src/lib/session/srp/bigint-le.ts'
import {clientProof} from '../../../src/lib/session/srp/client.ts'
import {expandHash} from '../../../src/lib/session/srp/expand-hash.ts'
import {encode} from '../../../src/lib/session/srp/group.ts'
import {hashPassword} from '../../../src/lib/session/srp/password.ts'
import {SrpServer} from '../../../src/sandbox/backend/srp-server.ts'
import {exchangeAccount} from '../../lib/session/srp/vectors.ts'

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
      // Lengths are checked before anything is compared: a proof of another length is refused, not an error.
      const client = clientProof(group, hashPassword('correct horse battery staple', salt, modulus), server.serverEphemeral)
      expect(server.verify(client.clientEphemeral, client.clientProof.subarray(0, 64))).to.equal(undefined)
      expect(server.verify(Buffer.alloc(12), client.clientProof.subarray(0, 12))).to.equal(undefined)
    })

    it('refuses a client ephemeral of 0 or N with the proof anyone can make for it, knowing no password', () => {
      // With A ≡ 0 (mod N) the shared secret is 0 whatever the verifier: the proof H(A ‖ B ‖ 0) needs no password.
      const server = new SrpServer(group, verifier)
      for (const A of [Buffer.alloc(256), toLittleEndian(group.N, 256)]) {
        const forged = expandHash(A, server.serverEphemeral, encode(0n))
        expect(server.verify(A, forged)).to.equal(undefined)
      }
    })
  })
})
