/**
 * The sandbox's key fixture (scripts/generate-sandbox-keys.js, made by OpenPGP.js) as the key tests serve it from a
 * loopback service: the key passphrase its password and salt give, its user key and first address key as the
 * service lists them.
 */
import {keyPassphrase} from '../../src/lib/crypto/passphrase.ts'
import {KEY_FIXTURE} from '../../src/sandbox/fixtures/key-fixture.ts'

/** No compile cache enabled in the test's own process (the functions under test enable it for a run). */
export const NO_COMPILE_CACHE = {NODE_DISABLE_COMPILE_CACHE: '1'}
export const FIXTURE_PASSPHRASE = keyPassphrase(KEY_FIXTURE.password, KEY_FIXTURE.keySalt)
export const FIXTURE_USER_KEY = {Active: 1, ID: 'uk', Primary: 1, PrivateKey: KEY_FIXTURE.userKey}
export const FIXTURE_ADDRESS_KEY = {Active: 1, ID: 'ak', ...KEY_FIXTURE.addressKeys[0]}

/**
 * An Argon2 (v6) key locked with `passphrase` within the bounds (2^16 KiB, 3 passes, as OpenPGP.js makes them), and
 * the same key saying it needs 2^20 KiB (1 GiB): what a hostile service could list as a user key.
 */
export async function argon2Keys(passphrase: string): Promise<{argon2Key: string; greedyKey: string}> {
  const openpgp = await import('openpgp')
  const config = {aeadProtect: true, s2kArgon2Params: {memoryExponent: 16, parallelism: 4, passes: 3}, s2kType: openpgp.enums.s2k.argon2 as typeof openpgp.enums.s2k.argon2, v6Keys: true}
  const {privateKey} = await openpgp.generateKey({config, format: 'armored', passphrase, type: 'curve25519', userIDs: [{email: 'demo@proton.test'}]})
  const greedy = await openpgp.readPrivateKey({armoredKey: privateKey})
  for (const {keyPacket} of greedy.getKeys()) (keyPacket as unknown as {s2k: {encodedM: number}}).s2k.encodedM = 20
  return {argon2Key: privateKey, greedyKey: greedy.armor()}
}
