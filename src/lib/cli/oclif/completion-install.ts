/**
 * Adds our completion to the scripts @oclif/plugin-autocomplete generates
 * in <cacheDir>/autocomplete/functions (bash: <bin>.bash, zsh: _<bin>), and
 * writes the word lists they read. Runs after `autocomplete` (re)creates
 * those scripts, so `<bin> autocomplete` sets everything up: standalone,
 * where our commands are `api`, `mail:list` …, and inside a host CLI, where
 * they are `proton:api` … and the host's separator is ' ' or ':'.
 */
import {namesDir} from '../../completion/value-names.ts'
import {MAILBOX_WORDS, MOVE_FOLDERS} from '../../contract/mailbox-words.ts'
import type {Command, Config} from '@oclif/core'
import {existsSync, readFileSync} from 'node:fs'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'

import {HOST_TOPIC} from '../../core/command-names.ts'
import {BOOLEAN_GLOBAL_FLAGS, VALUED_GLOBAL_FLAGS} from '../leading-flags.ts'
import {METHODS} from '../../http/methods.ts'
import {activeDescription} from '../../description/store.ts'
import {replaceFileSync} from '../../files/atomic-file.ts'
import {bashBlock, bashRegistration, type CompletionSetup, type FlagSpec, type NodeSpec, withBlock, zshBlock} from '../../completion/scripts.ts'
import {wordListDir, writeWordList} from '../../completion/word-list.ts'

type Extendable = Pick<Config, 'bin' | 'binAliases' | 'cacheDir' | 'commands' | 'dirname' | 'findCommand' | 'topicSeparator' | 'topics'>

/** The package's own package.json: gone once the plugin is uninstalled (src/lib/completion or dist/lib/completion, three levels down). */
const PLUGIN_FILE = fileURLToPath(new URL('../../../../package.json', import.meta.url))

/** One line of a summary, as a completion list shows it. */
function oneLine(text: string | undefined): string {
  return (text ?? '').split('\n', 1)[0].trim()
}

function flagSpecs(command: Command.Loadable, only?: ReadonlySet<string>): FlagSpec[] {
  return Object.entries(command.flags)
    .filter(([name, flag]) => !flag.hidden && (!only || only.has(`--${name}`)))
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([name, flag]) => {
      const spec = {
        options: flag.type === 'option' ? (flag.options ?? []) : [],
        summary: oneLine(flag.summary ?? flag.description),
        valued: flag.type === 'option',
      }
      return [{...spec, name: `--${name}`}, ...(flag.char ? [{...spec, name: `-${flag.char}`}] : [])]
    })
}

const HELP: FlagSpec = {name: '--help', options: [], summary: 'Show help.', valued: false}

/** Our commands and topics relative to the topic holding them ('' standalone), with the root. */
function nodes(config: Extendable, topic: string, api: Command.Loadable): NodeSpec[] {
  const start = topic === '' ? '' : `${topic}:`
  const relative = (id: string) => (id.startsWith(start) ? id.slice(start.length) : undefined)
  const found = new Map<string, NodeSpec>()
  for (const command of config.commands) {
    const id = relative(command.id)
    if (command.hidden || !id) continue
    const flags = flagSpecs(command)
    // `api endpoints --method` and `api --method` (-X) take a METHOD.
    const withMethods = id === 'api:endpoints' || id === 'api' ? flags.map((flag) => (flag.name === '--method' || flag.name === '-X' ? {...flag, options: METHODS} : flag)) : flags
    found.set(id, {flags: [...withMethods, HELP], id, runnable: true, summary: oneLine(command.summary ?? command.description)})
    // Every topic on the way, even one the configuration does not describe.
    const parts = id.split(':')
    for (let length = 1; length < parts.length; length++) {
      const parent = parts.slice(0, length).join(':')
      if (!found.has(parent)) found.set(parent, {flags: [HELP], id: parent, runnable: false, summary: ''})
    }
  }

  for (const configTopic of config.topics) {
    const node = found.get(relative(configTopic.name) ?? '')
    if (node && !configTopic.hidden && configTopic.description) found.set(node.id, {...node, summary: oneLine(configTopic.description)})
  }

  // Before the command: standalone, the global flags a line may begin with (leading-flags.ts), help and version.
  const globals = new Set([...VALUED_GLOBAL_FLAGS, ...BOOLEAN_GLOBAL_FLAGS])
  const rootFlags = topic === '' ? [...flagSpecs(api, globals), HELP, {name: '--version', options: [], summary: 'Show the version.', valued: false}] : [HELP]
  return [{flags: rootFlags, id: '', runnable: false, summary: ''}, ...[...found.values()].sort((a, b) => a.id.localeCompare(b.id))]
}

/** oclif's <BIN>_CONFIG_DIR variables, for the bin and each alias (Config#scopedEnvVarKeys). */
function configDirVariables(config: Extendable): string[] {
  return [config.bin, ...(config.binAliases ?? [])].map((name) => `${name.replaceAll('@', '').replaceAll(/[/-]/g, '_')}_CONFIG_DIR`.toUpperCase())
}

export function completionSetup(config: Extendable): CompletionSetup {
  // Inside a host our api command is `proton:api`; standalone it is `api` (a host may have an `api` of its own).
  const hosted = config.commands.find((command) => command.id === `${HOST_TOPIC}:api`)
  const api = hosted ?? config.commands.find((command) => command.id === 'api')
  if (!api) throw new Error(`neither "${HOST_TOPIC}:api" nor "api" is a command of ${config.bin}`)
  const topic = hosted ? HOST_TOPIC : ''
  /** How the line that runs one of our (hidden) commands is typed: `<bin> api spec words`, `<bin> proton:api:spec:words` … */
  const commandWords = (id: string) => {
    const full = `${topic === '' ? '' : `${topic}:`}${id}`
    return [config.bin, ...(config.topicSeparator === ' ' ? full.split(':') : [full])]
  }
  const nodeList = nodes(config, topic, api)
  // Inside a host: the commands whose top-level id resolves to ours (command-names.ts), decided from the loaded configuration.
  const topLevel = hosted ? nodeList.filter((node) => node.runnable && config.findCommand(node.id)?.pluginName === hosted.pluginName).map((node) => node.id) : []
  return {
    aliases: config.binAliases ?? [],
    bin: config.bin,
    configDirVariables: configDirVariables(config),
    dirname: config.dirname,
    methods: METHODS,
    nodes: nodeList,
    pluginFile: PLUGIN_FILE,
    topic,
    topLevel,
    wordsCommand: commandWords('api:spec:words'),
    passNamesCommand: commandWords('pass:names'),
    wordsDir: wordListDir(config.cacheDir),
    namesDir: namesDir(config.cacheDir),
    mailboxWords: MAILBOX_WORDS,
    moveWords: MOVE_FOLDERS.map(([word]) => word),
  }
}

export function scriptPaths(cacheDir: string, bin: string): {bash: string; zsh: string} {
  const functions = join(cacheDir, 'autocomplete', 'functions')
  return {bash: join(functions, 'bash', `${bin}.bash`), zsh: join(functions, 'zsh', `_${bin}`)}
}

/** Extend whichever generated scripts exist; returns the files changed. */
export function extendAutocompleteScripts(config: Extendable): string[] {
  writeWordList(config.cacheDir, activeDescription(config.cacheDir).operations)
  const setup = completionSetup(config)
  const paths = scriptPaths(config.cacheDir, config.bin)
  const changed: string[] = []
  if (existsSync(paths.bash)) {
    const script = readFileSync(paths.bash, 'utf8')
    replaceFileSync(paths.bash, withBlock(script, bashBlock(setup, bashRegistration(script, config.bin)), config.bin))
    changed.push(paths.bash)
  }

  if (existsSync(paths.zsh)) {
    // The zsh file's last line calls the completion function: our definitions go before it.
    replaceFileSync(paths.zsh, withBlock(readFileSync(paths.zsh, 'utf8'), zshBlock(setup), config.bin, `_${config.bin}`))
    changed.push(paths.zsh)
  }

  return changed
}
