/**
 * The "crypto proxy" @protontech/drive-sdk runs its OpenPGP work through
 * (its OpenPGPCryptoWithCryptoProxy, src/crypto/openPGPCrypto.ts, declares
 * the interface after WebClients packages/crypto/lib/proxy/proxy.ts), built
 * on the OpenPGP.js the project already uses. Keys and session keys are
 * OpenPGP.js objects; the SDK only passes them back. What pmcrypto adds over
 * OpenPGP.js and the SDK relies on: a verification status rather than a
 * promise per signature, and signature contexts (a critical notation
 * context@proton.ch, WebClients packages/crypto/lib/proxy/proxy.ts
 * signatureContext), checked on verification. As pmcrypto's verifyMessage
 * (lib/message/verify.ts, context.ts getConfigForContextVerification) the
 * notation is declared known to OpenPGP.js only when a context is expected:
 * elsewhere a signature carrying it as critical fails (a signature made for
 * one purpose is not taken for another).
 *
 * Keys the seal holds are DualKeys (direct-crypto.ts): the SDK's reads with them are done without OpenPGP.js when
 * crypto/direct settles them for certain, and every other method (or a read it does not settle) takes their
 * OpenPGP.js form, made then (issue 45: a listing of sealed nodes loads no OpenPGP.js).
 */
import type {OpenPGPCryptoProxy} from '@protontech/drive-sdk'
import type {Config, Key, Message, PrivateKey, Signature, SessionKey} from 'openpgp'

import {collectAfterBlock} from '../core/collect-garbage.ts'
import type {DirectKeySet} from '../crypto/direct/keys.ts'
import {directly} from '../crypto/direct/open.ts'
import {openpgp, type Openpgp, unlockOne, unlockRest} from '../crypto/keyring.ts'
import {decryptDirectly, DualKey, NOT_SIGNED, sessionKeyDirectly, SIGNED_AND_INVALID, SIGNED_AND_VALID, verifyDirectly} from './direct-crypto.ts'

export {NOT_SIGNED, SIGNED_AND_INVALID, SIGNED_AND_VALID} from './direct-crypto.ts'

/** The SDK's opaque key types (not exported by its index), as its proxy interface names them. */
export type SdkPrivateKey = Awaited<ReturnType<OpenPGPCryptoProxy['importPrivateKey']>>
export type SdkPublicKey = Parameters<OpenPGPCryptoProxy['generateSessionKey']>[0]['recipientKeys'][number]
type SdkSessionKey = Awaited<ReturnType<OpenPGPCryptoProxy['generateSessionKey']>>

const CONTEXT_NOTATION = 'context@proton.ch'

type Keys<T> = T | T[] | undefined

const asKeys = <T>(keys: Keys<unknown>): T[] => (keys === undefined ? [] : ((Array.isArray(keys) ? keys : [keys]) as T[]))
const own = <T>(value: unknown): T => value as T

/** The keys in their OpenPGP.js form (a DualKey's made now). */
const pgpKeys = <T>(keys: Keys<unknown>): Promise<T[]> => Promise.all(asKeys<unknown>(keys).map(async (key) => own<T>(key instanceof DualKey ? await key.pgp() : key)))
const pgpKey = async <T>(key: unknown): Promise<T> => (await pgpKeys<T>(key))[0]

async function readSignature(pgp: Openpgp, armored?: string, binary?: Uint8Array): Promise<Signature | undefined> {
  if (armored !== undefined) return pgp.readSignature({armoredSignature: armored})
  if (binary !== undefined) return pgp.readSignature({binarySignature: binary})
  return undefined
}

async function readMessage(pgp: Openpgp, armored?: string, binary?: Uint8Array) {
  if (armored !== undefined) return pgp.readMessage({armoredMessage: armored})
  if (binary !== undefined) return pgp.readMessage({binaryMessage: binary})
  throw new Error('no message to read')
}

/** pmcrypto's verification status: unsigned when nothing could be checked, valid when one signature is. */
async function statusOf(signatures: ReadonlyArray<{verified: Promise<true>; signature: Promise<Signature>}>, checkable: boolean, context?: string): Promise<{status: number; errors?: Error[]}> {
  if (!checkable || signatures.length === 0) return {status: NOT_SIGNED}
  const errors: Error[] = []
  for (const entry of signatures) {
    try {
      await entry.verified
      if (context !== undefined) await checkContext(await entry.signature, context)
      return {status: SIGNED_AND_VALID}
    } catch (error) {
      errors.push(error instanceof Error ? error : new Error(String(error)))
    }
  }

  return {errors, status: SIGNED_AND_INVALID}
}

async function checkContext(signature: Signature, context: string): Promise<void> {
  const notations = signature.packets.flatMap((packet) => packet.rawNotations)
  const found = notations.find(({name}) => name === CONTEXT_NOTATION)
  if (!found || new TextDecoder().decode(found.value) !== context) throw new Error(`the signature's context is not ${context}`)
}

/**
 * The context notation is critical: OpenPGP.js verifies such a signature only when told it knows the notation,
 * which it is told only when a context is expected (pmcrypto getConfigForContextVerification); else the defaults.
 */
function contextConfig(pgp: Openpgp, context: string | undefined): Partial<Config> {
  return context === undefined ? {} : {knownNotations: [...pgp.config.knownNotations, CONTEXT_NOTATION]}
}

type Notation = {critical: boolean; humanReadable: boolean; name: string; value: Uint8Array}

async function detachedSignature(
  pgp: Openpgp,
  message: Message<Uint8Array>,
  signingKeys: PrivateKey[],
  format: 'armored' | 'binary',
  signatureNotations: Notation[] = [],
): Promise<string | Uint8Array> {
  return format === 'binary' ? pgp.sign({detached: true, format, message, signatureNotations, signingKeys}) : pgp.sign({detached: true, message, signatureNotations, signingKeys})
}

/**
 * Keys imported with only their decrypting packets unlocked, and their passphrase: a node key is mostly used to
 * decrypt (a listing opens one per node), and each packet's S2K costs some 15-20 ms, so the signing packets are
 * unlocked only when the key first signs or is exported. In memory only, as the SDK keeps the passphrase itself
 * (src/interface/index.ts CachedCryptoMaterial).
 */
const halfOpen = new WeakMap<PrivateKey, string | (() => Promise<string>)>()

/** A key unlocked for decryption only (unlockOne), whose other packets `passphrase` unlocks when it first signs. */
export function unlockLater(key: PrivateKey, passphrase: string | (() => Promise<string>)): void {
  halfOpen.set(key, passphrase)
}

async function fullyUnlocked(pgp: Openpgp, keys: PrivateKey[]): Promise<PrivateKey[]> {
  for (const key of keys) {
    const secret = halfOpen.get(key)
    if (secret === undefined) continue
    await unlockRest(pgp, key, typeof secret === 'string' ? secret : await secret())
    halfOpen.delete(key)
  }

  return keys
}

/** A node key's record as the seal files it: under its armored key and the passphrase that opens it. */
export type NodeKeyRecord = {ID: string; PrivateKey: string; Token: string}

/** Where a key is taken from a seal of unlocked keys, or unlocked and sealed (account/keys.ts sealedKey). */
export type SealedKey = (record: NodeKeyRecord, unlock: () => Promise<PrivateKey>) => Promise<PrivateKey>

export interface DriveCryptoOptions {
  sealedKey?: SealedKey
  /** The key as the seal holds it, read directly (account/direct-keys.ts otherKey); undefined when it does not. */
  sealedDirectly?: (record: NodeKeyRecord) => DirectKeySet | undefined
  /** How many of the SDK's calls were done directly, and how many took OpenPGP.js (the DEBUG line of the run). */
  tally?: {direct: number; openpgp: number}
  /** Hears why a call goes to OpenPGP.js after all (DEBUG prints it). */
  fellBack?: (reason: string) => void
}

/** The proxy the SDK's OpenPGPCryptoWithCryptoProxy wraps. */
export function driveCryptoProxy({fellBack, sealedDirectly = () => undefined, sealedKey = (_, unlock) => unlock(), tally = {direct: 0, openpgp: 0}}: DriveCryptoOptions = {}): OpenPGPCryptoProxy {
  /** OpenPGP.js, counted. */
  const withOpenpgp = () => {
    tally.openpgp++
    return openpgp()
  }

  /** `attempt`'s result when crypto/direct settles it, counted; else undefined. */
  const direct = async <T>(attempt: () => T): Promise<T | undefined> => {
    const result = await directly(attempt, fellBack)
    if (result !== undefined) tally.direct++
    return result
  }

  return {
    async decryptMessage(options) {
      const done = await direct(() => decryptDirectly({...options, decryptionKeys: asKeys(options.decryptionKeys), verificationKeys: asKeys(options.verificationKeys)}))
      if (done) {
        collectAfterBlock(options.binaryMessage?.length ?? 0)
        return own({data: done.data, verificationErrors: undefined, verificationStatus: done.verificationStatus})
      }

      const pgp = await withOpenpgp()
      const verificationKeys = await pgpKeys<Key>(options.verificationKeys)
      const result = await pgp.decrypt({
        // No context is ever expected here (the SDK's decryptMessage passes none): a critical one fails.
        config: contextConfig(pgp, undefined),
        decryptionKeys: await pgpKeys<PrivateKey>(options.decryptionKeys),
        format: options.format === 'binary' ? 'binary' : 'utf8',
        message: await readMessage(pgp, options.armoredMessage, options.binaryMessage),
        passwords: options.passwords,
        sessionKeys: own<SessionKey | undefined>(options.sessionKeys),
        signature: await readSignature(pgp, options.armoredSignature, options.binarySignature),
        verificationKeys,
      })
      const {errors, status} = await statusOf(result.signatures, verificationKeys.length > 0)
      // A block's decryption leaves several 4 MiB copies behind (collect-garbage.ts).
      collectAfterBlock(options.binaryMessage?.length ?? 0)
      return own({data: result.data, verificationErrors: errors, verificationStatus: status})
    },

    async decryptSessionKey({armoredMessage, binaryMessage, decryptionKeys}) {
      const done = await direct(() => sessionKeyDirectly(armoredMessage, binaryMessage, asKeys(decryptionKeys)))
      if (done) return own<SdkSessionKey>(done)
      const pgp = await withOpenpgp()
      const message = await readMessage(pgp, armoredMessage, binaryMessage)
      const [sessionKey] = await pgp.decryptSessionKeys({decryptionKeys: await pgpKeys<PrivateKey>(decryptionKeys), message})
      return own<SdkSessionKey | undefined>(sessionKey)
    },

    async encryptMessage(options) {
      const pgp = await withOpenpgp()
      const format = options.format === 'binary' ? 'binary' : 'armored'
      const message = await pgp.createMessage({binary: options.binaryData})
      const signingKeys = await fullyUnlocked(pgp, await pgpKeys<PrivateKey>(options.signingKeys))
      const encryptionKeys = await pgpKeys<Key>(options.encryptionKeys)
      const sessionKey = own<SessionKey | undefined>(options.sessionKey)
      const config: Partial<Config> = options.compress ? {preferredCompressionAlgorithm: pgp.enums.compression.zlib} : {}
      const encrypt = (withSigning: PrivateKey[]) =>
        format === 'binary'
          ? pgp.encrypt({config, encryptionKeys, format, message, sessionKey, signingKeys: withSigning})
          : pgp.encrypt({config, encryptionKeys, message, sessionKey, signingKeys: withSigning})
      if (options.detached) {
        // pmcrypto's detached signature is over the plaintext and is not encrypted: the caller encrypts it if it must.
        const signature = await detachedSignature(pgp, message, signingKeys, format)
        const encrypted = await encrypt([])
        // A block's encryption leaves several 4 MiB copies behind (collect-garbage.ts).
        collectAfterBlock(options.binaryData.length)
        return own({message: encrypted, signature})
      }

      return own({message: await encrypt(signingKeys)})
    },

    async encryptSessionKey(options) {
      const pgp = await withOpenpgp()
      const {aeadAlgorithm, algorithm, data} = own<SessionKey>(options)
      return own<Uint8Array>(await pgp.encryptSessionKey({aeadAlgorithm, algorithm, data, encryptionKeys: await pgpKeys<Key>(options.encryptionKeys), format: 'binary', passwords: options.passwords}))
    },

    async exportPrivateKey({passphrase, privateKey}) {
      const pgp = await withOpenpgp()
      const [key] = await fullyUnlocked(pgp, [await pgpKey<PrivateKey>(privateKey)])
      return passphrase === null ? key.armor() : (await pgp.encryptKey({passphrase, privateKey: key})).armor()
    },

    async generateKey({curve, type, userIDs}) {
      const pgp = await withOpenpgp()
      const {privateKey} = await pgp.generateKey({curve, format: 'object', type, userIDs})
      return own<SdkPrivateKey>(privateKey)
    },

    async generateSessionKey({recipientKeys}) {
      const pgp = await withOpenpgp()
      return own<SdkSessionKey>(await pgp.generateSessionKey({encryptionKeys: await pgpKeys<Key>(recipientKeys)}))
    },

    async importPrivateKey({armoredKey, passphrase}) {
      if (passphrase === null) return own<SdkPrivateKey>(await (await withOpenpgp()).readPrivateKey({armoredKey}))
      // Sealed between runs under the armored key and the passphrase that opens it: a second listing derives none.
      const record = {ID: 'drive-key', PrivateKey: armoredKey, Token: passphrase}
      const unlock = async () => {
        const pgp = await withOpenpgp()
        // The decrypting packets now, their S2K bounded as the account's keys are (keyring.ts); the others on first use.
        const key = await sealedKey(record, () => unlockOne(pgp, armoredKey, passphrase))
        unlockLater(key, passphrase)
        return key
      }

      const sealed = await direct(() => sealedDirectly(record))
      return own<SdkPrivateKey>(sealed ? new DualKey(sealed, unlock) : await unlock())
    },

    async signMessage(options) {
      const pgp = await withOpenpgp()
      const message = await pgp.createMessage({binary: options.binaryData})
      const signatureNotations = options.signatureContext
        ? [{critical: options.signatureContext.critical, humanReadable: true, name: CONTEXT_NOTATION, value: new TextEncoder().encode(options.signatureContext.value)}]
        : []
      const signed = await detachedSignature(
        pgp,
        message,
        await fullyUnlocked(pgp, await pgpKeys<PrivateKey>(options.signingKeys)),
        options.format === 'binary' ? 'binary' : 'armored',
        signatureNotations,
      )
      return own(signed)
    },

    async verifyMessage(options) {
      if (options.armoredSignature === undefined && options.binarySignature === undefined) return {verificationStatus: own(NOT_SIGNED)}
      // A signature context is checked by OpenPGP.js only (checkContext).
      const done = options.signatureContext ? undefined : await direct(() => verifyDirectly(options.binaryData, options.armoredSignature, options.binarySignature, asKeys(options.verificationKeys)))
      if (done !== undefined) return {verificationStatus: own(done)}
      const pgp = await withOpenpgp()
      const signature = await readSignature(pgp, options.armoredSignature, options.binarySignature)
      if (!signature) return {verificationStatus: own(NOT_SIGNED)}
      const verificationKeys = await pgpKeys<Key>(options.verificationKeys)
      const result = await pgp.verify({config: contextConfig(pgp, options.signatureContext?.value), message: await pgp.createMessage({binary: options.binaryData}), signature, verificationKeys})
      const {errors, status} = await statusOf(result.signatures, verificationKeys.length > 0, options.signatureContext?.value)
      return {errors, verificationStatus: own(status)}
    },
  }
}

/** The SDK's opaque key types over OpenPGP.js's, or keys read directly (for the account). */
export const sdkPrivateKey = (key: PrivateKey | DualKey<PrivateKey>): SdkPrivateKey => own(key)
export const sdkPublicKey = (key: Key | DualKey<Key>): SdkPublicKey => own(key)
