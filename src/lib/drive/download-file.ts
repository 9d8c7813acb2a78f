/**
 * A drive file's content downloaded through the SDK, streamed: the decrypted blocks written, as the SDK verifies them
 * (each block's SHA-256 against the revision's list, then the manifest signature over all of them,
 * src/internal/download/fileDownloader.ts), into a temporary file that is published only once every check passed.
 * Memory stays flat: the SDK holds at most MAX_DOWNLOAD_BLOCK_SIZE (10) blocks in flight, whatever the size.
 */
import type {ProtonDriveClient} from '@protontech/drive-sdk'

import type {AtomicFile} from '../files/atomic-file.ts'
import {printable} from '../core/escape.ts'
import {CliFailure, unavailableError, usageError} from '../core/errors.ts'
import {maxBytesOf, sizeText} from '../http/max-size.ts'
import {EXIT} from '../core/exit-status.ts'
import type {Invocation} from '../run/invocation.ts'
import {driveFailure} from './failures.ts'
import type {DriveHttp} from './http.ts'
import {type NodeView, shown} from './nodes.ts'
import {progressOf} from './transfer-progress.ts'

/** Which check a download failed, in words, from the SDK's error (src/internal/download/cryptoService.ts). */
function failedCheck(error: unknown, signatureIssues: boolean): string | undefined {
  const name = error instanceof Error ? error.name : ''
  const message = error instanceof Error ? error.message : String(error)
  if (signatureIssues) return `the manifest signature (over every block's hash) did not verify: ${message}`
  if (/integrity check of one part/i.test(message)) return "a block's SHA-256 hash is not the one the revision lists (the block was changed)"
  if (name === 'DecryptionError') return `a block did not decrypt: ${message}`
  if (name === 'IntegrityError' || name === 'SignatureVerificationError') return `integrity check failed: ${message}`
  return undefined
}

/**
 * Download the file node into `file` (a temporary file): returns once all of it is written and verified; otherwise
 * abandons the file and throws one line naming the check that failed.
 */
export async function downloadInto(invocation: Invocation, client: ProtonDriveClient, http: DriveHttp, node: NodeView, file: AtomicFile): Promise<void> {
  const what = shown(node)
  if (node.kind !== 'file') {
    await file.abandon()
    throw usageError(`${what} is a ${node.kind}, not a file: give its files`)
  }

  // A node some part of which did not decrypt (its key, its content key: a key the server swapped) is refused, as a
  // tampered block is, naming what failed; the SDK would refuse it anyway, in words that do not say why.
  if (node.problems.length > 0) {
    await file.abandon()
    // The SDK names the key that failed in the key's verdict ("Failed to decrypt content key: …").
    const which = /content key/i.test(node.signatures.key) ? 'its content key' : /node key/i.test(node.signatures.key) ? 'its node key' : 'part of it'
    throw new CliFailure(`${what}: not downloaded: ${which} did not decrypt (${node.problems.map((problem) => problem.replaceAll(/\s+/g, ' ')).join('; ')}); nothing written`, EXIT.UNAVAILABLE)
  }

  // --max-size bounds a file's plaintext as it bounds an attachment's: the claimed size first, then what arrives.
  const maxBytes = maxBytesOf(invocation.flags['max-size'])
  const tooLarge = () => unavailableError(`${what}: not downloaded: it is over --max-size (${sizeText(maxBytes)}); nothing written`)
  if ((node.size ?? 0) > maxBytes) {
    await file.abandon()
    throw tooLarge()
  }

  let signatureIssues = false
  // The SDK counts the encrypted bytes as its requests report them, which add up to neither size the node gives
  // (claimed or stored): the count and rate alone, never "83 B of 67 B".
  const progress = progressOf(invocation, what, undefined)
  try {
    const downloader = await client.getFileDownloader(node.uid)
    const sink = new WritableStream<Uint8Array>({
      async write(chunk) {
        if (file.length + chunk.length > maxBytes) throw tooLarge()
        await file.write(chunk)
      },
    })
    const controller = downloader.downloadToStream(sink, progress.report)
    try {
      await controller.completion()
    } finally {
      signatureIssues = controller.isDownloadCompleteWithSignatureIssues()
    }

    // The SDK may finish with the manifest unverified (its completion() then throws, but be explicit).
    if (signatureIssues) throw new Error('signature issues')
    // The content verified; a node key or name whose signature did not is said, as mail, contacts and calendar say a
    // failed signature (the server may have replaced the node's key or name).
    for (const [label, verdict] of [
      ['key', node.signatures.key],
      ['name', node.signatures.name],
    ] as const) {
      if (!verdict.startsWith('verified')) invocation.note(`WARNING: ${what}: its ${label} signature is ${printable(verdict)}: the service may have changed it; the content's signature verified`)
    }
  } catch (error) {
    await file.abandon()
    if (error instanceof CliFailure) throw error
    const check = failedCheck(error, signatureIssues)
    if (check !== undefined && !http.failure) throw new CliFailure(`${what}: not downloaded: ${check}; nothing written`, EXIT.UNAVAILABLE)
    throw driveFailure(error, http, `${what}: not downloaded`)
  } finally {
    progress.done()
  }
}
