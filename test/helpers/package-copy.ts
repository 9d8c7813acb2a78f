/**
 * A copy of the built package in a temporary directory (bin, dist,
 * package.json, the oclif manifest; node_modules linked), less some of its
 * files: how the tool behaves when a file the build makes is missing,
 * without touching this checkout's dist.
 */
import {cpSync, mkdtempSync, rmSync, symlinkSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

export interface PackageCopy {
  root: string
  /** The copy's bin/run.js, for runBinary's `bin`. */
  bin: string
  remove(): void
}

/** Copy the package without the files and directories `without` names (relative to the package). */
export function packageCopy(without: string[]): PackageCopy {
  const root = mkdtempSync(join(tmpdir(), 'proton-cli-package-'))
  const left = new Set(without.map((path) => join(ROOT, path)))
  for (const entry of ['bin', 'dist', 'package.json', 'oclif.manifest.json']) {
    cpSync(join(ROOT, entry), join(root, entry), {filter: (source) => !left.has(source), recursive: true})
  }

  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'))
  return {bin: join(root, 'bin', 'run.js'), root, remove: () => rmSync(root, {force: true, recursive: true})}
}
