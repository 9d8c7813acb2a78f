// Writes the plugin's two views of its commands, each with the
// oclif.manifest.json that lets oclif find commands without importing each
// one at start-up (what `oclif manifest` does, without that tool's
// dependency tree):
// - the package itself, as a host CLI loads it: every command under the
//   `proton` topic (dist/commands/proton/…), which always reaches it, and
//   its top-level id as an alias (`proton:mail:list` is also `mail:list`),
//   which reaches it where the host has no command of that id (see
//   src/lib/core/command-names.ts); no plugins of its own;
// - dist/standalone/, the root the standalone `proton` runs (src/launch/main.ts):
//   the same command files without the topic, plus oclif's help and
//   autocomplete plugins, our not-found hook and help class.
import {Plugin} from '@oclif/core'
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {fileURLToPath} from 'node:url'

import {checkAliases, checkTopLevelTopics, TOPIC, withTopLevelAlias} from './host-aliases.js'

const STANDALONE_PLUGINS = ['@oclif/plugin-help', '@oclif/plugin-autocomplete']
/** What a host does its own way. */
const STANDALONE_HOOKS = {command_not_found: './dist/hooks/command-not-found.js'}
/** What only a host needs: the standalone never loads it. */
const HOST_ONLY_HOOKS = new Set(['./dist/hooks/settle-in-host.js'])
/** oclif's help, with a mistyped subject answered as a mistyped command (a host has its own help class). */
const STANDALONE_HELP_CLASS = './dist/hooks/standalone-help.js'

/** Write a root's manifest, each command changed by `adjust` first; returns the command ids. */
async function writeManifest(rootUrl, adjust = () => {}) {
  const root = fileURLToPath(rootUrl)
  const plugin = new Plugin({errorOnManifestCreate: true, ignoreManifest: true, isRoot: true, respectNoCacheDefault: true, root, type: 'core'})
  await plugin.load()
  for (const command of Object.values(plugin.manifest.commands)) adjust(command)
  writeFileSync(new URL('oclif.manifest.json', rootUrl), `${JSON.stringify(plugin.manifest, null, 2)}\n`)
  return Object.values(plugin.manifest.commands)
}

/** An event's hooks for the standalone: the host-only ones left out, one path as a string (as before). */
function standaloneHooks(paths, up) {
  const kept = [paths]
    .flat()
    .filter((path) => !HOST_ONLY_HOOKS.has(path))
    .map(up)
  return kept.length === 1 ? kept[0] : kept
}

/** The standalone package.json: paths one level up from dist/standalone/, topics without `proton:`. */
function standalonePackage(pjson) {
  const {oclif} = pjson
  const up = (path) => path.replace(/^\.\/dist\//, '../')
  const topics = Object.fromEntries(Object.entries(oclif.topics).flatMap(([id, topic]) => (id.startsWith(`${TOPIC}:`) ? [[id.slice(TOPIC.length + 1), topic]] : [])))
  return {
    dependencies: pjson.dependencies,
    name: pjson.name,
    oclif: {
      ...oclif,
      commands: `${up(oclif.commands)}/${TOPIC}`,
      helpClass: up(STANDALONE_HELP_CLASS),
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
checkAliases(hosted, standalone)
console.log(`oclif.manifest.json: ${hosted.length} commands under "${TOPIC}", each with its top-level id as an alias; dist/standalone: the same without the topic`)
