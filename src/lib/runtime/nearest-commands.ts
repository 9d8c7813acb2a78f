/**
 * The commands a mistyped command line most likely meant: the words typed
 * (`mial list`) against every command id with as many words, by edit
 * distance, the nearest first and any about as near after it.
 */
import {editDistance} from './edit-distance.ts'

/** Further than this share of the id's length, a command is not a suggestion. */
const MAX_SHARE = 0.4
const MARGIN = 1

export function nearestCommands(typed: readonly string[], ids: readonly string[], limit = 3): string[] {
  const ranked = ids
    .map((id) => {
      const words = id.split(':')
      const attempt = typed.slice(0, words.length).join(':')
      return {distance: editDistance(attempt, id), id}
    })
    .filter(({distance, id}) => distance <= Math.max(1, Math.round(id.length * MAX_SHARE)))
    .sort((a, b) => a.distance - b.distance || a.id.length - b.id.length || (a.id < b.id ? -1 : 1))
  const cutoff = (ranked[0]?.distance ?? 0) + MARGIN
  return ranked.filter(({distance}) => distance <= cutoff).slice(0, limit).map(({id}) => id)
}
