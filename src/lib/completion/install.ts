/**
 * Adds `api` argument completion to the scripts @oclif/plugin-autocomplete
 * generates in <cacheDir>/autocomplete/functions (bash: <bin>.bash, zsh:
 * _<bin>), and writes the word list they read. Runs after `autocomplete`
 * (re)creates those scripts, so `<bin> autocomplete` sets everything up.
 */
import type {Config} from '@oclif/core'
import {existsSync, readFileSync} from 'node:fs'
import {join} from 'node:path'

import {METHODS} from '../request-input.ts'
import {activeDescription, writeFileAtomic} from '../spec/store.ts'
import {bashBlock, type CompletionSetup, withBlock, zshBlock} from './scripts.ts'
import {wordListDir, writeWordList} from './word-list.ts'

type Extendable = Pick<Config, 'bin' | 'binAliases' | 'cacheDir' | 'commandIDs' | 'findCommand'>

/** The api command's public flags as the shell sees them (--name, -c), all or only those taking a value. */
function apiFlags(config: Extendable, onlyWithValue: boolean): string[] {
  const flags = config.findCommand('api')?.flags ?? {}
  return Object.entries(flags)
    .filter(([, flag]) => !flag.hidden && (!onlyWithValue || flag.type === 'option'))
    .flatMap(([name, flag]) => [`--${name}`, ...(flag.char ? [`-${flag.char}`] : [])])
    .sort()
}

/** The first words of the commands under the api topic: endpoints, spec … */
function apiSubcommands(config: Extendable): string[] {
  const words = config.commandIDs.filter((id) => id.startsWith('api:')).map((id) => id.split(':')[1])
  return [...new Set(words)].sort()
}

export function completionSetup(config: Extendable): CompletionSetup {
  return {
    aliases: config.binAliases ?? [],
    bin: config.bin,
    methods: METHODS,
    flags: apiFlags(config, false),
    subcommands: apiSubcommands(config),
    valueFlags: apiFlags(config, true),
    wordsDir: wordListDir(config.cacheDir),
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
    writeFileAtomic(paths.bash, withBlock(readFileSync(paths.bash, 'utf8'), bashBlock(setup), config.bin))
    changed.push(paths.bash)
  }

  if (existsSync(paths.zsh)) {
    // The zsh file's last line calls the completion function: our definitions go before it.
    writeFileAtomic(paths.zsh, withBlock(readFileSync(paths.zsh, 'utf8'), zshBlock(setup), config.bin, `_${config.bin}`))
    changed.push(paths.zsh)
  }

  return changed
}
