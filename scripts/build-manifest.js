// Writes the plugin's two views of its commands, each with the
// oclif.manifest.json that lets oclif find commands without importing each
// one at start-up (what `oclif manifest` does, without that tool's
// dependency tree):
// - the package itself, as a host CLI loads it: every command under the
//   `proton` topic (dist/commands/proton/…), so none can collide with a
//   host's, and no plugins of its own;
// - dist/standalone/, the root the standalone `proton` runs (src/main.ts):
//   the same command files without the topic, plus oclif's help and
//   autocomplete plugins and our not-found hook.
import {Plugin} from '@oclif/core'
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {fileURLToPath} from 'node:url'

const STANDALONE_PLUGINS = ['@oclif/plugin-help', '@oclif/plugin-autocomplete']
/** What a host does its own way. */
const STANDALONE_HOOKS = {command_not_found: './dist/hooks/command-not-found.js'}
const TOPIC = 'proton'

async function writeManifest(rootUrl) {
  const root = fileURLToPath(rootUrl)
  const plugin = new Plugin({errorOnManifestCreate: true, ignoreManifest: true, isRoot: true, respectNoCacheDefault: true, root, type: 'core'})
  await plugin.load()
  writeFileSync(new URL('oclif.manifest.json', rootUrl), `${JSON.stringify(plugin.manifest, null, 2)}\n`)
  return Object.keys(plugin.manifest.commands)
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
      hooks: Object.fromEntries(Object.entries({...oclif.hooks, ...STANDALONE_HOOKS}).map(([event, path]) => [event, up(path)])),
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
const hosted = await writeManifest(rootUrl)
const standaloneUrl = new URL('dist/standalone/', rootUrl)
mkdirSync(standaloneUrl, {recursive: true})
writeFileSync(new URL('package.json', standaloneUrl), `${JSON.stringify(standalonePackage(pjson), null, 2)}\n`)
const standalone = await writeManifest(standaloneUrl)
const outside = hosted.filter((id) => !id.startsWith(`${TOPIC}:`))
if (outside.length > 0 || hosted.length !== standalone.length) throw new Error(`every command must sit under ${TOPIC}/ (src/commands/${TOPIC}); not: ${outside.join(', ')}`)
console.log(`oclif.manifest.json: ${hosted.length} commands under "${TOPIC}"; dist/standalone: the same without it`)
