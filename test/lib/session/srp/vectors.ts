/** The SRP reference vectors (vendor/srp-vectors.json; vendor/README.md names their source). */
import {readFileSync} from 'node:fs'

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

export const vectors = JSON.parse(
  readFileSync(new URL('../../../../vendor/srp-vectors.json', import.meta.url), 'utf8'),
) as SrpVectors
