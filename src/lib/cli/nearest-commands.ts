/**
 * The commands a mistyped command line most likely meant: the words typed
 * (`mial list`) against every command id with as many words, word by word,
 * each typed word a typo of the id's (typoDistance: a third of its letters
 * at most, one at least), the nearest first and any about as near after it.
 * So `mail lisst` finds `mail list`, and `mail send` finds nothing: `read`
 * and `star` are other words, not typos of it.
 */
import {typoDistance} from '../core/edit-distance.ts'

const MARGIN = 1

/** How many edits a word of this length may be off by and still be a typo of it. */
const allowance = (word: string) => Math.max(1, Math.floor(word.length / 3))

export function nearestCommands(typed: readonly string[], ids: readonly string[], limit = 3): string[] {
  const ranked = ids
    .map((id) => {
      const words = id.split(':')
      const attempt = typed.slice(0, words.length)
      const distances = words.map((word, index) => typoDistance(attempt[index] ?? '', word))
      const close = attempt.length === words.length && distances.every((distance, index) => distance <= allowance(words[index]))
      return {close, distance: distances.reduce((sum, each) => sum + each, 0), id}
    })
    .filter(({close}) => close)
    .sort((a, b) => a.distance - b.distance || a.id.length - b.id.length || (a.id < b.id ? -1 : 1))
  const cutoff = (ranked[0]?.distance ?? 0) + MARGIN
  return ranked
    .filter(({distance}) => distance <= cutoff)
    .slice(0, limit)
    .map(({id}) => id)
}

/** The flag a mistyped one most likely meant (`--lable` for `--label`), when one is a typo of it. */
export function nearestFlag(typed: string, flags: readonly string[]): string | undefined {
  const name = typed.replace(/^--?/, '').replace(/=.*$/s, '')
  const ranked = flags
    .map((flag) => ({distance: typoDistance(name, flag), flag}))
    .filter(({distance, flag}) => distance > 0 && distance <= allowance(flag))
    .sort((a, b) => a.distance - b.distance || (a.flag < b.flag ? -1 : 1))
  return ranked[0]?.flag
}
