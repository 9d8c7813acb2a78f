/** The SRP reference vectors (vendor/srp-vectors.json; vendor/README.md names their source), and an account made from them. */
import {readFileSync} from 'node:fs'

import {type SrpGroup, srpGroup} from '../../../../src/lib/session/srp/group.ts'
import {decodeSignedModulus} from '../../../../src/lib/session/srp/modulus.ts'
import {computeVerifier} from '../../../../src/lib/session/srp/verifier.ts'

export interface VerifierVector {
  Username: string
  Password: string
  Salt: string
  Modulus: string
  Verifier?: string
  Exception: string | null
}

export interface SrpVectors {
  signedModuli: string[]
  modulusChecks: {SignedModulus: string; Decoded: string | null; Exception: string | null}[]
  bcrypt: {password: string; cases: {encodedSalt: string; hash: string}[]}
  verifiers: VerifierVector[]
}

export const vectors = JSON.parse(readFileSync(new URL('../../../../vendor/srp-vectors.json', import.meta.url), 'utf8')) as SrpVectors

/** An account for a full exchange: the first signed modulus's group, a salt, the password "correct horse" and its verifier. */
export function exchangeAccount(): {group: SrpGroup; modulus: Buffer; salt: Buffer; verifier: Buffer} {
  const modulus = decodeSignedModulus(vectors.signedModuli[0])
  const salt = Buffer.from('Jl54BOeNTVl8Ng==', 'base64')
  return {group: srpGroup(modulus), modulus, salt, verifier: computeVerifier('correct horse', salt, modulus)}
}
