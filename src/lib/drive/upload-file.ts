/**
 * A local file uploaded through the SDK, streamed: read as a stream (the SDK cuts it into 4 MiB blocks, encrypts and
 * signs each, src/internal/upload/streamUploader.ts), read ahead of what was sent by at most READ_AHEAD, so that memory
 * stays flat whatever the size.
 */
import {createReadStream} from 'node:fs'
import {stat} from 'node:fs/promises'

import type {ProtonDriveClient} from '@protontech/drive-sdk'

import {mediaTypeOf} from '../files/media-type.ts'
import {printable} from '../core/escape.ts'
import {usageError} from '../core/errors.ts'
import type {Invocation} from '../run/invocation.ts'
import {isNameTaken, nameTaken} from './failures.ts'
import {type NodeView, nodeView} from './nodes.ts'
import {progressOf} from './transfer-progress.ts'

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
  return new ReadableStream<Uint8Array>(
    {
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
    },
    {highWaterMark: 0},
  )
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
