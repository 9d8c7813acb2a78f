/**
 * Where drive download writes each file it downloads: into a directory under its name made safe (DownloadDirectory,
 * as mail download does: one name, never a path, never over an existing file), its path on stdout; to --output-file,
 * replaced atomically; or, for "-", to standard output, made and checked in a private directory of the cache first,
 * then copied out and removed however the run ends (a closed pipe, a signal).
 */
import {createReadStream} from 'node:fs'
import {join} from 'node:path'

import {AtomicFile} from '../files/atomic-file.ts'
import {DownloadDirectory} from '../files/download-directory.ts'
import {ensurePrivateDirectory} from '../files/private-directory.ts'
import {shownName} from '../files/safe-name.ts'
import {sweepSpool} from '../files/stale-temporary.ts'
import {printable} from '../core/escape.ts'
import {createOutputFile, PRIVATE_FILE_MODE} from '../output/output-file.ts'
import {writeSource} from '../output/output.ts'
import {usageError} from '../core/errors.ts'
import {interruptSignal} from '../core/interrupt.ts'
import type {Invocation} from '../run/invocation.ts'
import type {NodeView} from './nodes.ts'

/** Save one node: `fill` writes its content into the temporary file given, which is then published where it goes. */
export type SaveNode = (node: NodeView, fill: (file: AtomicFile) => Promise<void>) => Promise<void>

/**
 * The target opened before anything is downloaded: --output-file F ("-": standard output), else the directory
 * --dir (default: the current one), created 0700 if need be; what earlier runs left there is swept first.
 */
export async function openTarget(invocation: Invocation, {dir, outputFile}: {dir?: string; outputFile?: string}): Promise<SaveNode> {
  // "-": staged in a private spool, never published there, removed however the run ends; what earlier runs left
  // there (SIGKILL, or a version that published it) is swept first.
  if (outputFile === '-') {
    const staging = join(invocation.context.cacheDir, 'spool', 'download')
    ensurePrivateDirectory(staging)
    await sweepSpool(staging)
    return async (_node, fill) => {
      const file = await AtomicFile.create(join(staging, 'download'), {
        failure: (error) => usageError(`cannot write into ${printable(staging)}: ${String((error as NodeJS.ErrnoException).code ?? error)}`),
        mode: PRIVATE_FILE_MODE,
      })
      await fill(file)
      await file.readThenRemove(async (path) => {
        await writeSource({chunks: () => createReadStream(path) as AsyncIterable<Buffer>, length: 0}, invocation.io.stdout, interruptSignal())
      })
    }
  }

  if (outputFile !== undefined) {
    return async (_node, fill) => {
      const file = await createOutputFile(outputFile, PRIVATE_FILE_MODE)
      await fill(file)
      await file.commit()
      invocation.io.stdout.write(`${printable(outputFile)}\n`)
    }
  }

  const target = await DownloadDirectory.open(dir, (path) => invocation.note(`Created directory ${printable(path)} (readable by you only).`))
  if (target.swept.length > 0) invocation.note(`Note: removed ${target.swept.length} temporary file(s) that an earlier run left in ${printable(target.path)}`)
  return async (node, fill) => {
    const file = await target.create(node.name, (error) => usageError(`cannot write into ${printable(target.path)}: ${String((error as NodeJS.ErrnoException).code ?? error)}`))
    await fill(file)
    const published = await target.publish(file, node.name)
    if (published.renamedTo !== undefined) invocation.note(`Note: the name ${shownName(node.name ?? '')} is not a safe file name; written as ${printable(published.renamedTo)}`)
    if (published.taken !== undefined) invocation.note(`Note: ${printable(published.taken)} exists and was left as it is; written as ${printable(published.path)}`)
    invocation.io.stdout.write(`${printable(published.path)}\n`)
  }
}
