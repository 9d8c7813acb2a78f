/**
 * The sandbox account's primary address key, unlocked as a client unlocks it
 * (the key passphrase from bcrypt of the password and key salt opens the user
 * key, which opens the address key's token), with OpenPGP.js alone: for the
 * generators of the sandbox's seeds (calendar, drive), whose fixtures must
 * not be made by the code under test.
 */
import bcrypt from 'bcryptjs'
import * as openpgp from 'openpgp'

const {KEY_FIXTURE} = await import(new URL('../src/sandbox/fixtures/key-fixture.ts', import.meta.url).href)

export async function sandboxAddressKey() {
  const hash = bcrypt.hashSync(KEY_FIXTURE.password, `$2y$10$${bcrypt.encodeBase64(Buffer.from(KEY_FIXTURE.keySalt, 'base64'), 16)}`)
  const userKey = await openpgp.decryptKey({passphrase: hash.slice(-31), privateKey: await openpgp.readPrivateKey({armoredKey: KEY_FIXTURE.userKey})})
  const [primary] = KEY_FIXTURE.addressKeys
  const token = await openpgp.decrypt({decryptionKeys: userKey, message: await openpgp.readMessage({armoredMessage: primary.Token})})
  return openpgp.decryptKey({passphrase: token.data, privateKey: await openpgp.readPrivateKey({armoredKey: primary.PrivateKey})})
}
