/** The password verifier v = g^x mod N that the service stores instead of the password. */
import {fromLittleEndian, modPow} from './bigint-le.ts'
import {encode, srpGroup} from './group.ts'
import {hashPassword} from './password.ts'

export function computeVerifier(password: string, salt: Uint8Array, modulusBytes: Uint8Array): Buffer {
  const group = srpGroup(modulusBytes)
  const x = fromLittleEndian(hashPassword(password, salt, group.modulusBytes))
  return encode(modPow(group.g, x, group.N))
}
