import {expect} from 'chai'
import {createHash} from 'node:crypto'

import {fromLittleEndian, modPow, toLittleEndian} from '../../../../src/lib/session/srp/bigint-le.ts'
import {clientProof} from '../../../../src/lib/session/srp/client.ts'
import {expandHash} from '../../../../src/lib/session/srp/expand-hash.ts'
import {srpGroup} from '../../../../src/lib/session/srp/group.ts'
import {decodeSignedModulus} from '../../../../src/lib/session/srp/modulus.ts'
import {bcryptHash, bcryptSalt, hashPassword} from '../../../../src/lib/session/srp/password.ts'
import {SrpServer} from '../../../../src/lib/session/srp/server.ts'
import {computeVerifier} from '../../../../src/lib/session/srp/verifier.ts'
import {vectors} from './vectors.ts'

describe('SRP', () => {
  describe('little-endian numbers', () => {
    it('reads and writes the least significant byte first', () => {
      expect(fromLittleEndian(Uint8Array.of(0x01, 0x02))).to.equal(0x0201n)
      expect(toLittleEndian(0x0201n, 4)).to.deep.equal(Buffer.from([1, 2, 0, 0]))
      expect(fromLittleEndian(toLittleEndian(2n ** 2047n + 5n, 256))).to.equal(2n ** 2047n + 5n)
    })

    it('refuses a number that does not fit', () => {
      expect(() => toLittleEndian(256n, 1)).to.throw(RangeError)
      expect(() => toLittleEndian(-1n, 4)).to.throw(RangeError)
    })

    it('computes modular powers', () => {
      expect(modPow(4n, 13n, 497n)).to.equal(445n)
      expect(modPow(2n, 0n, 7n)).to.equal(1n)
      expect(modPow(-3n, 3n, 7n)).to.equal(1n) // (-27) mod 7
    })
  })

  it('expands a hash to four SHA-512 digests of input ‖ 0..3', () => {
    const out = expandHash(Buffer.from('ab'), Buffer.from('c'))
    expect(out).to.have.length(256)
    for (let index = 0; index < 4; index++) {
      const digest = createHash('sha512').update(Buffer.from([0x61, 0x62, 0x63, index])).digest()
      expect(out.subarray(index * 64, (index + 1) * 64)).to.deep.equal(digest)
    }
  })

  describe('bcrypt (the reference cases)', () => {
    for (const {encodedSalt, hash} of vectors.bcrypt.cases) {
      it(`hashes "${vectors.bcrypt.password}" with salt ${encodedSalt}`, () => {
        expect(bcryptHash(vectors.bcrypt.password, encodedSalt)).to.equal(hash)
      })
    }

    it('encodes salt + "proton" in bcrypt base64, 22 characters', () => {
      const salt = bcryptSalt(Buffer.from('Jl54BOeNTVl8Ng==', 'base64'))
      expect(salt).to.match(/^[./A-Za-z0-9]{22}$/)
    })
  })

  describe('verifiers (the reference vectors)', () => {
    for (const vector of vectors.verifiers) {
      const modulus = Buffer.from(vector.Modulus, 'hex')
      const salt = Buffer.from(vector.Salt, 'base64')
      if (vector.Exception === null) {
        it(`reproduces the verifier of ${vector.Username}`, () => {
          expect(computeVerifier(vector.Password, salt, modulus).toString('base64')).to.equal(vector.Verifier)
        })
      } else {
        it(`refuses ${vector.Username} (${vector.Exception})`, () => {
          expect(() => computeVerifier(vector.Password, salt, modulus)).to.throw(RangeError, /password is empty/)
        })
      }
    }
  })

  describe('signed moduli', () => {
    it('decodes every signed modulus to a 2048-bit group', () => {
      for (const signed of vectors.signedModuli) expect(decodeSignedModulus(signed)).to.have.length(256)
    })

    it('decodes the checked modulus to its expected text', () => {
      const [good] = vectors.modulusChecks.filter((check) => check.Exception === null)
      expect(decodeSignedModulus(good.SignedModulus).toString('base64')).to.equal(good.Decoded)
    })

    it('refuses the tampered modulus', () => {
      const tampered = vectors.modulusChecks.filter((check) => check.Exception !== null)
      expect(tampered).to.have.length.greaterThan(0)
      for (const check of tampered) expect(() => decodeSignedModulus(check.SignedModulus)).to.throw(RangeError)
    })

    it('refuses a text that is not a signed message, or a modulus of the wrong shape', () => {
      expect(() => decodeSignedModulus('just text')).to.throw(RangeError, /cleartext-signed/)
      const wrap = (body: string) => `-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n\n${body}\n-----BEGIN PGP SIGNATURE-----\n\nx\n-----END PGP SIGNATURE-----\n`
      expect(() => decodeSignedModulus(wrap(Buffer.alloc(128, 7).toString('base64')))).to.throw(RangeError, /128 bytes/)
      expect(() => decodeSignedModulus(wrap(toLittleEndian(2n ** 2047n + 1n, 256).toString('base64')))).to.throw(RangeError, /3 mod 8/)
    })
  })

  describe('a full exchange', () => {
    const modulus = decodeSignedModulus(vectors.signedModuli[0])
    const group = srpGroup(modulus)
    const salt = Buffer.from('Jl54BOeNTVl8Ng==', 'base64')
    const verifier = computeVerifier('correct horse', salt, modulus)

    it('proves the password both ways', () => {
      const server = new SrpServer(group, verifier)
      const client = clientProof(group, hashPassword('correct horse', salt, modulus), server.serverEphemeral)
      const serverProof = server.verify(client.clientEphemeral, client.clientProof)
      expect(serverProof).to.deep.equal(client.expectedServerProof)
    })

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

    it('refuses a server ephemeral out of range on the client side', () => {
      const hashed = hashPassword('correct horse', salt, modulus)
      expect(() => clientProof(group, hashed, toLittleEndian(1n, 256))).to.throw(RangeError, /out of range/)
      expect(() => clientProof(group, hashed, Buffer.alloc(10))).to.throw(RangeError, /10 bytes/)
    })
  })
})
