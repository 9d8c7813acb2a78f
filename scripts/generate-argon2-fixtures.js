#!/usr/bin/env node
/**
 * Makes test/fixtures/argon2/: user keys whose secret packets are locked by an Argon2 S2K (RFC 9580 3.7.1.4), as
 * v6 keys are. GnuPG 2.2 makes neither v6 keys nor Argon2, so OpenPGP.js makes them here, in a script of its own,
 * and the tests only read them. What the tests check is the keyring's bound on the S2K's parameters
 * (src/lib/crypto/keyring.ts checkS2k), read from the packets:
 *   within.asc   m = 2^16 KiB, 3 passes, as OpenPGP.js makes them: unlocks with "argon2-passphrase"
 *   memory.asc   the same key asking for m = 2^20 KiB (1 GiB): refused before any is spent
 *   passes.asc   the same key asking for 9 passes: refused
 * Run from the repository: node scripts/generate-argon2-fixtures.js
 */
import {mkdirSync, writeFileSync} from 'node:fs'

import * as openpgp from 'openpgp'

const out = 'test/fixtures/argon2'
mkdirSync(out, {recursive: true})
const config = {aeadProtect: true, s2kArgon2Params: {memoryExponent: 16, parallelism: 4, passes: 3}, s2kType: openpgp.enums.s2k.argon2, v6Keys: true}
const {privateKey} = await openpgp.generateKey({config, format: 'armored', passphrase: 'argon2-passphrase', type: 'curve25519', userIDs: [{email: 'argon2@example.test'}]})
writeFileSync(`${out}/within.asc`, privateKey)

/** The key with each secret packet's S2K parameters changed (the packets are not re-encrypted: only read). */
async function asking(parameters) {
  const key = await openpgp.readPrivateKey({armoredKey: privateKey})
  for (const {keyPacket} of key.getKeys()) Object.assign(keyPacket.s2k, parameters)
  return key.armor()
}

writeFileSync(`${out}/memory.asc`, await asking({encodedM: 20}))
writeFileSync(`${out}/passes.asc`, await asking({t: 9}))
