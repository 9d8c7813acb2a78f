import {expect} from 'chai'
import * as openpgp from 'openpgp'

import {CliFailure} from '../../../../src/lib/core/errors.ts'
import {toLittleEndian} from '../../../../src/lib/session/srp/bigint-le.ts'
import {MODULUS_SIGNING_KEY, verifySignedModulus} from '../../../../src/lib/session/srp/verify-modulus.ts'
import {vectors} from './vectors.ts'

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise
  } catch (error) {
    expect(error).to.be.instanceOf(CliFailure)
    expect((error as CliFailure).exitStatus).to.equal(2)
    return (error as CliFailure).message
  }

  throw new Error('expected a refusal')
}

describe('verifySignedModulus', function () {
  this.timeout(20_000)
  const genuine = Buffer.from(vectors.modulusChecks[0].Decoded!, 'base64')

  it('embeds the reference modulus signing key', () => {
    expect(MODULUS_SIGNING_KEY).to.equal((vectors as unknown as {modulusSigningKey: string}).modulusSigningKey.replaceAll('\r\n', '\n'))
  })

  it('accepts every modulus the service signed, decoding the signed text', async () => {
    for (const signed of vectors.signedModuli) expect(await verifySignedModulus(signed)).to.have.length(256)
    expect((await verifySignedModulus(vectors.modulusChecks[0].SignedModulus)).equals(genuine)).to.equal(true)
  })

  it('refuses the tampered modulus', async () => {
    const tampered = vectors.modulusChecks.find((check) => check.Exception !== null)!
    expect(await refusal(verifySignedModulus(tampered.SignedModulus))).to.equal("refusing to log in: the server's SRP modulus is not signed by the service's modulus key")
    expect(await refusal(verifySignedModulus('not a signed message'))).to.match(/not signed/)
  })

  describe('with a modulus signed by a key of the test’s own', () => {
    let privateKey: openpgp.PrivateKey
    let publicKey: string
    const sign = async (bytes: Buffer) => openpgp.sign({message: await openpgp.createCleartextMessage({text: bytes.toString('base64')}), signingKeys: privateKey})

    before(async () => {
      const generated = await openpgp.generateKey({curve: 'ed25519Legacy', format: 'object', type: 'ecc', userIDs: [{name: 'test'}]})
      privateKey = generated.privateKey
      publicKey = generated.publicKey.armor()
    })

    it('refuses it under the service’s key', async () => {
      expect(await refusal(verifySignedModulus(await sign(genuine)))).to.match(/not signed by the service's modulus key/)
    })

    it('accepts a good one under that key, and refuses wrong size, not 3 mod 8, not a safe prime', async () => {
      expect((await verifySignedModulus(await sign(genuine), publicKey)).equals(genuine)).to.equal(true)
      const N = genuine.reduceRight((value, byte) => (value << 8n) | BigInt(byte), 0n)
      expect(await refusal(verifySignedModulus(await sign(genuine.subarray(0, 255)), publicKey))).to.match(/is unfit \(the SRP modulus is 255 bytes, not 256\)/)
      expect(await refusal(verifySignedModulus(await sign(toLittleEndian(N + 2n, 256)), publicKey))).to.match(/not 3 mod 8/)
      // 3 mod 8 and 2048 bits, but composite: a multiple of 3 a few steps of 8 away.
      let composite = N + 8n
      while (composite % 3n !== 0n) composite += 8n
      expect(await refusal(verifySignedModulus(await sign(toLittleEndian(composite, 256)), publicKey))).to.equal("refusing to log in: the server's SRP modulus is not a safe prime")
      // A prime, 3 mod 8 and of 2048 bits, whose (p - 1) / 2 is not prime (made with node:crypto generatePrime).
      const prime = BigInt(
        '0xe69e44a2fcd199b968472edd2ed9d4cdf46dd6006580dc62effd5a411ad5fad4ac717733eb98e330a8a0692ace6860813bc004bf29e083e7389c2aaef44d62d1f39439c5f8370b81ff07cadfb6cec140f44968635896d740636e04eeca9b3db5113a7d1c2f66c7aaf9dea3c5d064a4419339858efc8d9ca2bc26e8eb2e42316acd6a6f0d6053170679a0204c20fa7923af2ecb5075ac4e75badf8193cea9c3ac87c268c11084ed70f5405ea26588f73be9c018dafd1057ea040f27d698695dc5f2061a25a03e00d69e6dfe7e2012b5d2596782537ef4bfd523d7f5edc4f3e22f7d42201df1339063c95373330ba1851b5c706be4af60700e386fc8897d5f0a83',
      )
      expect(await refusal(verifySignedModulus(await sign(toLittleEndian(prime, 256)), publicKey))).to.equal("refusing to log in: the server's SRP modulus is not a safe prime")
      const notBase64 = await openpgp.sign({message: await openpgp.createCleartextMessage({text: 'not base64!'}), signingKeys: privateKey})
      expect(await refusal(verifySignedModulus(notBase64, publicKey))).to.equal("refusing to log in: the server's SRP modulus is not base64")
    })
  })
})
