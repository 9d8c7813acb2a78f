/**
 * proton drive download PATH… [--dir D | --output-file F]: each file,
 * decrypted and verified by the SDK into a temporary file, published only
 * when every check passed (transfer.ts). Into --dir (default: the current
 * directory) under its name made safe (files/download-directory.ts, as
 * mail download does: one name, never a path, never over an existing file),
 * the paths written on stdout; or, for one PATH, --output-file F, replaced
 * atomically, "-" for standard output (made and checked in a private
 * directory of the cache first, then copied out, and removed however the
 * run ends: a closed pipe, a signal).
 */
import {createReadStream} from 'node:fs'
import {join} from 'node:path'

import {onDrive} from '../client.ts'
import {givenPath, resolveNode} from '../nodes.ts'
import {downloadInto} from '../transfer.ts'
import {AtomicFile} from '../../files/atomic-file.ts'
import {DownloadDirectory} from '../../files/download-directory.ts'
import {ensurePrivateDirectory} from '../../files/private-directory.ts'
import {shownName} from '../../files/safe-name.ts'
import {sweepSpool} from '../../files/stale-temporary.ts'
import {printable} from '../../core/escape.ts'
import {createOutputFile, PRIVATE_FILE_MODE} from '../../output/output-file.ts'
import {writeSource} from '../../output/output.ts'
import {usageError} from '../../core/errors.ts'
import {interruptSignal} from '../../core/interrupt.ts'
import {plainCommand} from '../../run/plain-command.ts'
import {DRIVE_PATHS, readIds} from '../../run/given-ids.ts'

export interface DriveDownloadOptions {
  paths: readonly string[]
  dir?: string
  outputFile?: string
}

export const driveDownload = plainCommand<DriveDownloadOptions>({
  options: (line) => ({dir: line.optionalString('dir'), outputFile: line.optionalString('output-file'), paths: line.line.argv}),
  async run(invocation, {dir, outputFile, paths: given}) {
    if (given.length === 0) throw usageError('give at least one PATH to download')
    // "-" reads paths from standard input, one a line.
    const paths = await readIds(invocation, given, DRIVE_PATHS)
    if (dir !== undefined && outputFile !== undefined) throw usageError('give --dir or --output-file, not both')
    if (outputFile !== undefined && paths.length > 1) throw usageError(`--output-file takes one file; ${paths.length} PATHs given (use --dir)`)
    const toStdout = outputFile === '-'
    // "-": staged in a private spool, never published there, removed however the run ends; what earlier runs left
    // there (SIGKILL, or a version that published it) is swept first.
    const staging = toStdout ? join(invocation.context.cacheDir, 'spool', 'download') : undefined
    if (staging) {
      ensurePrivateDirectory(staging)
      await sweepSpool(staging)
    }

    const target = outputFile === undefined ? await DownloadDirectory.open(dir, (path) => invocation.note(`Created directory ${printable(path)} (readable by you only).`)) : undefined
    if (target && target.swept.length > 0) invocation.note(`Note: removed ${target.swept.length} temporary file(s) that an earlier run left in ${printable(target.path)}`)

    await onDrive(invocation, async ({client, http}) => {
      const nodes = []
      for (const path of paths) nodes.push(await resolveNode(client, givenPath(invocation.context.cacheDir, path)))
      for (const node of nodes) {
        if (staging !== undefined) {
          const file = await AtomicFile.create(join(staging, 'download'), {failure: (error) => usageError(`cannot write into ${printable(staging)}: ${String((error as NodeJS.ErrnoException).code ?? error)}`), mode: PRIVATE_FILE_MODE})
          await downloadInto(invocation, client, http, node, file)
          await file.readThenRemove(async (path) => {
            await writeSource({chunks: () => createReadStream(path) as AsyncIterable<Buffer>, length: 0}, invocation.io.stdout, interruptSignal())
          })
          continue
        }

        if (target === undefined) {
          const file = await createOutputFile(outputFile as string, PRIVATE_FILE_MODE)
          await downloadInto(invocation, client, http, node, file)
          await file.commit()
          invocation.io.stdout.write(`${printable(outputFile as string)}\n`)
          continue
        }

        const file = await target.create(node.name, (error) => usageError(`cannot write into ${printable(target.path)}: ${String((error as NodeJS.ErrnoException).code ?? error)}`))
        await downloadInto(invocation, client, http, node, file)
        const published = await target.publish(file, node.name)
        if (published.renamedTo !== undefined) invocation.note(`Note: the name ${shownName(node.name ?? '')} is not a safe file name; written as ${printable(published.renamedTo)}`)
        if (published.taken !== undefined) invocation.note(`Note: ${printable(published.taken)} exists and was left as it is; written as ${printable(published.path)}`)
        invocation.io.stdout.write(`${printable(published.path)}\n`)
      }
    })
  },
})
