/**
 * The account as @protontech/drive-sdk asks for it (ProtonDriveAccount,
 * src/interface/account.ts): the own addresses with their keys unlocked
 * from the session (account/keys.ts: the sealed passphrase, the user keys,
 * each address key through its Token), and the public keys of an address,
 * the account's own or published (GET /core/v4/keys/all, as mail does).
 * Addresses are unlocked when the SDK first asks for them (a listing
 * needs the primary one only), and their signing packets when it first
 * signs (drive/drive-crypto.ts unlockLater).
 */
import type {ProtonDriveAccount, ProtonDriveAccountAddress} from '@protontech/drive-sdk'

import {type AccountKeys, isActiveAddress, primaryAddress} from '../account/keys.ts'
import {senderKeys} from '../account/published-keys.ts'
import type {JsonRecord} from '../core/records.ts'
import type {Invocation} from '../run/invocation.ts'
import type {ActiveSession} from '../session/session.ts'

import {sdkPrivateKey, type SdkPublicKey, sdkPublicKey, unlockLater} from './drive-crypto.ts'
import {openpgp} from '../crypto/keyring.ts'

export function driveAccount(invocation: Invocation, session: ActiveSession, account: AccountKeys): ProtonDriveAccount {
  const unlocked = new Map<string, Promise<ProtonDriveAccountAddress>>()

  const open = (address: JsonRecord): Promise<ProtonDriveAccountAddress> => {
    const id = String(address.ID)
    let opened = unlocked.get(id)
    if (!opened) {
      opened = (async () => {
        // The decrypting packets now (account/keys.ts, the primary key first), the signing ones when the SDK first
        // signs with a key (names, keys, blocks: drive-crypto.ts), as a listing never does.
        const own = await account.ownAddressKeys(id)
        const keys: ProtonDriveAccountAddress['keys'] = own.map(({id: keyId, key}) => {
          unlockLater(key, () => account.addressKeySecret(id, keyId))
          return {id: keyId, key: sdkPrivateKey(key)}
        })
        return {addressId: id, email: String(address.Email), keys, primaryKeyIndex: 0}
      })()
      unlocked.set(id, opened)
    }

    return opened
  }

  const find = (emailOrId: string) => account.addresses.find((address) => address.ID === emailOrId || (typeof address.Email === 'string' && address.Email.toLowerCase() === emailOrId.toLowerCase()))

  return {
    async getOwnAddress(emailOrAddressId) {
      const address = find(emailOrAddressId)
      if (!address) throw new Error(`${emailOrAddressId} is not one of this account's addresses`)
      return open(address)
    },

    async getOwnAddresses() {
      const enabled = account.addresses.filter((address) => isActiveAddress(address))
      if (enabled.length === 0) throw new Error('the account has no active address')
      return Promise.all(enabled.map((address) => open(address)))
    },

    async getOwnPrimaryAddress() {
      const primary = primaryAddress(account.addresses)
      if (!primary) throw new Error('the account has no active address')
      return open(primary)
    },

    async getPublicKeys(email) {
      const ownKeys = await account.ownPublicKeys(email)
      if (ownKeys.length > 0) return ownKeys.map((key) => sdkPublicKey(key))
      const pgp = await openpgp()
      const published = await senderKeys(invocation, session, email)
      const keys = await Promise.all(published.map((armoredKey) => pgp.readKey({armoredKey}).catch(() => undefined)))
      return keys.filter((key) => key !== undefined).map((key) => sdkPublicKey(key)) as SdkPublicKey[]
    },

    async hasProtonAccount(email) {
      return find(email) !== undefined || (await senderKeys(invocation, session, email)).length > 0
    },
  }
}
