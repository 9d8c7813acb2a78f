/**
 * A file's content through the SDK, streamed: an upload reads the local
 * file as a stream (the SDK cuts it into 4 MiB blocks, encrypts and signs
 * each, src/internal/upload/streamUploader.ts); a download writes the
 * decrypted blocks, as the SDK verifies them (each block's SHA-256 against
 * the revision's list, then the manifest signature over all of them,
 * src/internal/download/fileDownloader.ts), into a temporary file that is
 * published only once every check passed. Memory stays flat: the SDK holds
 * at most MAX_DOWNLOAD_BLOCK_SIZE (10) blocks in flight, whatever the size.
 */
import {mediaTypeOf} from '../files/media-type.ts'
import type {ProtonDriveClient} from '@protontech/drive-sdk'
import {createReadStream} from 'node:fs'
import {stat} from 'node:fs/promises'

import type {AtomicFile} from '../files/atomic-file.ts'
import {printable} from '../core/escape.ts'
import {transferText} from '../output/progress.ts'
import {CliFailure, unavailableError, usageError} from '../core/errors.ts'
import {maxBytesOf, sizeText} from '../http/max-size.ts'
import {EXIT} from '../core/exit-status.ts'
import {garbagePacer} from '../core/collect-garbage.ts'
import type {Invocation} from '../run/invocation.ts'
import {driveFailure, isNameTaken, nameTaken} from './failures.ts'
import type {DriveHttp} from './http.ts'
import {type NodeView, nodeView, shown} from './nodes.ts'

/** Progress on a terminal only (Invocation.progress), by the bytes the SDK reports; the garbage collected as they pass. */
function progressOf(invocation: Invocation, what: string, total: number | undefined): {report: (bytes: number) => void; done: () => void} {
  const progress = invocation.progress()
  const started = Date.now()
  // Memory flat whatever the file's size (collect-garbage.ts): a collection per block (4 MiB). Measured on a 256 MiB
  // download: 169 MB peak RSS (158 MB for 8 MiB), against 215 MB collecting per 16 MiB and 244 MB not at all.
  const pace = garbagePacer(4 * 1024 * 1024)
  return {
    done: () => progress.clear(),
    report(bytes) {
      pace(bytes)
      // An upload's count is of encrypted bytes, a little over the file's size by the end: never shown past the total.
      progress.update(`${what}: ${transferText(total === undefined ? bytes : Math.min(bytes, total), total, Date.now() - started)}`)
    },
  }
}

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
    for (const [label, verdict] of [['key', node.signatures.key], ['name', node.signatures.name]] as const) {
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

/** A local file to upload: a regular file, its size. */
export async function localFile(path: string): Promise<{size: number; modified: Date}> {
  const found = await stat(path).catch((error: NodeJS.ErrnoException) => {
    throw usageError(`${printable(path)}: ${error.code === 'ENOENT' ? 'no such file' : (error.code ?? String(error))}`)
  })
  if (!found.isFile()) throw usageError(`${printable(path)} is not a regular file`)
  return {modified: found.mtime, size: found.size}
}

/**
 * Bytes the upload's source may be read ahead of what was sent: the SDK would read and encrypt up to fifteen 4 MiB
 * blocks ahead (src/internal/upload/streamUploader.ts MAX_BUFFERED_BLOCKS); two keep a block encrypting while one
 * is sent. Measured (peak RSS, sandbox on loopback, with a collection after each block's encryption, verification
 * and before its send: drive-crypto.ts, http.ts): 256 MiB 156 MiB, 512 MiB 162 MiB, 1 GiB 167 MiB.
 */
export const READ_AHEAD = 2 * 4 * 1024 ** 2

/** The file as a web stream that waits, before each read, until less than READ_AHEAD of it is unsent. */
function gatedSource(path: string, sent: () => number, changed: {wake?: () => void}): ReadableStream<Uint8Array> {
  const reader = createReadStream(path, {highWaterMark: 1024 ** 2})[Symbol.asyncIterator]()
  let read = 0
  return new ReadableStream<Uint8Array>({
    async cancel() {
      await reader.return?.()
    },
    async pull(controller) {
      while (read - sent() >= READ_AHEAD) await new Promise<void>((resolve) => (changed.wake = resolve))
      const next = await reader.next()
      if (next.done) return controller.close()
      const chunk = next.value as Buffer
      read += chunk.length
      controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length))
    },
  }, {highWaterMark: 0})
}

/**
 * When one block fails, the SDK ends the upload and leaves the promises of the blocks it had started unawaited
 * (src/internal/upload/streamUploader.ts: each block's upload promise, behind finally(), is awaited only on the way
 * to success): unhandled, their rejections would end the process with a stack trace before the upload's own error is
 * reported. They are held while an upload runs: dropped once it failed (its error is the one reported, and its other
 * blocks may still reject as the command ends), thrown once it succeeded (then they were no block's).
 */
function holdAbandonedBlocks(): (failed: boolean) => void {
  const held: unknown[] = []
  const hold = (reason: unknown) => held.push(reason)
  process.on('unhandledRejection', hold)
  return (failed) => {
    if (failed) return
    process.off('unhandledRejection', hold)
    if (held.length > 0) throw held[0]
  }
}

/** Where an upload goes: a new file `name` in the folder, or a new revision of the file `replaces` (its UID). */
export type UploadTarget = {parentUid: string; name: string} | {replaces: string; name: string}

/** Upload the local file to `target`; the node (new, or the same with its new revision active). */
export async function upload(invocation: Invocation, client: ProtonDriveClient, path: string, target: UploadTarget): Promise<NodeView> {
  const {modified, size} = await localFile(path)
  const {name} = target
  const progress = progressOf(invocation, printable(name), size)
  const settle = holdAbandonedBlocks()
  let failed = true
  try {
    const metadata = {expectedSize: size, mediaType: mediaTypeOf(name), modificationTime: modified}
    // A new revision (the SDK's getFileRevisionUploader), as the official clients replace a file: the node, its name
    // and its earlier revisions stay.
    const uploader = 'replaces' in target ? await client.getFileRevisionUploader(target.replaces, metadata) : await client.getFileUploader(target.parentUid, name, metadata)
    let sent = 0
    const changed: {wake?: () => void} = {}
    const stream = gatedSource(path, () => sent, changed)
    const controller = await uploader.uploadFromStream(stream, [], (bytes) => {
      sent = bytes
      progress.report(bytes)
      changed.wake?.()
    })
    const {nodeUid} = await controller.completion()
    failed = false
    return nodeView(await client.getNode(nodeUid))
  } catch (error) {
    if (isNameTaken(error)) throw nameTaken(printable(name), 'nothing uploaded (add --replace for a new revision of it, or rename or trash it first)', 'in that folder')
    throw error
  } finally {
    progress.done()
    settle(failed)
  }
}

