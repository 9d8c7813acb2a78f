/**
 * The sandbox account's keys and encrypted message bodies: the committed
 * fixture (scripts/generate-sandbox-keys.js), whose user key is locked for
 * the password "demo". A sandbox started with another password re-locks the
 * user key for it once at start (openpgp and bcrypt loaded only then), so
 * that the key passphrase always follows from the account's password as on
 * the service; in two-password mode (`--mailbox-password`), from the mailbox
 * password instead.
 */
import {keyPassphrase} from '../../lib/crypto/passphrase.ts'
import {KEY_FIXTURE} from '../fixtures/key-fixture.ts'
import {MIME_FIXTURE} from '../fixtures/mime-fixture.ts'

export interface SandboxKeys {
  keySalt: string
  userKey: string
  addressKeys: ReadonlyArray<{PrivateKey: string; Token: string; Signature: string}>
  senderPublicKey: string
  bodies: ReadonlyArray<{Body: string; MIMEType: string}>
  attachment: {Data: string; KeyPackets: string; MIMEType: string; Name: string; Signature: string; Size: number}
  /** The sender of the message with the attachment, who signed it: the sandbox serves this public key for Email. */
  attachmentSigner: {Email: string; PublicKey: string}
  /** The PGP/MIME message (mime-fixture.ts): its Body, MIMEType (multipart/mixed) and its signer's public key. */
  pgpMime: {Body: string; MIMEType: string; senderAddress: string; senderPublicKey: string}
}

/** The sender whose public key the sandbox serves (it signed the first message). */
export const SIGNING_SENDER = 'sandbox@proton.test'

/** The keys, the user key locked for `keyPassword` (the password, or the mailbox password in two-password mode). */
export async function sandboxKeys(keyPassword: string): Promise<SandboxKeys> {
  if (keyPassword === KEY_FIXTURE.password) return {...KEY_FIXTURE, pgpMime: MIME_FIXTURE}
  const openpgp = await import('openpgp')
  const locked = await openpgp.readPrivateKey({armoredKey: KEY_FIXTURE.userKey})
  const unlocked = await openpgp.decryptKey({passphrase: keyPassphrase(KEY_FIXTURE.password, KEY_FIXTURE.keySalt), privateKey: locked})
  const relocked = await openpgp.encryptKey({passphrase: keyPassphrase(keyPassword, KEY_FIXTURE.keySalt), privateKey: unlocked})
  return {...KEY_FIXTURE, pgpMime: MIME_FIXTURE, userKey: relocked.armor()}
}
