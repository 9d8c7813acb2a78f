/**
 * proton drive upload FILE… [--to DEST]: each local file into the folder
 * DEST (default My Files) under its own name; every argument is a local
 * file (DEST is never guessed from the last one, as cp would). A name
 * taken in DEST refuses the lot before anything is sent, unless --replace:
 * then that file gets a new revision. The nodes' UIDs on stdout, one a line.
 */
import {basename} from 'node:path'

import {onDrive} from '../client.ts'
import {nameTaken} from '../failures.ts'
import {children, givenPath, type NodeView, pathShown, resolveFolder, shown} from '../nodes.ts'
import {showPlans} from '../plan.ts'
import {localFile, upload, type UploadTarget} from '../upload-file.ts'
import {byteSize} from '../../output/byte-size.ts'
import {printable} from '../../core/escape.ts'
import {shellQuote} from '../../output/shell-quote.ts'
import {CliFailure, usageError} from '../../core/errors.ts'
import {plainCommand} from '../../run/plain-command.ts'

export interface DriveUploadOptions {
  dryRun: boolean
  paths: readonly string[]
  replace: boolean
  to: string
}

export const driveUpload = plainCommand<DriveUploadOptions>({
  options: (line) => ({dryRun: line.boolean('dry-run'), paths: line.line.argv, replace: line.boolean('replace'), to: line.optionalString('to') ?? ''}),
  async run(invocation, {dryRun, paths, replace, to}) {
    if (paths.length === 0) throw usageError('give at least one FILE to upload')
    // Every local file is checked before anything is sent; a last one missing may be a folder meant as DEST.
    const sizes: number[] = []
    for (const [index, file] of paths.entries()) {
      const last = index === paths.length - 1 && index > 0 && to === ''
      const found = await localFile(file).catch((error: unknown) => {
        if (!last || !(error instanceof CliFailure)) throw error
        throw usageError(`${error.message} (a drive folder to upload into is given with --to, e.g. --to ${shellQuote(printable(file))})`)
      })
      sizes.push(found.size)
    }

    const where = pathShown(to)
    await onDrive(invocation, async ({client}) => {
      const folder = await resolveFolder(client, givenPath(invocation.context.cacheDir, to))
      const existing = new Map<string, NodeView>()
      for (const child of await children(client, folder.uid)) if (child.name !== undefined && !child.trashed) existing.set(child.name, child)
      const targets: UploadTarget[] = paths.map((file) => {
        const name = basename(file)
        const taken = existing.get(name)
        if (!taken) return {name, parentUid: folder.uid}
        if (!replace) throw nameTaken(`${printable(name)} in ${where}`, 'nothing uploaded (add --replace for a new revision of it, or rename or trash it first)')
        if (taken.kind !== 'file') throw nameTaken(`${printable(name)} in ${where}`, `it is a ${taken.kind}, not replaced; nothing uploaded`)
        return {name, replaces: taken.uid}
      })
      if (dryRun) {
        return showPlans(
          invocation,
          targets.map((target, index) => {
            const what = `${printable(paths[index])} (${byteSize(sizes[index])})`
            const data = {action: 'upload', file: paths[index], name: target.name, size: sizes[index], ...('replaces' in target ? {replaces: target.replaces} : {parentUid: target.parentUid})}
            return {data, line: 'replaces' in target ? `upload ${what} as a new revision of ${printable(target.name)} in ${where}` : `upload ${what} to ${where} as ${printable(target.name)}`}
          }),
        )
      }

      for (const [index, target] of targets.entries()) {
        const node = await upload(invocation, client, paths[index], target)
        invocation.io.stdout.write(`${node.uid}\n`)
        invocation.note(`Uploaded ${printable(paths[index])} to ${where} as ${shown(node)}${'replaces' in target ? ' (a new revision)' : ''}.`)
      }
    })
  },
})
