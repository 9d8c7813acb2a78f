/**
 * The sandbox's key fixture (scripts/generate-sandbox-keys.js, made by OpenPGP.js) as the key tests serve it from a
 * loopback service: the key passphrase its password and salt give, its user key and first address key as the
 * service lists them.
 */
import {keyPassphrase} from '../../src/lib/keys/passphrase.ts'
import {KEY_FIXTURE} from '../../src/lib/sandbox/key-fixture.ts'

/** No compile cache enabled in the test's own process (the functions under test enable it for a run). */
export const NO_COMPILE_CACHE = {NODE_DISABLE_COMPILE_CACHE: '1'}
export const FIXTURE_PASSPHRASE = keyPassphrase(KEY_FIXTURE.password, KEY_FIXTURE.keySalt)
export const FIXTURE_USER_KEY = {Active: 1, ID: 'uk', Primary: 1, PrivateKey: KEY_FIXTURE.userKey}
export const FIXTURE_ADDRESS_KEY = {Active: 1, ID: 'ak', ...KEY_FIXTURE.addressKeys[0]}
