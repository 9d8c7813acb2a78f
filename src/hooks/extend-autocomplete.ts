/**
 * postrun hook: after @oclif/plugin-autocomplete (re)creates its completion
 * scripts, add `api` METHOD and ENDPOINT completion to them. Every other
 * command returns at once, so the hook costs nothing elsewhere.
 */
import type {Hook} from '@oclif/core'

const AUTOCOMPLETE_COMMANDS = new Set(['autocomplete', 'autocomplete:create'])

const hook: Hook<'postrun'> = async function (options) {
  if (!AUTOCOMPLETE_COMMANDS.has(options.Command?.id ?? '')) return
  const {extendAutocompleteScripts} = await import('../lib/completion/install.ts')
  try {
    extendAutocompleteScripts(options.config)
  } catch (error) {
    this.warn(`could not add "api" argument completion: ${(error as Error).message}`)
  }
}

export default hook
