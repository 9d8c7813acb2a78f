/**
 * The standalone `proton`'s help class (dist/standalone/package.json
 * oclif.helpClass; a host keeps its own): oclif's help, except for a
 * subject that is neither a command nor a topic. oclif's Help.showHelp
 * ends that with "Command X not found." and exit 2, the status reserved
 * for authentication; here it gets what the mistyped command itself gets
 * (the command_not_found hook: the nearest commands, exit 1).
 */
import {getHelpFlagAdditions, Help, standardizeIDFromArgv} from '@oclif/core/help'

export default class StandaloneHelp extends Help {
  override async showHelp(argv: string[]): Promise<void> {
    const helpFlags = getHelpFlagAdditions(this.config)
    const words = standardizeIDFromArgv(
      argv.filter((arg) => !helpFlags.includes(arg) && arg !== 'help'),
      this.config,
    )
    const [subject, ...rest] = words
    const known = subject === undefined || subject.startsWith('-') || this.config.findCommand(subject) || this.config.findTopic(subject)
    if (!known) await this.config.runHook('command_not_found', {argv: rest, id: subject})
    await super.showHelp(argv)
  }
}
