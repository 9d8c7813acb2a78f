/**
 * command_not_found hook of the standalone `proton` (a host CLI has its
 * own): one line saying what was not found, the nearest commands, and
 * where the list is (a command followed by words it does not take: those
 * words, as unexpected arguments); exit 1, the status of every usage error. It never
 * prompts, so scripts and terminals see the same thing.
 */
import type {Hook} from '@oclif/core'

import {nearestCommands} from '../lib/cli/nearest-commands.ts'

const hook: Hook<'command_not_found'> = async function ({argv, config, id}) {
  const words = [...id.split(':'), ...(argv ?? [])]
  const firstFlag = words.findIndex((word) => word.startsWith('-'))
  const typed = firstFlag === -1 ? words : words.slice(0, firstFlag)
  const visible = config.commands.filter((command) => !command.hidden).map((command) => command.id)
  const spell = (commandId: string) => `${config.bin} ${commandId.replaceAll(':', config.topicSeparator)}`
  // A command followed by words it does not take ("mail list extra"): oclif looks for a longer command; it is the arguments that are wrong.
  for (let length = typed.length - 1; length > 0; length--) {
    const known = typed.slice(0, length).join(':')
    if (!visible.includes(known)) continue
    const extra = typed.slice(length).map((word) => `unexpected argument ${JSON.stringify(word)}`)
    process.stderr.write(`${extra.map((line) => `Error: ${line}`).join('\n')}\nSee "${spell(known)} --help".\n`)
    this.exit(1)
  }

  const nearest = nearestCommands(typed, visible).map((commandId) => `"${spell(commandId)}"`)
  const lines = [`Error: "${config.bin} ${typed.join(' ')}" is not a command.`]
  if (nearest.length > 0) lines.push(`Did you mean ${nearest.join(' or ')}?`)
  lines.push(`Run "${config.bin} help" for the list of commands.`)
  process.stderr.write(`${lines.join('\n')}\n`)
  this.exit(1)
}

export default hook
