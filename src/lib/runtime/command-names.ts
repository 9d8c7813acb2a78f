/**
 * Our commands' names as the CLI that runs them spells them. Standalone,
 * `proton auth login`. Inside a host CLI every command of ours sits under
 * the `proton` topic, so that none can collide with one of the host's (sf
 * and heroku both have `auth …`), and is written with the host's bin and
 * topic separator: `sf proton auth login`, `heroku proton:auth:login`.
 * Kept free of imports: the fast path and the oclif path both use it.
 */

/** The topic that holds every command of ours inside a host CLI. */
export const HOST_TOPIC = 'proton'

export interface CommandNames {
  bin: string
  /** The CLI's topic separator: ' ' or ':'. */
  separator: string
  /** '' standalone, `proton:` inside a host. */
  prefix: string
}

/** Standalone `proton`: what the fast path runs as. */
export function standaloneNames(bin: string): CommandNames {
  return {bin, prefix: '', separator: ' '}
}

/** The command line that runs our command `id` (an id as standalone, `auth:login`). */
export function commandLine(names: CommandNames, id: string): string {
  return `${names.bin} ${`${names.prefix}${id}`.replaceAll(':', names.separator)}`
}

/**
 * The same inside a help text, where oclif renders `<%= … %>` with the
 * running CLI's config and the command shown: a command of ours inside a
 * host has an id under the topic, so the help's own id tells which view runs.
 */
export function commandLineInHelp(id: string): string {
  return `<%= config.bin %> <%= ((command.id.startsWith('${HOST_TOPIC}:') ? '${HOST_TOPIC}:' : '') + '${id}').replaceAll(':', config.topicSeparator) %>`
}
