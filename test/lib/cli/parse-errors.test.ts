import {type Interfaces, Parser} from '@oclif/core'
import {expect} from 'chai'

import Api from '../../../src/commands/proton/api.ts'
import LabelsCreate from '../../../src/commands/proton/mail/labels/create.ts'
import MailList from '../../../src/commands/proton/mail/list.ts'
import {ProtonCommand} from '../../../src/lib/cli/oclif/base-command.ts'
import {parseProblems} from '../../../src/lib/cli/parse-errors.ts'

type Command = {args: Interfaces.ArgInput; flags: Interfaces.FlagInput}

/** The problems oclif's own parser reports for a line of this command, in our words. */
async function problems(command: Command, argv: string[]): Promise<string[]> {
  const flags: Interfaces.FlagInput = {...ProtonCommand.baseFlags, ...command.flags}
  try {
    await Parser.parse(argv, {args: command.args, flags, strict: true})
  } catch (error) {
    return parseProblems(error, {flags})
  }

  throw new Error(`oclif accepted ${argv.join(' ')}`)
}

describe('parse-errors: oclif parse errors, one short line per problem', () => {
  const cases: Array<[string, Command, string[], string[]]> = [
    ['no argument at all', Api, [], ['missing METHOD (HTTP method: GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS; or, alone, the ENDPOINT: then GET, or POST with fields, --body or --input)']],
    ['unknown flags', Api, ['GET', '/x', '--nope', '-z'], ['unknown flag --nope', 'unknown flag -z']],
    ['a value outside the options', Api, ['GET', '/x', '--output', 'nope'], ['--output must be text, json or yaml, not "nope"']],
    ['an option flag without its value', Api, ['GET', '/x', '--output'], ['--output needs a value: text, json or yaml']],
    ['a string flag without its value', Api, ['GET', '/x', '--profile'], ['--profile needs a value']],
    ['an integer that is not one', MailList, ['--page', 'abc'], ['--page must be an integer, not "abc"']],
    ['an integer below its minimum', Api, ['GET', '/x', '--retries', '-1'], ['--retries must be an integer greater than or equal to 0, not "-1"']],
    ['exclusive flags, said once', Api, ['GET', '/x', '--quiet', '--verbose'], ['--quiet and --verbose cannot be used together']],
    ['a flag mistyped: the one it most likely meant', MailList, ['--lable', 'x'], ['unknown flag --lable (did you mean --label?)']],
    ['a flag that needs another', Api, ['GET', '/x', '--slurp'], ['--slurp needs --paginate']],
    ['a flag given twice', Api, ['GET', '/x', '--body', '{}', '--body', '{}'], ['--body may be given only once']],
    ['extra arguments, quoted as typed', Api, ['GET', '/x', 'a b', 'c'], ['unexpected argument "a b"', 'unexpected argument "c"']],
    ['required flags, with their summaries', LabelsCreate, [], ['missing --color (colour, # and six hex digits)', 'missing --name (name of the label or folder)']],
  ]
  for (const [what, command, argv, expected] of cases) {
    it(what, async () => {
      expect(await problems(command, argv)).to.deep.equal(expected)
    })
  }

  it('never passes on escape codes or other control characters', () => {
    const dimmed = Object.assign(new Error('The following error occurred:\n  \u001B[2m--verbose=true cannot also be provided when using --quiet\u001B[22m\nSee more help with --help'), {})
    expect(parseProblems(dimmed)).to.deep.equal(['--quiet and --verbose cannot be used together'])
    const typed = Object.assign(new Error('Nonexistent flag: --\u001B[31mred'), {flags: ['--\u001B[31mred']})
    // Shown as visible text (escape.ts), so the line says what was typed without acting on the terminal.
    expect(parseProblems(typed)).to.deep.equal([String.raw`unknown flag --\x1b[31mred`])
  })

  it('keeps the text of an error it does not know, one line per line', () => {
    expect(parseProblems(new Error('Something odd\nAnd more\nSee more help with --help'))).to.deep.equal(['something odd', 'and more'])
  })
})
