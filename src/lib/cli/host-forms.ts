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
 *   configuration from the plugins' topics;
 * - gives the `proton` topic's help every command of ours, one a line, so
 *   that `<bin> help proton` lists them all (oclif lists only a topic's
 *   direct children).
 */
import {HOST_TOPIC} from '../core/command-names.ts'

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
  hidden?: boolean
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
  bin: string
  topicSeparator: string
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
  describe(config, HOST_TOPIC, plugin.pjson.oclif.topics, everyCommand(config, plugin.commands, descriptions.get(HOST_TOPIC) ?? ''))
  for (const name of topLevelTopics([...descriptions.keys()])) {
    const topic = config.findTopic(name)
    const description = descriptions.get(`${HOST_TOPIC}:${name}`)
    if (!topic || topic.description || !description) continue
    if (config.commands.some((command) => command.id.startsWith(`${name}:`) && command.pluginName !== ours)) continue
    describe(config, name, plugin.pjson.oclif.topics, description)
  }
}

/** A topic's words, in the loaded topic and in our package.json as loaded. */
function describe(config: HostConfig, name: string, topics: Record<string, DeclaredTopic> | undefined, description: string): void {
  const topic = config.findTopic(name)
  if (topic) topic.description = description
  const source = declared(topics, name)
  if (source) source.description = description
}

/** The `proton` topic's words: its first line, then every command of ours (not hidden) as the host spells it. */
function everyCommand(config: HostConfig, commands: readonly LoadedCommand[], summary: string): string {
  const lines = commands
    .filter((command) => !command.hidden)
    .map((command) => `${config.bin} ${command.id.replaceAll(':', config.topicSeparator)}`)
    .sort()
  return `${summary.split('\n', 1)[0]}\nEvery command (each also without "${HOST_TOPIC}" where ${config.bin} has no command of that name):\n${lines.join('\n')}`
}
