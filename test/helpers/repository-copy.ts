/**
 * A copy of the repository as a fresh clone has it (what git tracks, and new files it does not ignore) in a new
 * private directory of the OS's: for the tests that build or install, so that this checkout's dist/, which the
 * other test files run at the same time, is never rebuilt under them.
 */
import {spawnSync} from 'node:child_process'
import {cpSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join, resolve} from 'node:path'

export const REPO = resolve(import.meta.dirname, '..', '..')

/** The files git would give a fresh clone: tracked ones and new ones not ignored. */
export function repositoryFiles(): string[] {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {cwd: REPO, encoding: 'utf8'})
  if (listed.status !== 0) throw new Error(`git ls-files: ${listed.stderr}`)
  return listed.stdout.split('\0').filter((file) => file !== '' && statSync(join(REPO, file), {throwIfNoEntry: false})?.isFile())
}

export interface RepositoryCopy {
  /** The directory holding the copy (nothing else is in it unless the test puts it there). */
  parent: string
  /** The copy: <parent>/repo. */
  root: string
  remove(): void
}

/** Copy the repository's files; `linkModules`: this checkout's node_modules linked into the copy (no install). */
export function repositoryCopy(options: {linkModules?: boolean} = {}): RepositoryCopy {
  const parent = mkdtempSync(join(tmpdir(), 'proton-cli-fresh-'))
  const root = join(parent, 'repo')
  const remove = () => rmSync(parent, {force: true, recursive: true})
  try {
    for (const file of repositoryFiles()) {
      mkdirSync(dirname(join(root, file)), {recursive: true})
      cpSync(join(REPO, file), join(root, file))
    }

    if (options.linkModules) symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'))
  } catch (error) {
    remove()
    throw error
  }

  return {parent, remove, root}
}
