/**
 * A @protontech/drive-sdk client on the sandbox, with minimal adapters of the test's own (the tool's real ones are
 * src/lib/drive's): an OpenPGPCryptoProxy over OpenPGP.js (the interface of WebClients packages/crypto/lib/proxy,
 * as the SDK's src/crypto/openPGPCrypto.ts declares it), the account's primary address key unlocked from the key
 * fixture, an HTTP client that sends the session's headers, caches in memory, logging off.
 */
import {MemoryCache, type OpenPGPCryptoProxy, OpenPGPCryptoWithCryptoProxy, type ProtonDriveAccountAddress, ProtonDriveClient} from '@protontech/drive-sdk'
import * as openpgp from 'openpgp'

import {keyPassphrase} from '../../../../src/lib/crypto/passphrase.ts'
import {KEY_FIXTURE} from '../../../../src/sandbox/fixtures/key-fixture.ts'
import type {StoredSession} from '../../../../src/lib/session/store.ts'
import type {Harness} from '../../harness.ts'

/** The SDK prefixes its base URL with https://; the adapter sends what it addresses there to the sandbox. */
const BASE_HOST = 'drive-api.sandbox.invalid'

/** The SDK's opaque key and session key types (src/crypto/interface.ts), which its index does not export. */
type PrivateKey = Awaited<ReturnType<OpenPGPCryptoProxy['importPrivateKey']>>
type PublicKey = Parameters<OpenPGPCryptoProxy['generateSessionKey']>[0]['recipientKeys'][number]
type SessionKey = Awaited<ReturnType<OpenPGPCryptoProxy['generateSessionKey']>>
/** The SDK's VERIFICATION_STATUS (src/crypto/interface.ts), which its index exports as a type only. */
const VERIFICATION_STATUS = {NOT_SIGNED: 0, SIGNED_AND_INVALID: 2, SIGNED_AND_VALID: 1} as const
type Key = openpgp.PrivateKey | openpgp.PublicKey
const keys = (given: unknown) => given as Key[]
const asSdk = <T>(value: unknown) => value as T

async function readMessage(armoredMessage?: string, binaryMessage?: Uint8Array) {
  return armoredMessage ? openpgp.readMessage({armoredMessage}) : openpgp.readMessage({binaryMessage: binaryMessage ?? new Uint8Array()})
}

async function status(signatures: Array<{verified: Promise<unknown>}>): Promise<{status: number; errors?: Error[]}> {
  if (signatures.length === 0) return {status: VERIFICATION_STATUS.NOT_SIGNED}
  try {
    await Promise.all(signatures.map((signature) => signature.verified))
    return {status: VERIFICATION_STATUS.SIGNED_AND_VALID}
  } catch (error) {
    return {errors: [error as Error], status: VERIFICATION_STATUS.SIGNED_AND_INVALID}
  }
}

const proxy: OpenPGPCryptoProxy = {
  async decryptMessage({armoredMessage, armoredSignature, binaryMessage, binarySignature, decryptionKeys, format, passwords, sessionKeys, verificationKeys}) {
    const signature = armoredSignature ? await openpgp.readSignature({armoredSignature}) : binarySignature ? await openpgp.readSignature({binarySignature}) : undefined
    const result = await openpgp.decrypt({
      decryptionKeys: decryptionKeys === undefined ? undefined : (keys([decryptionKeys].flat()) as openpgp.PrivateKey[]),
      format: 'binary',
      message: await readMessage(armoredMessage, binaryMessage),
      passwords,
      sessionKeys: sessionKeys as openpgp.SessionKey | undefined,
      signature,
      verificationKeys: verificationKeys === undefined ? [] : keys([verificationKeys].flat()),
    })
    const verified = await status(result.signatures)
    const data = result.data as Uint8Array
    return asSdk({data: format === 'utf8' ? new TextDecoder().decode(data) : data, verificationErrors: verified.errors, verificationStatus: verified.status})
  },
  async decryptSessionKey({armoredMessage, binaryMessage, decryptionKeys}) {
    const [sessionKey] = await openpgp.decryptSessionKeys({decryptionKeys: keys([decryptionKeys].flat()) as openpgp.PrivateKey[], message: await readMessage(armoredMessage, binaryMessage)})
    return sessionKey as SessionKey
  },
  async encryptMessage({binaryData, compress, detached, encryptionKeys, format = 'armored', sessionKey, signingKeys}) {
    const message = await openpgp.createMessage({binary: binaryData})
    const config = compress ? {preferredCompressionAlgorithm: openpgp.enums.compression.zlib} : undefined
    const recipients = encryptionKeys.length > 0 ? keys(encryptionKeys) : undefined
    const session = sessionKey as openpgp.SessionKey | undefined
    if (detached) {
      const signature = await openpgp.sign({detached: true, format: format as 'binary', message, signingKeys: signingKeys as unknown as openpgp.PrivateKey})
      return asSdk({message: await openpgp.encrypt({config, encryptionKeys: recipients, format: format as 'binary', message, sessionKey: session}), signature})
    }

    return asSdk({
      message: await openpgp.encrypt({
        config,
        encryptionKeys: recipients,
        format: format as 'binary',
        message,
        sessionKey: session,
        signingKeys: signingKeys as unknown as openpgp.PrivateKey | undefined,
      }),
    })
  },
  async encryptSessionKey({encryptionKeys, passwords, ...sessionKey}) {
    // The SDK's session keys are OpenPGP.js's, which this proxy made: {data, algorithm, aeadAlgorithm?}.
    const {aeadAlgorithm, algorithm, data} = sessionKey as unknown as openpgp.SessionKey
    return openpgp.encryptSessionKey({aeadAlgorithm, algorithm, data, encryptionKeys: encryptionKeys === undefined ? undefined : keys([encryptionKeys].flat()), format: 'binary', passwords})
  },
  async exportPrivateKey({passphrase, privateKey}) {
    const key = privateKey as unknown as openpgp.PrivateKey
    return passphrase === null ? key.armor() : (await openpgp.encryptKey({passphrase, privateKey: key})).armor()
  },
  generateKey: async ({curve, userIDs}) => asSdk<PrivateKey>((await openpgp.generateKey({curve, format: 'object', type: 'ecc', userIDs})).privateKey),
  generateSessionKey: async ({recipientKeys}) => (await openpgp.generateSessionKey({encryptionKeys: keys(recipientKeys)})) as SessionKey,
  async importPrivateKey({armoredKey, passphrase}) {
    const key = await openpgp.readPrivateKey({armoredKey})
    return asSdk<PrivateKey>(passphrase === null ? key : await openpgp.decryptKey({passphrase, privateKey: key}))
  },
  signMessage: async ({binaryData, detached, format, signingKeys}) =>
    asSdk(await openpgp.sign({detached, format: format as 'binary', message: await openpgp.createMessage({binary: binaryData}), signingKeys: keys([signingKeys].flat()) as openpgp.PrivateKey[]})),
  async verifyMessage({armoredSignature, binaryData, binarySignature, verificationKeys}) {
    const signature = armoredSignature ? await openpgp.readSignature({armoredSignature}) : await openpgp.readSignature({binarySignature: binarySignature ?? new Uint8Array()})
    const result = await openpgp.verify({message: await openpgp.createMessage({binary: binaryData}), signature, verificationKeys: keys([verificationKeys].flat())})
    const verified = await status(result.signatures)
    return asSdk({errors: verified.errors, verificationStatus: verified.status})
  },
}

/** The primary address key, unlocked as the web client unlocks it: user key from the password, then the token. */
export async function primaryAddressKey(): Promise<openpgp.PrivateKey> {
  const userKey = await openpgp.decryptKey({passphrase: keyPassphrase(KEY_FIXTURE.password, KEY_FIXTURE.keySalt), privateKey: await openpgp.readPrivateKey({armoredKey: KEY_FIXTURE.userKey})})
  const [primary] = KEY_FIXTURE.addressKeys
  const token = await openpgp.decrypt({decryptionKeys: userKey, message: await openpgp.readMessage({armoredMessage: primary.Token})})
  return openpgp.decryptKey({passphrase: String(token.data), privateKey: await openpgp.readPrivateKey({armoredKey: primary.PrivateKey})})
}

/** A client on `session` (a login costs seconds of SRP: tests log in once and make as many clients as they need). */
export function sdkClient(harness: Harness, session: Pick<StoredSession, 'AccessToken' | 'UID'>, addressKey: openpgp.PrivateKey): ProtonDriveClient {
  const {state} = harness.sandbox
  const [primary] = state.addresses
  const address: ProtonDriveAccountAddress = {addressId: String(primary.ID), email: String(primary.Email), keys: [{id: 'address-key', key: asSdk<PrivateKey>(addressKey)}], primaryKeyIndex: 0}
  const publicKey = asSdk<PublicKey>(addressKey.toPublic())
  const silent = {debug() {}, error() {}, info() {}, warn() {}}
  const send = (request: {headers: Headers; method: string; signal?: AbortSignal; url: string}, body?: RequestInit['body']) => {
    const headers = new Headers(request.headers)
    headers.set('authorization', `Bearer ${session.AccessToken}`)
    headers.set('x-pm-uid', session.UID)
    headers.set('x-pm-appversion', 'Other')
    return fetch(request.url.replace(`https://${BASE_HOST}`, harness.sandbox.url), {body, headers, method: request.method, signal: request.signal})
  }

  return new ProtonDriveClient({
    account: {
      getOwnAddress: async () => address,
      getOwnAddresses: async () => [address],
      getOwnPrimaryAddress: async () => address,
      getPublicKeys: async (email) => (email.toLowerCase() === address.email ? [publicKey] : []),
      hasProtonAccount: async (email) => email.toLowerCase() === address.email,
    },
    config: {baseUrl: BASE_HOST, clientUid: 'sandbox-test'},
    cryptoCache: new MemoryCache(),
    entitiesCache: new MemoryCache(),
    httpClient: {
      fetchBlob: (request) => send(request, request.body as RequestInit['body']),
      fetchJson: (request) => send(request, request.json === undefined ? undefined : JSON.stringify(request.json)),
    },
    openPGPCryptoModule: new OpenPGPCryptoWithCryptoProxy(proxy),
    srpModule: asSdk({}),
    telemetry: {getLogger: () => silent, recordMetric() {}},
  })
}
