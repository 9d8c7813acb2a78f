/**
 * The standalone `proton` (bin/run.js, once Node is known to be recent
 * enough). A command of ours run on its own takes the fast path, which
 * never loads oclif (src/launch/dispatch.ts, bundled into dist/fast/ at build time;
 * bin/run.js requires it directly where Node has process.getBuiltinModule,
 * and main() here otherwise); every other line goes to oclif, run from the
 * standalone view of the plugin (dist/standalone/, written by
 * scripts/build-manifest.js): our commands without the `proton` topic they
 * have inside a host, plus oclif's help and autocomplete plugins and a
 * not-found hook, which a host brings itself.
 */
import {createRequire} from 'node:module'

const require = createRequire(import.meta.url)

/** The whole start: the fast path, else oclif. */
export async function main(argv: readonly string[]): Promise<void> {
  const args = await require('../fast/load.cjs').start(argv)
  if (args) await runOclif(args)
}

/** oclif on the standalone view, for a line the fast path left to it (global flags already moved behind the command). */
export async function runOclif(args: string[]): Promise<void> {
  const {execute} = await import('@oclif/core')
  await execute({args, dir: new URL('../standalone/package.json', import.meta.url).href})
}
