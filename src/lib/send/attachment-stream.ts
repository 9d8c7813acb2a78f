/**
 * An attachment read from its file as it is sent, never whole in memory: a
 * first pass signs it (detached signature of the plaintext, OpenPGP.js
 * streaming), the upload's pass encrypts it as the request takes it. Both
 * passes hash what they read: a file changed in between would not match its
 * signature, and fails the upload before the form is complete.
 */
import {createHash, type Hash} from 'node:crypto'
import {open} from 'node:fs/promises'

import type {PrivateKey} from 'openpgp'

import {encryptAttachmentStream, type SessionKey, signDetachedStream} from './send-crypto.ts'
import {escapeLine} from '../core/escape.ts'
import {CliFailure} from '../core/errors.ts'

/** Read this much at a time: the memory an attachment costs, whatever its size. */
const CHUNK_BYTES = 64 * 1024

/** A file as a web stream, read a chunk at a time when the consumer asks (pull), each chunk also hashed. */
export function fileStream(path: string, hash: Hash): ReadableStream<Uint8Array> {
  let handle: Awaited<ReturnType<typeof open>> | undefined
  return new ReadableStream<Uint8Array>(
    {
      async cancel() {
        await handle?.close()
      },
      async pull(controller) {
        handle ??= await open(path)
        const buffer = new Uint8Array(CHUNK_BYTES)
        const {bytesRead} = await handle.read(buffer, 0, CHUNK_BYTES, null)
        if (bytesRead === 0) {
          await handle.close()
          controller.close()
          return
        }

        const chunk = buffer.subarray(0, bytesRead)
        hash.update(chunk)
        controller.enqueue(chunk)
      },
    },
    {highWaterMark: 0},
  )
}

export interface SignedFile {
  path: string
  name: string
  signature: Uint8Array
  /** SHA-256 of the bytes that were signed. */
  digest: string
}

/** The first pass: the file's detached signature (binary), and the digest of what it covers. */
export async function signFile(path: string, name: string, key: PrivateKey): Promise<SignedFile> {
  const hash = createHash('sha256')
  const signature = await signDetachedStream(fileStream(path, hash), key)
  return {digest: hash.digest('hex'), name, path, signature}
}

/**
 * The upload's pass, opened anew for each attempt (a stream cannot be sent twice): the data packet, encrypted as the
 * file is read; it fails at its end, before the form is complete, when the file is not what was signed.
 */
export async function* encryptedFile(file: SignedFile, key: PrivateKey, sessionKey: SessionKey): AsyncGenerator<Uint8Array> {
  const hash = createHash('sha256')
  for await (const chunk of await encryptAttachmentStream(fileStream(file.path, hash), file.name, key, sessionKey)) yield chunk
  if (hash.digest('hex') !== file.digest) throw new CliFailure(`--attach ${escapeLine(file.path)}: the file changed while it was being sent; nothing was sent`)
}
