/**
 * Where oclif puts a standalone CLI's config, cache and data directories
 * (Config#configDir, #cacheDir, #dataDir), computed without loading oclif,
 * for the fast path. Not for Windows, where the fast path steps aside.
 * test/launch/standalone-dirs.test.ts compares it with oclif's Config.
 */
import {homedir, tmpdir} from 'node:os'
import {join} from 'node:path'

export interface CliNames {
  bin: string
  dirname: string
}

export interface Directories {
  cacheDir: string
  configDir: string
  /** Where oclif looks for plugins a user installed or linked (<dataDir>/package.json). */
  dataDir: string
}

export function standaloneDirectories({bin, dirname}: CliNames, env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): Directories {
  const home = env.HOME || homedir() || tmpdir()
  // <BIN>_CONFIG_DIR, <BIN>_CACHE_DIR: oclif's per-CLI overrides.
  const scoped = (key: string) => env[`${bin.replaceAll('@', '').replaceAll(/[/-]/g, '_')}_${key}`.toUpperCase()]
  const xdg = (category: 'cache' | 'config' | 'data') => join(env[`XDG_${category.toUpperCase()}_HOME`] || join(home, category === 'data' ? '.local/share' : `.${category}`), dirname)
  return {
    cacheDir: scoped('CACHE_DIR') || (platform === 'darwin' ? join(home, 'Library', 'Caches', dirname) : xdg('cache')),
    configDir: scoped('CONFIG_DIR') || xdg('config'),
    dataDir: scoped('DATA_DIR') || xdg('data'),
  }
}
