/**
 * proton drive download PATH… [--dir D | --output-file F]: each file,
 * decrypted and verified by the SDK into a temporary file, published only
 * when every check passed (downloadInto). Into --dir (default: the current
 * directory) under its name made safe (openTarget, as
 * mail download does: one name, never a path, never over an existing file),
 * the paths written on stdout; or, for one PATH, --output-file F, replaced
 * atomically, "-" for standard output (made and checked in a private
 * directory of the cache first, then copied out, and removed however the
 * run ends: a closed pipe, a signal).
 */
import {onDrive} from '../client.ts'
import {downloadInto} from '../download-file.ts'
import {openTarget} from '../download-target.ts'
import {givenPath, resolveNode} from '../nodes.ts'
import {usageError} from '../../core/errors.ts'
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
    const save = await openTarget(invocation, {dir, outputFile})
    await onDrive(invocation, async ({client, http}) => {
      const nodes = []
      for (const path of paths) nodes.push(await resolveNode(client, givenPath(invocation.context.cacheDir, path)))
      for (const node of nodes) await save(node, (file) => downloadInto(invocation, client, http, node, file))
    })
  },
})
