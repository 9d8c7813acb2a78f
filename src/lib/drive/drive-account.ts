/**
 * The account as @protontech/drive-sdk asks for it (ProtonDriveAccount,
 * src/interface/account.ts): the own addresses with their keys unlocked
 * from the session (account/keys.ts: the sealed passphrase, the user keys,
 * each address key through its Token), and the public keys of an address,
 * the account's own or published (GET /core/v4/keys/all, as mail does).
 * Addresses are unlocked when the SDK first asks for them (a listing
 * needs the primary one only), and their signing packets when it first
 * signs (drive/drive-crypto.ts unlockLater). When the seal holds an
 * address's keys they are read from it directly (DualKey), and unlocked
 * with OpenPGP.js only if a method needs them so (issue 45).
 */
import type {OpenPGPCryptoProxy, ProtonDriveAccount, ProtonDriveAccountAddress} from '@protontech/drive-sdk'

import {type DirectAccount, directAccount} from '../account/direct-keys.ts'
import {type AccountKeys, accountKeys, accountRecords, isActiveAddress, type OwnKey, primaryAddress} from '../account/keys.ts'
import {senderKeys} from '../account/published-keys.ts'
import type {JsonRecord} from '../core/records.ts'
import {directly} from '../crypto/direct/open.ts'
import type {Invocation} from '../run/invocation.ts'
import type {ActiveSession} from '../session/session.ts'

import {DualKey} from './direct-crypto.ts'
import {driveCryptoProxy, sdkPrivateKey, type SdkPublicKey, sdkPublicKey, unlockLater} from './drive-crypto.ts'
import {openpgp} from '../crypto/keyring.ts'

/** The account as the drive client is given it. */
export interface DriveKeys {
  addresses: readonly JsonRecord[]
  /** The keys unlocked with OpenPGP.js (account/keys.ts accountKeys): asked for only when the seal does not serve. */
  keys: () => Promise<AccountKeys>
  /** The keys as the seal holds them, read directly (account/direct-keys.ts), when it does. */
  direct?: DirectAccount
}

export function driveAccount(invocation: Invocation, session: ActiveSession, {addresses, direct, keys: account}: DriveKeys): ProtonDriveAccount {
  const unlocked = new Map<string, Promise<ProtonDriveAccountAddress>>()

  /** An address's keys unlocked (OpenPGP.js), their signing packets when the SDK first signs with a key. */
  const unlockedKeys = async (id: string): Promise<OwnKey[]> => {
    const keys = await (await account()).ownAddressKeys(id)
    for (const {id: keyId, key} of keys) unlockLater(key, async () => (await account()).addressKeySecret(id, keyId))
    return keys
  }

  /** The address's keys as the seal holds them, each unlocked (unlockedKeys) only if a method needs OpenPGP.js; else undefined. */
  const sealedKeys = async (id: string): Promise<ProtonDriveAccountAddress['keys'] | undefined> => {
    const sealed = direct && (await directly(() => direct.ownAddressKeys(id)))
    if (!sealed) return undefined
    let opened: Promise<OwnKey[]> | undefined
    return sealed.map(({id: keyId, key}) => ({
      id: keyId,
      key: sdkPrivateKey(
        new DualKey(key, async () => {
          opened ??= unlockedKeys(id)
          const found = (await opened).find((candidate) => candidate.id === keyId)
          if (!found) throw new Error(`address key ${keyId} could not be unlocked`)
          return found.key
        }),
      ),
    }))
  }

  const open = (address: JsonRecord): Promise<ProtonDriveAccountAddress> => {
    const id = String(address.ID)
    let opened = unlocked.get(id)
    if (!opened) {
      opened = (async () => {
        // The decrypting packets now (account/keys.ts, the primary key first), the signing ones when the SDK first
        // signs with a key (names, keys, blocks: drive-crypto.ts), as a listing never does; or, sealed, read directly.
        const keys = (await sealedKeys(id)) ?? (await unlockedKeys(id)).map(({id: keyId, key}) => ({id: keyId, key: sdkPrivateKey(key)}))
        return {addressId: id, email: String(address.Email), keys, primaryKeyIndex: 0}
      })()
      unlocked.set(id, opened)
    }

    return opened
  }

  const find = (emailOrId: string) => addresses.find((address) => address.ID === emailOrId || (typeof address.Email === 'string' && address.Email.toLowerCase() === emailOrId.toLowerCase()))

  /**
   * The public keys of one of the account's addresses: read directly when they all are, else with OpenPGP.js. Once
   * per address and run: the SDK asks again for every node its author signed, and a key read once has its
   * self-certifications checked once (crypto/direct signatures.ts).
   */
  const publicKeysRead = new Map<string, Promise<SdkPublicKey[]>>()
  const ownPublicKeys = (email: string): Promise<SdkPublicKey[]> => {
    const name = email.toLowerCase()
    let keys = publicKeysRead.get(name)
    if (!keys) {
      keys = readPublicKeys(email)
      publicKeysRead.set(name, keys)
    }

    return keys
  }

  const readPublicKeys = async (email: string): Promise<SdkPublicKey[]> => {
    const read = direct && (await directly(() => direct.ownPublicKeys(email)))
    if (!read) return (await (await account()).ownPublicKeys(email)).map((key) => sdkPublicKey(key))
    let all: ReturnType<AccountKeys['ownPublicKeys']> | undefined
    // Both list the address's keys in the service's order.
    return read.map((key, index) => sdkPublicKey(new DualKey(key, async () => (await (all ??= account().then((opened) => opened.ownPublicKeys(email))))[index])))
  }

  return {
    async getOwnAddress(emailOrAddressId) {
      const address = find(emailOrAddressId)
      if (!address) throw new Error(`${emailOrAddressId} is not one of this account's addresses`)
      return open(address)
    },

    async getOwnAddresses() {
      const enabled = addresses.filter((address) => isActiveAddress(address))
      if (enabled.length === 0) throw new Error('the account has no active address')
      return Promise.all(enabled.map((address) => open(address)))
    },

    async getOwnPrimaryAddress() {
      const primary = primaryAddress(addresses)
      if (!primary) throw new Error('the account has no active address')
      return open(primary)
    },

    async getPublicKeys(email) {
      const ownKeys = await ownPublicKeys(email)
      if (ownKeys.length > 0) return ownKeys
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

export interface DriveAccess {
  account: ProtonDriveAccount
  /** For the SDK's OpenPGPCryptoWithCryptoProxy (drive-crypto.ts), its node keys sealed with the account's. */
  proxy: OpenPGPCryptoProxy
  /** Seals the node keys unlocked in the run, if the account's keys were unlocked at all; says, with DEBUG, when all was read directly. */
  finish(): Promise<void>
}

/**
 * The account and crypto proxy of a drive run. The records are asked for now (beside My Files); `open()` then gives
 * them, read from the seal when it holds the keys (account/direct-keys.ts), else unlocked with OpenPGP.js at once, as
 * a failure to unlock them ends the command before the SDK is asked anything. With the seal, the keys are unlocked
 * only if something needs OpenPGP.js (a node key not sealed, a signature that does not hold, a write).
 */
export async function driveAccess(invocation: Invocation, session: ActiveSession): Promise<{open(): Promise<DriveAccess>}> {
  const [{addresses}, direct] = await Promise.all([accountRecords(invocation), directAccount(invocation)])
  return {
    async open() {
      let unlocked: Promise<AccountKeys> | undefined
      const keys = () => (unlocked ??= accountKeys(invocation))
      if (!direct) await keys()
      const tally = {direct: 0, openpgp: 0}
      const proxy = driveCryptoProxy({
        fellBack: direct?.fellBack('drive'),
        sealedDirectly: direct && ((record) => direct.otherKey(record)),
        sealedKey: async (record, unlock) => (await keys()).sealedKey(record, unlock),
        tally,
      })
      return {
        account: driveAccount(invocation, session, {addresses, direct, keys}),
        async finish() {
          // The node keys unlocked in the run, sealed once (account/keys.ts sealedKey): the next run derives none of them.
          if (unlocked) await (await unlocked).flushSeal()
          if (direct && tally.direct > 0 && tally.openpgp === 0) direct.done(`drive: ${tally.direct} keys, names and signatures read`)
        },
        proxy,
      }
    },
  }
}
