/**
 * The SRP modulus is accepted only when the service's modulus signing key
 * signed it (a cleartext OpenPGP signature, checked with OpenPGP.js), and
 * only when it is a 2048-bit safe prime that is 3 mod 8 — so a server that
 * is not the service cannot weaken the exchange with a modulus of its own.
 */
import {checkPrimeSync} from 'node:crypto'

import {authError} from '../../core/errors.ts'
import {fromLittleEndian} from './bigint-le.ts'
import {srpGroup} from './group.ts'

/** The service's public key for SRP moduli (published with its open-source SRP libraries). */
export const MODULUS_SIGNING_KEY = [
  '-----BEGIN PGP PUBLIC KEY BLOCK-----',
  '',
  'xjMEXAHLgxYJKwYBBAHaRw8BAQdAFurWXXwjTemqjD7CXjXVyKf0of7n9Ctm',
  'L8v9enkzggHNEnByb3RvbkBzcnAubW9kdWx1c8J3BBAWCgApBQJcAcuDBgsJ',
  'BwgDAgkQNQWFxOlRjyYEFQgKAgMWAgECGQECGwMCHgEAAPGRAP9sauJsW12U',
  'MnTQUZpsbJb53d0Wv55mZIIiJL2XulpWPQD/V6NglBd96lZKBmInSXX/kXat',
  'Sv+y0io+LR8i2+jV+AbOOARcAcuDEgorBgEEAZdVAQUBAQdAeJHUz1c9+KfE',
  'kSIgcBRE3WuXC4oj5a2/U3oASExGDW4DAQgHwmEEGBYIABMFAlwBy4MJEDUF',
  'hcTpUY8mAhsMAAD/XQD8DxNI6E78meodQI+wLsrKLeHn32iLvUqJbVDhfWSU',
  'WO4BAMcm1u02t4VKw++ttECPt+HUgPUq5pqQWe5Q2cW4TMsE',
  '=Y4Mw',
  '-----END PGP PUBLIC KEY BLOCK-----',
].join('\n')

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

function refuse(why: string): Error {
  return authError(`refusing to log in: the server's SRP modulus ${why}`)
}

/** The modulus bytes (little-endian) of a signed modulus, after every check. */
export async function verifySignedModulus(signed: string, armoredKey = MODULUS_SIGNING_KEY): Promise<Buffer> {
  // OpenPGP.js is large: loaded only by a login.
  const openpgp = await import('openpgp')
  let text: string
  try {
    const [verificationKeys, message] = await Promise.all([openpgp.readKey({armoredKey}), openpgp.readCleartextMessage({cleartextMessage: signed})])
    const result = await openpgp.verify({expectSigned: true, message, verificationKeys})
    text = result.data
  } catch {
    throw refuse("is not signed by the service's modulus key")
  }

  const encoded = text.trim()
  if (!BASE64.test(encoded)) throw refuse('is not base64')
  const bytes = Buffer.from(encoded, 'base64')
  try {
    srpGroup(bytes)
  } catch (error) {
    throw refuse(`is unfit (${(error as Error).message})`)
  }

  const N = fromLittleEndian(bytes)
  if (!checkPrimeSync(N) || !checkPrimeSync((N - 1n) / 2n)) throw refuse('is not a safe prime')
  return bytes
}
