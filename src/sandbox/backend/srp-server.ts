/**
 * The service's side of one SRP exchange: a fresh ephemeral B for the
 * stored verifier, then the check of the client's proof and the server's
 * own proof in return.
 */
import {randomBytes, timingSafeEqual} from 'node:crypto'

import {fromLittleEndian, modPow} from '../../lib/session/srp/bigint-le.ts'
import {expandHash} from '../../lib/session/srp/expand-hash.ts'
import {encode, SRP_BYTES, type SrpGroup} from '../../lib/session/srp/group.ts'

export class SrpServer {
  readonly serverEphemeral: Buffer
  private readonly group: SrpGroup
  private readonly verifier: bigint
  private readonly secret: bigint

  constructor(group: SrpGroup, verifier: Uint8Array, random: (size: number) => Buffer = randomBytes) {
    this.group = group
    this.verifier = fromLittleEndian(verifier)
    const {g, k, N} = group
    let secret = 0n
    let ephemeral = 0n
    // A zero ephemeral would reveal the verifier; draw again (practically never).
    while (ephemeral === 0n) {
      secret = fromLittleEndian(random(SRP_BYTES)) % (N - 1n)
      ephemeral = (k * this.verifier + modPow(g, secret, N)) % N
    }

    this.secret = secret
    this.serverEphemeral = encode(ephemeral)
  }

  /** The server proof when the client's proof is right; undefined otherwise. */
  verify(clientEphemeral: Uint8Array, clientProof: Uint8Array): Buffer | undefined {
    const {N} = this.group
    if (clientEphemeral.length !== SRP_BYTES || clientProof.length !== SRP_BYTES) return undefined
    const A = fromLittleEndian(clientEphemeral)
    if (A % N === 0n) return undefined
    const u = fromLittleEndian(expandHash(clientEphemeral, this.serverEphemeral))
    if (u === 0n) return undefined
    const shared = encode(modPow((A * modPow(this.verifier, u, N)) % N, this.secret, N))
    const expected = expandHash(clientEphemeral, this.serverEphemeral, shared)
    if (!timingSafeEqual(expected, clientProof)) return undefined
    return expandHash(clientEphemeral, expected, shared)
  }
}
