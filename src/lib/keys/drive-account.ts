/**
 * The account as @protontech/drive-sdk asks for it (ProtonDriveAccount,
 * src/interface/account.ts): the own addresses with their keys unlocked
 * from the session (account-keys.ts: the sealed passphrase, the user keys,
 * each address key through its Token), and the public keys of an address,
 * the account's own or published (GET /core/v4/keys/all, as mail does).
 * Addresses are unlocked when the SDK first asks for them (a listing
 * needs the primary one only), and their signing packets when it first
 * signs (keys/drive-crypto.ts unlockLater).
 */
import type {ProtonDriveAccount, ProtonDriveAccountAddress} from '@protontech/drive-sdk'

import type {JsonRecord} from '../output/records.ts'
import type {Invocation} from '../runtime/invocation.ts'
import type {ActiveSession} from '../session/session.ts'

import {type AccountKeys, senderKeys} from './account-keys.ts'
import {sdkPrivateKey, type SdkPublicKey, sdkPublicKey, unlockLater} from './drive-crypto.ts'
import {addressKeySecret, type ApiKey, keyEntries, openpgp, unlockOne} from './keyring.ts'

const isActive = (key: ApiKey) => key.Active === undefined || key.Active === 1 || key.Active === true
const isPrimary = (key: ApiKey) => key.Primary === 1 || key.Primary === true
const isEnabled = (address: JsonRecord) => address.Status === undefined || address.Status === 1

/** The address the service orders first among the enabled ones (Order 1 is the primary address). */
function primaryOf(addresses: readonly JsonRecord[]): JsonRecord | undefined {
  const order = (address: JsonRecord) => (typeof address.Order === 'number' ? address.Order : Number.MAX_SAFE_INTEGER)
  return addresses.filter((address) => isEnabled(address)).sort((a, b) => order(a) - order(b))[0]
}

export function driveAccount(invocation: Invocation, session: ActiveSession, account: AccountKeys): ProtonDriveAccount {
  const unlocked = new Map<string, Promise<ProtonDriveAccountAddress>>()

  const open = (address: JsonRecord): Promise<ProtonDriveAccountAddress> => {
    const id = String(address.ID)
    let opened = unlocked.get(id)
    if (!opened) {
      opened = (async () => {
        const active = keyEntries(address.Keys).keys.filter((key) => isActive(key))
        const keys: ProtonDriveAccountAddress['keys'] = []
        let primaryKeyIndex = 0
        // One key at a time, to keep each one's ID; its decrypting packets now, the signing ones when the SDK first
        // signs with it (names, keys, blocks: drive-crypto.ts), as a listing never does.
        const pgp = await openpgp()
        const failures: string[] = []
        for (const key of active) {
          try {
            const secret = await addressKeySecret(pgp, key, account.userKeys, account.passphrase)
            const one = await unlockOne(pgp, String(key.PrivateKey), secret)
            unlockLater(one, secret)
            if (isPrimary(key)) primaryKeyIndex = keys.length
            keys.push({id: String(key.ID), key: sdkPrivateKey(one)})
          } catch (error) {
            failures.push(`${String(key.ID)}: ${error instanceof Error ? error.message : String(error)}`)
          }
        }

        if (keys.length === 0) throw new Error(`no key of address ${String(address.Email)} could be unlocked (${failures.join('; ')})`)
        return {addressId: id, email: String(address.Email), keys, primaryKeyIndex}
      })()
      unlocked.set(id, opened)
    }

    return opened
  }

  const find = (emailOrId: string) =>
    account.addresses.find((address) => address.ID === emailOrId || (typeof address.Email === 'string' && address.Email.toLowerCase() === emailOrId.toLowerCase()))

  return {
    async getOwnAddress(emailOrAddressId) {
      const address = find(emailOrAddressId)
      if (!address) throw new Error(`${emailOrAddressId} is not one of this account's addresses`)
      return open(address)
    },

    async getOwnAddresses() {
      const enabled = account.addresses.filter((address) => isEnabled(address))
      if (enabled.length === 0) throw new Error('the account has no enabled address')
      return Promise.all(enabled.map((address) => open(address)))
    },

    async getOwnPrimaryAddress() {
      const primary = primaryOf(account.addresses)
      if (!primary) throw new Error('the account has no enabled address')
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

