/**
 * The base of the plugin's own commands: an oclif command (flags,
 * arguments, help) that runs the command's plain function (src/lib/<feature>/commands)
 * on the parsed line, the very function the fast path runs without oclif.
 * ProtonCommand itself keeps an abstract run() for sibling plugins.
 */
import type {Command} from '@oclif/core'

import {ProtonCommand} from './base-command.ts'
import {type PlainCommand, runOn} from '../../run/plain-command.ts'

export abstract class PlainAdapter<T extends typeof Command> extends ProtonCommand<T> {
  /** The plain function this command runs; scripts/build-fast-path.js checks it is the one the fast path runs. */
  static runs: PlainCommand<unknown>

  public async run(): Promise<void> {
    const {runs} = this.ctor as typeof PlainAdapter
    await runOn(runs, this.invocation, this.parsedLine)
  }
}
