/**
 * Known answers from Proton's web client (vendor/webclients-srp-vectors.json, its source named there): values this
 * project did not compute, so a mistake made alike in our client and our sandbox's server cannot pass.
 */
import {expect} from 'chai'
import {readFileSync} from 'node:fs'

import {clientProof} from '../../../../src/lib/session/srp/client.ts'
import {srpGroup} from '../../../../src/lib/session/srp/group.ts'
import {hashPassword} from '../../../../src/lib/session/srp/password.ts'
import {SrpServer} from '../../../../src/sandbox/backend/srp-server.ts'
import {computeVerifier} from '../../../../src/lib/session/srp/verifier.ts'
import {verifySignedModulus} from '../../../../src/lib/session/srp/verify-modulus.ts'
import {keyPassphrase} from '../../../../src/lib/crypto/passphrase.ts'

const vectors = JSON.parse(readFileSync(new URL('../../../../vendor/webclients-srp-vectors.json', import.meta.url), 'utf8')) as {
  fakeRandom: string
  signedModulus: string
  auth: {password: string; Salt: string; ServerEphemeral: string; clientEphemeral: string; clientProof: string; expectedServerProof: string}
  verifier: {password: string; salt: string; verifier: string}
  keyPassword: {password: string; keySalt: string; passphrase: string}
}

/** The web client's test randomness: a request for N bytes gets the first N. */
const fakeRandom = (size: number): Buffer => Buffer.from(vectors.fakeRandom, 'base64').subarray(0, size)
const b64 = (value: string): Buffer => Buffer.from(value, 'base64')

describe("SRP and key passwords against the web client's known answers", () => {
  // Checked by the first test that uses it, not in a before hook: a hook's code is outside every test for Stryker's
  // perTest coverage (its mutants would be static, each restarting the runner). Forgotten after the suite: the
  // runner keeps the test files loaded between mutants, and a value kept from an earlier run would hide a mutant.
  let checked: Promise<Buffer> | undefined
  const signedModulus = () => (checked ??= verifySignedModulus(vectors.signedModulus))
  after(() => {
    checked = undefined
  })

  it('computes the client ephemeral, the client proof and the expected server proof of its fixed randomness', async () => {
    const modulus = await signedModulus()
    const {auth} = vectors
    const hashed = hashPassword(auth.password, b64(auth.Salt), modulus)
    const proof = clientProof(srpGroup(modulus), hashed, b64(auth.ServerEphemeral), fakeRandom)
    expect(proof.clientEphemeral.toString('base64')).to.equal(auth.clientEphemeral)
    expect(proof.clientProof.toString('base64')).to.equal(auth.clientProof)
    expect(proof.expectedServerProof.toString('base64')).to.equal(auth.expectedServerProof)
  })

  it("accepts the web client's proof when our server holds the same verifier, and answers with the proof it expects", async () => {
    const modulus = await signedModulus()
    // Our server with the web client's verifier for "123" under the vector's salt; the web client's own client
    // computation (pinned above) then has to pass our server's check, whatever our server drew.
    const {auth} = vectors
    const group = srpGroup(modulus)
    const verifier = computeVerifier(auth.password, b64(auth.Salt), modulus)
    const server = new SrpServer(group, verifier)
    const proof = clientProof(group, hashPassword(auth.password, b64(auth.Salt), modulus), server.serverEphemeral, fakeRandom)
    expect(server.verify(proof.clientEphemeral, proof.clientProof)).to.deep.equal(proof.expectedServerProof)
    const wrong = clientProof(group, hashPassword('124', b64(auth.Salt), modulus), server.serverEphemeral, fakeRandom)
    expect(server.verify(wrong.clientEphemeral, wrong.clientProof)).to.equal(undefined)
  })

  it("computes the web client's verifier for a new password", async () => {
    const modulus = await signedModulus()
    const {verifier} = vectors
    expect(fakeRandom(10).toString('base64')).to.equal(verifier.salt)
    expect(computeVerifier(verifier.password, b64(verifier.salt), modulus).toString('base64')).to.equal(verifier.verifier)
  })

  it("derives the web client's key passphrase from a password and a key salt", () => {
    const {keyPassword} = vectors
    expect(keyPassphrase(keyPassword.password, keyPassword.keySalt)).to.equal(keyPassword.passphrase)
  })
})
