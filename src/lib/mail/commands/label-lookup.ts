/**
 * A label or folder named by the user (its name, its path "Invoices/2024",
 * or its ID), looked up with the requests of `mail labels list` (GET
 * /core/v4/labels, one Type per request, as go-proton-api's GetLabels
 * asks). Shared by `mail list --label`, `mail move --to` and `mail label
 * --add/--remove`, each naming the types it accepts.
 */
import type {PlannedRequest} from '../../run/dry-run.ts'
import {type LabelChoice, type LabelTypeWord, labelTypeValue} from '../../cli/input-checks.ts'
import {isRecord, type JsonRecord} from '../../core/records.ts'
import {usageError} from '../../core/errors.ts'
import type {Invocation} from '../../run/invocation.ts'
import {fetchLabels, LABELS_PATH, mergedLabels} from './labels-list.ts'

export interface LabelLookup {
  /** The flag that named it, for the messages: --label, --to, --add. */
  flag: string
  /** The types looked among, in the order asked for. */
  types: readonly LabelTypeWord[]
  /** What a match is called, for the messages: "labels or folders", "folders". */
  plural: string
  /** The end of the message when nothing matches: what else the flag takes and where to look. */
  nothing: string
}

export interface FoundLabel {
  id: string
  /** Its path (a folder) or name, for messages; the ID itself when it was given as one. */
  name: string
}

const text = (value: unknown) => (typeof value === 'string' ? value : '')

/** The label or folder `name` names among `labels`: by ID, by path, by name (exact, then in any case); one, or a usage error. */
export function findLabel(labels: readonly JsonRecord[], name: string, lookup: LabelLookup): FoundLabel {
  const lower = name.toLowerCase()
  const tries: Array<(label: JsonRecord) => boolean> = [
    (label) => label.ID === name,
    (label) => text(label.Path) === name,
    (label) => text(label.Name) === name,
    (label) => text(label.Path).toLowerCase() === lower,
    (label) => text(label.Name).toLowerCase() === lower,
  ]
  for (const matches of tries) {
    const found = labels.filter((label) => isRecord(label) && matches(label))
    const named = (label: JsonRecord) => text(label.Path) || text(label.Name)
    if (found.length === 1) return {id: String(found[0].ID), name: named(found[0]) || name}
    if (found.length > 1) {
      throw usageError(`${lookup.flag} ${JSON.stringify(name)} names ${found.length} ${lookup.plural} (${found.map((label) => named(label)).join(', ')}); give its path or ID`)
    }
  }

  throw usageError(`${lookup.flag} ${JSON.stringify(name)} names no ${lookup.nothing}`)
}

/** The ID a choice stands for: given, or looked up (the requests of `mail labels list`, the first refusal ending the command). */
export async function resolveLabel(invocation: Invocation, choice: LabelChoice, lookup: LabelLookup): Promise<FoundLabel> {
  if ('id' in choice) return {id: choice.id, name: choice.id}
  const {Labels: labels} = mergedLabels((await fetchLabels(invocation, lookup.types)).map((answer) => answer.data)) as {Labels: JsonRecord[]}
  return findLabel(labels, choice.name, lookup)
}

/** What --dry-run shows for a choice it does not look up: the lookup's requests, and a placeholder for the ID. */
export function plannedLookup(choice: LabelChoice, lookup: LabelLookup): {id: string; requests: PlannedRequest[]} {
  if ('id' in choice) return {id: choice.id, requests: []}
  const requests = lookup.types.map((type): PlannedRequest => ({method: 'GET', path: LABELS_PATH, query: [['Type', String(labelTypeValue(type))]]}))
  const where = requests.map((request) => `GET ${LABELS_PATH}?Type=${request.query?.[0][1]}`).join(' and ')
  return {id: `<ID of ${JSON.stringify(choice.name)} from ${where}>`, requests}
}
