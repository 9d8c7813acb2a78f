/**
 * Node's compile cache in the user's own cache directory,
 * <cacheDir>/compile-cache (0700), for the big modules a line loads after
 * its start: oclif's when the line goes to oclif, OpenPGP.js's (some 15 ms
 * to compile) for the commands that decrypt. Not Node's default, a
 * directory under the OS temporary directory that every local user can
 * write to: another user's files there would be run. A fast-path line that
 * loads neither does not pay for it. NODE_DISABLE_COMPILE_CACHE=1 turns it
 * off, as it does Node's own.
 */
import {enableCompileCache} from 'node:module'
import {join} from 'node:path'

import {ensurePrivateDirectory} from './private-directory.ts'

export function enableOwnCompileCache(cacheDir: string, env: NodeJS.ProcessEnv): void {
  if (env.NODE_DISABLE_COMPILE_CACHE) return
  try {
    const directory = join(cacheDir, 'compile-cache')
    ensurePrivateDirectory(directory)
    enableCompileCache?.(directory)
  } catch {
    // Without it, modules are compiled as usual.
  }
}
