// Writes the plugin's two views of its commands, each with the
// oclif.manifest.json that lets oclif find commands without importing each
// one at start-up (what `oclif manifest` does, without that tool's
// dependency tree):
// - the package itself, as a host CLI loads it: every command under the
//   `proton` topic (dist/commands/proton/…), which always reaches it, and
//   its top-level id as an alias (`proton:mail:list` is also `mail:list`),
//   which reaches it where the host has no command of that id (see
//   src/lib/runtime/command-names.ts); no plugins of its own;
// - dist/standalone/, the root the standalone `proton` runs (src/main.ts):
//   the same command files without the topic, plus oclif's help and
//   autocomplete plugins and our not-found hook.
import {Plugin} from '@oclif/core'
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {fileURLToPath} from 'node:url'

import {topLevelTopics} from '../dist/lib/runtime/host-forms.js'

const STANDALONE_PLUGINS = ['@oclif/plugin-help', '@oclif/plugin-autocomplete']
/** What a host does its own way. */
const STANDALONE_HOOKS = {command_not_found: './dist/hooks/command-not-found.js'}
/** What only a host needs: the standalone never loads it. */
const HOST_ONLY_HOOKS = new Set(['./dist/hooks/settle-in-host.js'])
const TOPIC = 'proton'

/** Write a root's manifest, each command changed by `adjust` first; returns the command ids. */
async function writeManifest(rootUrl, adjust = () => {}) {
  const root = fileURLToPath(rootUrl)
  const plugin = new Plugin({errorOnManifestCreate: true, ignoreManifest: true, isRoot: true, respectNoCacheDefault: true, root, type: 'core'})
  await plugin.load()
  for (const command of Object.values(plugin.manifest.commands)) adjust(command)
  writeFileSync(new URL('oclif.manifest.json', rootUrl), `${JSON.stringify(plugin.manifest, null, 2)}\n`)
  return Object.values(plugin.manifest.commands)
}

/**
 * A hosted command's top-level id as its one alias. aliasPermutations says
 * the alias has no others: a host with flexibleTaxonomy (sf) would otherwise
 * register `list:auth` … for it beside its own commands.
 */
function withTopLevelAlias(command) {
  if (command.aliases.length > 0 || command.hiddenAliases.length > 0) throw new Error(`${command.id}: aliases are the build's (the top-level id in a host); declare none in the class`)
  if (!command.id.startsWith(`${TOPIC}:`)) throw new Error(`every command must sit under ${TOPIC}/ (src/commands/${TOPIC}); not: ${command.id}`)
  const alias = command.id.slice(TOPIC.length + 1)
  command.aliases = [alias]
  command.aliasPermutations = [alias]
}

/** package.json declares each top-level topic of ours (host-forms.ts), undescribed: the init hook describes it where it is ours alone. */
function checkTopLevelTopics(topics) {
  const byName = new Map()
  const flatten = (entries, base = '') => {
    for (const [name, topic] of Object.entries(entries ?? {})) {
      byName.set(`${base}${name}`, topic)
      flatten(topic.subtopics, `${base}${name}:`)
    }
  }
  flatten(topics)
  const expected = topLevelTopics([...byName.keys()])
  const actual = [...byName.keys()].filter((name) => name !== TOPIC && !name.startsWith(`${TOPIC}:`)).sort()
  const described = actual.filter((name) => byName.get(name).description !== '')
  if (expected.join() !== actual.join() || described.length > 0) {
    throw new Error(`package.json oclif.topics: the top-level topics must be exactly ${JSON.stringify(expected)}, each {"description": ""} (its words come from "${TOPIC}:<topic>"); found ${JSON.stringify(actual)}${described.length > 0 ? `, described: ${described.join(', ')}` : ''}`)
  }
}

/** An event's hooks for the standalone: the host-only ones left out, one path as a string (as before). */
function standaloneHooks(paths, up) {
  const kept = [paths].flat().filter((path) => !HOST_ONLY_HOOKS.has(path)).map(up)
  return kept.length === 1 ? kept[0] : kept
}

/** The standalone package.json: paths one level up from dist/standalone/, topics without `proton:`. */
function standalonePackage(pjson) {
  const {oclif} = pjson
  const up = (path) => path.replace(/^\.\/dist\//, '../')
  const topics = Object.fromEntries(
    Object.entries(oclif.topics).flatMap(([id, topic]) => (id.startsWith(`${TOPIC}:`) ? [[id.slice(TOPIC.length + 1), topic]] : [])),
  )
  return {
    dependencies: pjson.dependencies,
    name: pjson.name,
    oclif: {
      ...oclif,
      commands: `${up(oclif.commands)}/${TOPIC}`,
      hooks: Object.fromEntries(Object.entries({...oclif.hooks, ...STANDALONE_HOOKS}).map(([event, paths]) => [event, standaloneHooks(paths, up)])),
      plugins: STANDALONE_PLUGINS,
      topics,
    },
    private: true,
    type: pjson.type,
    version: pjson.version,
  }
}

const rootUrl = new URL('../', import.meta.url)
const pjson = JSON.parse(readFileSync(new URL('package.json', rootUrl), 'utf8'))
checkTopLevelTopics(pjson.oclif.topics)
const hosted = await writeManifest(rootUrl, withTopLevelAlias)
const standaloneUrl = new URL('dist/standalone/', rootUrl)
mkdirSync(standaloneUrl, {recursive: true})
writeFileSync(new URL('package.json', standaloneUrl), `${JSON.stringify(standalonePackage(pjson), null, 2)}\n`)
const standalone = await writeManifest(standaloneUrl)
// Standalone ids are the hosted ones without the topic, and nothing else.
const unaliased = hosted.filter((command) => command.aliases.join() !== command.id.slice(TOPIC.length + 1))
const topLevel = hosted.map((command) => command.aliases[0]).sort()
if (unaliased.length > 0 || topLevel.join() !== standalone.map((command) => command.id).sort().join()) {
  throw new Error(`every command needs its top-level id as its alias, the standalone id: ${unaliased.map((command) => command.id).join(', ') || 'the ids differ'}`)
}
console.log(`oclif.manifest.json: ${hosted.length} commands under "${TOPIC}", each with its top-level id as an alias; dist/standalone: the same without the topic`)
