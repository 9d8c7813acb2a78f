/**
 * The client's side of one SRP exchange: from the hashed password and the
 * server's ephemeral, the client ephemeral, the client proof, and the
 * server proof the client must then receive.
 */
import {randomBytes} from 'node:crypto'

import {fromLittleEndian, modPow} from './bigint-le.ts'
import {expandHash} from './expand-hash.ts'
import {encode, SRP_BYTES, type SrpGroup} from './group.ts'

export interface ClientProof {
  clientEphemeral: Buffer
  clientProof: Buffer
  expectedServerProof: Buffer
}

export function clientProof(group: SrpGroup, hashedPassword: Uint8Array, serverEphemeral: Uint8Array, random: (size: number) => Buffer = randomBytes): ClientProof {
  const {g, k, N} = group
  if (serverEphemeral.length !== SRP_BYTES) throw new RangeError(`the server ephemeral is ${serverEphemeral.length} bytes, not ${SRP_BYTES}`)
  const B = fromLittleEndian(serverEphemeral)
  if (B <= 1n || B >= N - 1n) throw new RangeError('the server ephemeral is out of range')
  const x = fromLittleEndian(hashedPassword)
  let secret = 0n
  let A = 0n
  let u = 0n
  let ephemeral: Buffer = Buffer.alloc(0)
  // A and u must not be zero; redraw the secret in that (practically impossible) case.
  while (A === 0n || u === 0n) {
    secret = fromLittleEndian(random(SRP_BYTES)) % (N - 1n)
    A = modPow(g, secret, N)
    ephemeral = encode(A)
    u = fromLittleEndian(expandHash(ephemeral, serverEphemeral))
  }

  const base = (((B - k * modPow(g, x, N)) % N) + N) % N
  const shared = encode(modPow(base, secret + u * x, N))
  const proof = expandHash(ephemeral, serverEphemeral, shared)
  return {clientEphemeral: ephemeral, clientProof: proof, expectedServerProof: expandHash(ephemeral, proof, shared)}
}
