/**
 * postrun hook: after @oclif/plugin-autocomplete (re)creates its completion
 * scripts (`autocomplete`, or `autocomplete:create` when a host installs or
 * removes a plugin), add our completion to them (src/lib/completion). Every
 * other command returns at once, so the hook costs nothing elsewhere.
 */
import type {Hook} from '@oclif/core'

const AUTOCOMPLETE_COMMANDS = new Set(['autocomplete', 'autocomplete:create'])

const hook: Hook<'postrun'> = async function (options) {
  if (!AUTOCOMPLETE_COMMANDS.has(options.Command?.id ?? '')) return
  const {extendAutocompleteScripts} = await import('../lib/cli/oclif/completion-install.ts')
  try {
    extendAutocompleteScripts(options.config)
  } catch (error) {
    this.warn(`could not extend the shell completion scripts: ${(error as Error).message}`)
  }
}

export default hook
