/**
 * Our commands' top-level forms inside a host CLI (see command-names.ts):
 * every command `proton:X` is also declared under its alias `X`, and our
 * top-level topics (`mail`, `calendar` …) are declared in package.json with
 * an empty description. oclif lets a topic loaded later replace an earlier
 * one's description, and gives a host's (core) command priority over an
 * installed plugin's alias; so, once the configuration is loaded (the init
 * hook), settleInHost:
 * - keeps on each of our commands only the aliases that reach it, so that
 *   help's ALIASES and the host's completion never name a host's command
 *   as ours (heroku's `auth:login`);
 * - describes a top-level topic of ours with the text of `proton:<topic>`
 *   only when it is still undescribed and every command under it is ours:
 *   a topic of the host's or another plugin's keeps its own words. The text
 *   goes into the loaded topic and into our plugin's package.json as loaded,
 *   since a command that oclif runs (help, autocomplete) reloads the
 *   configuration from the plugins' topics.
 */
import {HOST_TOPIC} from './command-names.ts'

/** Topics that stay under `proton` only: both sf and heroku own `auth`, sf owns `api` (`sf api request rest`). */
export const TOPICS_UNDER_PROTON_ONLY: readonly string[] = ['api', 'auth']

/** The top-level topics package.json must declare (undescribed): one per `proton:X` topic, those above excepted. */
export function topLevelTopics(declared: readonly string[]): string[] {
  const start = `${HOST_TOPIC}:`
  return declared
    .filter((name) => name.startsWith(start) && !TOPICS_UNDER_PROTON_ONLY.includes(name.slice(start.length).split(':')[0]))
    .map((name) => name.slice(start.length))
    .sort()
}

interface LoadedCommand {
  id: string
  pluginName?: string
  aliases: string[]
}

interface LoadedTopic {
  name: string
  description?: string
}

interface DeclaredTopic {
  description?: string
  subtopics?: Record<string, DeclaredTopic>
}

/** The parts of oclif's loaded Config the settling reads and adjusts. */
export interface HostConfig {
  commands: readonly LoadedCommand[]
  findCommand(id: string): LoadedCommand | undefined
  findTopic(name: string): LoadedTopic | undefined
  plugins: ReadonlyMap<string, {commands: LoadedCommand[]; pjson: {oclif: {topics?: Record<string, DeclaredTopic>}}; topics: LoadedTopic[]}>
}

/** A topic as package.json declares it (`mail:labels` is mail's subtopic labels). */
function declared(topics: Record<string, DeclaredTopic> | undefined, name: string): DeclaredTopic | undefined {
  const [first, ...rest] = name.split(':')
  const topic = topics?.[first]
  return rest.length === 0 ? topic : declared(topic?.subtopics, rest.join(':'))
}

/** Settle our aliases and topics in a host's loaded configuration; standalone (no `proton:api`), nothing. */
export function settleInHost(config: HostConfig): void {
  const ours = config.findCommand(`${HOST_TOPIC}:api`)?.pluginName
  const plugin = ours === undefined ? undefined : config.plugins.get(ours)
  if (!plugin) return
  for (const command of plugin.commands) command.aliases = command.aliases.filter((alias) => config.findCommand(alias)?.pluginName === ours)
  const descriptions = new Map(plugin.topics.map((topic) => [topic.name, topic.description]))
  for (const name of topLevelTopics([...descriptions.keys()])) {
    const topic = config.findTopic(name)
    const description = descriptions.get(`${HOST_TOPIC}:${name}`)
    if (!topic || topic.description || !description) continue
    if (config.commands.some((command) => command.id.startsWith(`${name}:`) && command.pluginName !== ours)) continue
    topic.description = description
    const source = declared(plugin.pjson.oclif.topics, name)
    if (source) source.description = description
  }
}
