/**
 * Our commands' names as the CLI that runs them spells them. Standalone,
 * `proton auth login`. Inside a host CLI every command of ours has two ids:
 * its own under the `proton` topic (`proton:auth:login`), which always
 * reaches it, and its top-level id as an alias (`auth:login`), which reaches
 * it unless the host or another plugin has a command of that id (oclif runs
 * the host's then: heroku's own `auth:login`). A name we print is the
 * top-level one where that reaches ours, else the one under `proton`,
 * written with the host's bin and topic separator: `tool auth login`,
 * `heroku proton:auth:login`. Kept free of imports: the fast path and the
 * oclif path both use it.
 */

/** The topic that holds every command of ours inside a host CLI. */
export const HOST_TOPIC = 'proton'

export interface CommandNames {
  bin: string
  /** The CLI's topic separator: ' ' or ':'. */
  separator: string
  /** Whether our command `id` (`auth:login`) must be written under the `proton` topic: never standalone. */
  underTopic(id: string): boolean
}

/** Standalone `proton`: what the fast path runs as. */
export function standaloneNames(bin: string): CommandNames {
  return {bin, separator: ' ', underTopic: () => false}
}

/** What a loaded oclif configuration says about command ids (Config#findCommand). */
export interface CommandLookup {
  findCommand(id: string): {pluginName?: string} | undefined
}

/**
 * The names in a running CLI, decided from its loaded configuration: inside
 * a host (where `proton:api` is a command), an id is written under the
 * topic unless its top-level id resolves to a command of our plugin.
 */
export function namesInConfig(config: CommandLookup & {bin: string; topicSeparator: string}): CommandNames {
  const ours = config.findCommand(`${HOST_TOPIC}:api`)?.pluginName
  const underTopic = ours === undefined ? () => false : (id: string) => config.findCommand(id)?.pluginName !== ours
  return {bin: config.bin, separator: config.topicSeparator, underTopic}
}

/** The command line that runs our command `id` (an id as standalone, `auth:login`). */
export function commandLine(names: CommandNames, id: string): string {
  const full = names.underTopic(id) ? `${HOST_TOPIC}:${id}` : id
  return `${names.bin} ${full.replaceAll(':', names.separator)}`
}

/**
 * The same inside a help text, where oclif renders `<%= … %>` with the
 * running CLI's config and the command shown (ours): the top-level id when
 * it resolves to a command of the same plugin (always, standalone), else
 * the id under the topic.
 */
export function commandLineInHelp(id: string): string {
  const topLevel = `(config.findCommand('${id}') || {}).pluginName === command.pluginName`
  return `<%= config.bin %> <%= ((${topLevel} ? '' : '${HOST_TOPIC}:') + '${id}').replaceAll(':', config.topicSeparator) %>`
}
