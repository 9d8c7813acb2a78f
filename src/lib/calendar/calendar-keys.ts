/**
 * A calendar's keys, made and opened as the web client does.
 *
 * Setup (WebClients packages/shared/lib/calendar/crypto/keys/calendarKeys.ts
 * generateCalendarKeyPayload, generatePassphrase, generateCalendarKey,
 * encryptPassphrase; setupCalendarKeys.ts): a passphrase of 32 random bytes
 * in base64; a key named "Calendar key" of the kind KEYGEN_TYPES.CURVE25519
 * makes (v4, EdDSA over Ed25519 and ECDH over Curve25519, the "legacy"
 * algorithm IDs 22 and 18, which GnuPG 2.2 reads) locked with it; the
 * passphrase encrypted to the address key, the key packet (PKESK) and the
 * data packet (SEIPD) apart, and signed by the address key, detached, as text.
 *
 * Reading (go-proton-api calendar_types.go MemberPassphrase.decrypt,
 * CalendarKeys.Unlock; calendarKeys.ts decryptPassphrase,
 * getDecryptedCalendarKeys): the member's passphrase decrypted with the
 * address keys, its signature verified by them (a failure is an error, as
 * the web client's SignatureError), then each calendar key unlocked with it.
 */
import {randomBytes} from 'node:crypto'

import type {PrivateKey} from 'openpgp'

import {openpgp, unlockOne} from '../crypto/keyring.ts'

export interface CalendarKeySetup {
  AddressID: string
  Signature: string
  PrivateKey: string
  Passphrase: {DataPacket: string; KeyPacket: string}
}

/** The body of POST /calendar/v1/{ID}/keys for a new calendar of `addressId`, whose unlocked (signing) key is `addressKey`. */
export async function makeCalendarKeySetup(addressId: string, addressKey: PrivateKey): Promise<CalendarKeySetup> {
  const pgp = await openpgp()
  const passphrase = randomBytes(32).toString('base64')
  const addressPublic = addressKey.toPublic()
  const [{privateKey}, sessionKey] = await Promise.all([
    pgp.generateKey({curve: 'curve25519Legacy', format: 'armored', passphrase, type: 'ecc', userIDs: [{name: 'Calendar key'}]}),
    pgp.generateSessionKey({encryptionKeys: addressPublic}),
  ])
  const message = await pgp.createMessage({text: passphrase})
  // The session key alone encrypts: the data packet carries no key packet, which goes apart (encryptPassphrase).
  const [dataPacket, keyPacket, Signature] = await Promise.all([
    pgp.encrypt({format: 'binary', message, sessionKey}),
    pgp.encryptSessionKey({...sessionKey, encryptionKeys: addressPublic, format: 'binary'}),
    pgp.sign({detached: true, format: 'armored', message: await pgp.createMessage({text: passphrase}), signingKeys: addressKey}),
  ])
  return {
    AddressID: addressId,
    Passphrase: {DataPacket: Buffer.from(dataPacket).toString('base64'), KeyPacket: Buffer.from(keyPacket).toString('base64')},
    PrivateKey: privateKey,
    Signature,
  }
}

/** A member's passphrase as the service keeps it (CalendarPassphrase.MemberPassphrases[]). */
export interface MemberPassphrase {
  Passphrase: string
  Signature: string
}

/** The calendar's passphrase: decrypted with the member's address keys and its signature checked against them. */
export async function openMemberPassphrase({Passphrase, Signature}: MemberPassphrase, addressKeys: PrivateKey[]): Promise<string> {
  const pgp = await openpgp()
  const [message, signature] = await Promise.all([pgp.readMessage({armoredMessage: Passphrase}), pgp.readSignature({armoredSignature: Signature})])
  const result = await pgp.decrypt({decryptionKeys: addressKeys, expectSigned: true, message, signature, verificationKeys: addressKeys.map((key) => key.toPublic())})
  // expectSigned: decrypt rejects unless a signature by one of the keys holds.
  return String(result.data)
}

/**
 * The calendar keys the passphrase unlocks (only their decrypting packets matter: session keys come to them).
 * `passphrase` may be a function: called only when `through` asks for a key to be unlocked (not when the seal has it).
 */
export async function unlockCalendarKeys(
  armoredKeys: readonly string[],
  passphrase: (() => Promise<string>) | string,
  through: (armoredKey: string, unlock: () => Promise<PrivateKey>) => Promise<PrivateKey> = (_, unlock) => unlock(),
): Promise<PrivateKey[]> {
  const pgp = await openpgp()
  const unlocked = await Promise.all(
    armoredKeys.map(async (armoredKey) => {
      try {
        return await through(armoredKey, async () => unlockOne(pgp, armoredKey, typeof passphrase === 'string' ? passphrase : await passphrase()))
      } catch {
        return undefined
      }
    }),
  )
  return unlocked.filter((key): key is PrivateKey => key !== undefined)
}
