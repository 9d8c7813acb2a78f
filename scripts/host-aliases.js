// What the build holds every hosted command and top-level topic to
// (scripts/build-manifest.js; see src/lib/cli/host-forms.ts): a
// command under `proton:` gets its top-level id as its one alias, and the
// build refuses a command or a topic that does not fit.
import {topLevelTopics} from '../dist/lib/cli/host-forms.js'

export const TOPIC = 'proton'

/**
 * A hosted command's top-level id as its one alias. aliasPermutations says
 * the alias has no others: a host with flexibleTaxonomy (sf) would otherwise
 * register `list:auth` … for it beside its own commands.
 */
export function withTopLevelAlias(command) {
  if (command.aliases.length > 0 || command.hiddenAliases.length > 0) throw new Error(`${command.id}: aliases are the build's (the top-level id in a host); declare none in the class`)
  if (!command.id.startsWith(`${TOPIC}:`)) throw new Error(`every command must sit under ${TOPIC}/ (src/commands/${TOPIC}); not: ${command.id}`)
  const alias = command.id.slice(TOPIC.length + 1)
  command.aliases = [alias]
  command.aliasPermutations = [alias]
}

/** package.json declares each top-level topic of ours (host-forms.ts), undescribed: the init hook describes it where it is ours alone. */
export function checkTopLevelTopics(topics) {
  const byName = new Map()
  const flatten = (entries, base = '') => {
    for (const [name, topic] of Object.entries(entries ?? {})) {
      byName.set(`${base}${name}`, topic)
      flatten(topic.subtopics, `${base}${name}:`)
    }
  }
  flatten(topics)
  const expected = topLevelTopics([...byName.keys()])
  const actual = [...byName.keys()].filter((name) => name !== TOPIC && !name.startsWith(`${TOPIC}:`)).sort()
  const described = actual.filter((name) => byName.get(name).description !== '')
  if (expected.join() !== actual.join() || described.length > 0) {
    throw new Error(
      `package.json oclif.topics: the top-level topics must be exactly ${JSON.stringify(expected)}, each {"description": ""} (its words come from "${TOPIC}:<topic>"); found ${JSON.stringify(actual)}${described.length > 0 ? `, described: ${described.join(', ')}` : ''}`,
    )
  }
}

/** Every hosted command has its top-level id as its alias, and those are the standalone ids, nothing else. */
export function checkAliases(hosted, standalone) {
  const unaliased = hosted.filter((command) => command.aliases.join() !== command.id.slice(TOPIC.length + 1))
  const topLevel = hosted.map((command) => command.aliases[0]).sort()
  if (
    unaliased.length > 0 ||
    topLevel.join() !==
      standalone
        .map((command) => command.id)
        .sort()
        .join()
  ) {
    throw new Error(`every command needs its top-level id as its alias, the standalone id: ${unaliased.map((command) => command.id).join(', ') || 'the ids differ'}`)
  }
}
