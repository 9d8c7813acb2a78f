// Writes oclif.manifest.json from the compiled commands, so oclif finds
// commands without importing each one at start-up. (What `oclif manifest`
// does, without pulling that tool's dependency tree into the build.)
import {Plugin} from '@oclif/core'
import {writeFileSync} from 'node:fs'
import {fileURLToPath} from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const plugin = new Plugin({errorOnManifestCreate: true, ignoreManifest: true, isRoot: true, respectNoCacheDefault: true, root, type: 'core'})
await plugin.load()
const manifest = plugin.manifest
writeFileSync(new URL('../oclif.manifest.json', import.meta.url), `${JSON.stringify(manifest, null, 2)}\n`)
console.log(`oclif.manifest.json: ${Object.keys(manifest.commands).length} commands`)
