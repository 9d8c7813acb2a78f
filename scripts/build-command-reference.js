// Writes docs/commands.md, the command reference, from oclif.manifest.json
// (which `npm run build` writes from the commands' own definitions), so the
// reference says what `proton COMMAND --help` says and cannot drift from it:
// test/scripts/build-command-reference.test.ts compares the committed file
// with this script's output. `npm run docs` builds, then runs it;
// `--stdout` prints the reference instead of writing it.
import {readFileSync, writeFileSync} from 'node:fs'
import {fileURLToPath} from 'node:url'

const ROOT = new URL('..', import.meta.url)
const TOPIC = 'proton:'
const BIN = 'proton'

/** Markdown would read `*`, `_`, `<…>`, `[…]` and backquotes in help text as markup: shown as typed. */
const prose = (text) => text.replaceAll(/[\\`*<>[\]]|(?<!\w)_|_(?!\w)/g, (char) => `\\${char}`)

/** The standalone id with spaces (`proton:mail:list` → `mail list`), as a user types it after `proton`. */
const spaced = (id) => id.slice(TOPIC.length).replaceAll(':', ' ')

/**
 * The `<%= … %>` placeholders of help text evaluated as oclif's help does,
 * for the standalone `proton` (topic separator a space). The expressions
 * come from this repository's own command files, through the build's manifest.
 */
const PLUGIN = 'this plugin'

function render(text, id) {
  // Standalone, every id resolves to this plugin: the help's host check picks the top-level form.
  const config = {bin: BIN, findCommand: () => ({pluginName: PLUGIN}), topicSeparator: ' '}
  const command = {id: spaced(id), pluginName: PLUGIN}
  return text.replaceAll(/<%=(.*?)%>/g, (_, expression) => String(new Function('config', 'command', `return (${expression})`)(config, command)))
}

function flagName(flag) {
  const value = flag.type === 'option' ? `=${flag.helpValue ?? '<value>'}` : ''
  const long = `--${flag.allowNo ? '[no-]' : ''}${flag.name}${value}`
  return flag.char ? `-${flag.char}, ${long}` : long
}

function flagLine(flag) {
  const notes = []
  if (flag.required) notes.push('required')
  if (flag.multiple) notes.push('repeatable')
  if (flag.options) notes.push(`one of ${flag.options.join(', ')}`)
  if (flag.default !== undefined) notes.push(`default ${JSON.stringify(flag.default)}`)
  if (flag.env) notes.push(`environment ${flag.env}`)
  if (flag.exclusive?.length) notes.push(`not with ${flag.exclusive.map((name) => `--${name}`).join(', ')}`)
  if (flag.dependsOn?.length) notes.push(`needs ${flag.dependsOn.map((name) => `--${name}`).join(', ')}`)
  const text = [flag.summary, flag.description].filter(Boolean).map((part) => prose(part.replaceAll(/\s*\n\s*/g, ' ')))
  return `- \`${flagName(flag)}\`${notes.length > 0 ? ` (${prose(notes.join('; '))})` : ''}: ${text.join(' ')}`
}

function usage(id, command) {
  const args = Object.values(command.args).map((arg) => {
    const name = arg.name.toUpperCase() + (command.strict === false ? '…' : '')
    return arg.required ? name : `[${name}]`
  })
  return [BIN, spaced(id), ...args, '[FLAGS]'].join(' ')
}

function section(id, command, globalNames) {
  const lines = [`## ${BIN} ${spaced(id)}`, '']
  if (command.summary) lines.push(prose(command.summary), '')
  lines.push('```', usage(id, command), '```', '')
  if (command.description) lines.push(...command.description.split(/\n{2,}/).flatMap((paragraph) => [prose(paragraph.trim()), '']))
  const args = Object.values(command.args)
  if (args.length > 0) {
    lines.push('Arguments:', '')
    for (const arg of args) lines.push(`- \`${arg.name.toUpperCase()}\`${arg.required ? ' (required)' : ''}: ${prose(arg.description ?? '')}`)
    lines.push('')
  }

  const own = Object.values(command.flags).filter((flag) => !globalNames.has(flag.name))
  const takesGlobal = [...globalNames].every((name) => name in command.flags)
  if (own.length === 0) lines.push(takesGlobal ? 'Flags: the [global flags](#global-flags) only.' : 'Flags: none.', '')
  else {
    lines.push(`Flags${takesGlobal ? ' (and the [global flags](#global-flags))' : ''}:`, '')
    for (const flag of own.sort((a, b) => a.name.localeCompare(b.name))) lines.push(flagLine(flag))
    lines.push('')
  }
  if (command.aliases?.length) lines.push(`Aliases: ${command.aliases.map((alias) => `\`${BIN} ${alias.replace(TOPIC, '').replaceAll(':', ' ')}\``).join(', ')}`, '')
  if (command.examples?.length) {
    lines.push('Examples:', '', '```sh')
    for (const example of command.examples) lines.push(...(typeof example === 'string' ? example : example.command).split('\n').map((line, index) => (index === 0 ? `$ ${line}` : line)))
    lines.push('```', '')
  }

  return lines
}

/** The reference as Markdown, from a parsed oclif manifest. */
export function buildCommandReference(manifest) {
  const commands = Object.entries(manifest.commands)
    .filter(([id, command]) => id.startsWith(TOPIC) && !command.hidden)
    .map(([id, command]) => [id, JSON.parse(JSON.stringify(command), (_, value) => (typeof value === 'string' ? render(value, id) : value))])
    .sort(([a], [b]) => spaced(a).localeCompare(spaced(b)))
  // The global flags: those every command's help lists under GLOBAL, described once.
  const globals = new Map()
  for (const [, command] of commands) for (const flag of Object.values(command.flags)) if (flag.helpGroup === 'GLOBAL' && !globals.has(flag.name)) globals.set(flag.name, flag)
  const globalNames = new Set(globals.keys())
  const lines = [
    '# Command reference',
    '',
    '<!-- Generated by scripts/build-command-reference.js from oclif.manifest.json: do not edit; run `npm run docs`. -->',
    '',
    `Every command of \`${BIN}\`, with what its \`--help\` says. Inside an oclif CLI each sits under the \`proton\` topic, in that CLI's syntax`,
    '(`sf proton mail list`, `heroku proton:mail:list`): see [Installing into an oclif CLI](hosts-install.md).',
    '',
    '| command | what it does |',
    '|---|---|',
    ...commands.map(([id, command]) => {
      const name = `${BIN} ${spaced(id)}`
      return `| [${name}](#${name.replaceAll(' ', '-')}) | ${prose(command.summary ?? '').replaceAll('|', '\\|')} |`
    }),
    '',
    '## Global flags',
    '',
    'Every command takes these (inside an oclif CLI, after the command id):',
    '',
    ...[...globals.values()].sort((a, b) => a.name.localeCompare(b.name)).map((flag) => flagLine(flag)),
    '',
  ]
  for (const [id, command] of commands) lines.push(...section(id, command, globalNames))
  return `${lines.join('\n').trimEnd()}\n`
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const manifest = JSON.parse(readFileSync(new URL('oclif.manifest.json', ROOT), 'utf8'))
  const reference = buildCommandReference(manifest)
  if (process.argv.includes('--stdout')) process.stdout.write(reference)
  else {
    writeFileSync(new URL('docs/commands.md', ROOT), reference)
    console.log(`docs/commands.md: ${Object.keys(manifest.commands).length} commands in the manifest`)
  }
}
