/**
 * What `mail labels delete` deletes: each argument looked up among the labels and folders (a path, a name, or an ID),
 * a folder counted with the folders under it (the service deletes them too), and the question's words.
 */
import {LABEL_TYPE} from '../../contract/contract.ts'
import {isRecord, type JsonRecord} from '../../core/records.ts'
import type {Invocation} from '../../run/invocation.ts'
import {idProblem} from '../../http/path-segment.ts'
import {usageError} from '../../core/errors.ts'
import {valueOfName} from '../../output/decode.ts'
import {printable} from '../../core/escape.ts'
import {findLabel, type LabelLookup} from './label-lookup.ts'
import {DEFAULT_LABEL_TYPES, fetchLabels, mergedLabels} from './labels-list.ts'
import {plural} from '../../output/plural.ts'

const FOLDER = valueOfName(LABEL_TYPE, 'MESSAGE_FOLDER')

/** How an argument is looked up: among labels and folders. */
export const DELETE_LOOKUP: LabelLookup = {
  flag: 'label',
  // Given an ID that is gone, "or give an ID" would send the user round in circles: this names all three ways.
  nothing: 'label or folder (by name, path or ID); see "mail labels list"',
  plural: 'labels or folders',
  types: DEFAULT_LABEL_TYPES,
}

/** A label or folder to delete: its ID, what the messages call it, and for a folder how many folders go with it. */
export interface Doomed {
  id: string
  name: string
  folder: boolean
  /** The folders under it, at any depth. */
  below: number
}

/** The folders under `id`, at any depth, by ParentID. */
export function foldersBelow(labels: readonly JsonRecord[], id: string): number {
  const children = labels.filter((label) => label.ParentID === id && typeof label.ID === 'string')
  return children.reduce((count, child) => count + 1 + foldersBelow(labels, child.ID as string), 0)
}

/** What `given` names among `labels`; a string shaped like an ID that names none is taken as an ID (the service answers for it). */
export function doomed(labels: readonly JsonRecord[], given: string): Doomed {
  let found
  try {
    found = findLabel(labels, given, DELETE_LOOKUP)
  } catch (error) {
    if (/^[\w-]{20,}={0,2}$/.test(given)) return {below: 0, folder: false, id: given, name: given}
    throw error
  }

  const label = labels.find((each) => each.ID === found.id)
  const folder = label?.Type === FOLDER
  // The name is the user's own text, kept by the service: escaped for the question and the lines on stderr.
  return {below: folder ? foldersBelow(labels, found.id) : 0, folder, id: found.id, name: printable(found.name)}
}

/** The question's words: "folder Invoices and its 1 sub-folder", "3 labels or folders (Work, Family, Invoices and its 1 sub-folder)". */
export function deletionText(targets: readonly Doomed[]): string {
  const one = (target: Doomed) => {
    const noun = target.folder ? 'folder' : target.name === target.id ? 'label or folder' : 'label'
    const below = target.below > 0 ? ` and its ${plural(target.below, 'sub-folder')}` : ''
    return {below, noun, text: `${target.name}${below}`}
  }

  if (targets.length === 1) {
    const {noun, text: words} = one(targets[0])
    return `${noun} ${words}`
  }

  return `${targets.length} labels or folders (${targets.map((target) => one(target).text).join(', ')})`
}

/** Every label and folder of the account, as `mail labels list` asks for them. */
export async function allLabels(invocation: Invocation): Promise<JsonRecord[]> {
  const {Labels: labels} = mergedLabels((await fetchLabels(invocation, DEFAULT_LABEL_TYPES)).map((answer) => answer.data)) as {Labels: unknown[]}
  return labels.filter((label): label is JsonRecord => isRecord(label))
}

/**
 * What can be no name, no path and no ID is refused before anything is sent, as pathId refuses an ID: each part of
 * a path is held to the ID's rules ("..", a backslash, percent-encoded text, control characters).
 */
export function refuseNoName(given: string): void {
  for (const part of given.split('/').filter((each) => each !== '')) {
    const problem = idProblem(part)
    if (problem !== undefined) throw usageError(`a label or folder ${problem}`)
  }
}
