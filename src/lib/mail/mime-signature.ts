/**
 * The signature inside a PGP/MIME body (RFC 3156 multipart/signed: the
 * signed entity and a detached application/pgp-signature part), checked
 * with the sender's published keys as the web client does (pmcrypto
 * processMIME verifySignature): verified when a key of the sender's made
 * it, unverified when the service knows no key of the sender's, failed
 * otherwise, an unreadable signature included.
 */
import {openpgp, type Verification} from '../crypto/keyring.ts'
import {holdsDetached} from '../crypto/direct/open.ts'

export async function verifyDetached(data: Uint8Array, armoredSignature: string, senderKeys: readonly string[]): Promise<Verification> {
  if (senderKeys.length === 0) return 'unverified'
  // Without OpenPGP.js when the keys and signature are of the kinds crypto/direct reads and it holds; else OpenPGP.js says.
  if (holdsDetached(Buffer.from(data), armoredSignature, senderKeys)) return 'verified'
  const pgp = await openpgp()
  try {
    const signature = await pgp.readSignature({armoredSignature})
    const verificationKeys = await Promise.all(senderKeys.map(async (armoredKey) => pgp.readKey({armoredKey})))
    const {signatures} = await pgp.verify({message: await pgp.createMessage({binary: data}), signature, verificationKeys})
    const outcomes = await Promise.all(
      signatures.map(async ({verified}) =>
        verified.then(
          () => true,
          () => false,
        ),
      ),
    )
    return outcomes.some(Boolean) ? 'verified' : 'failed'
  } catch {
    return 'failed'
  }
}
