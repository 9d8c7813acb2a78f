/**
 * proton mail labels list: GET /core/v4/labels with a Type, as the official
 * clients ask (go-proton-api label.go GetLabels: one request per type;
 * WebClients packages/shared/lib/api/labels.ts: get(Type)). Without --type,
 * labels (Type 1) and folders (Type 3), in two requests, shown together:
 * in json or yaml as one document, {"Code": 1000, "Labels": [...]}, the
 * two lists in one.
 */
import {call} from '../../run/api.ts'
import {printData, showListing, writeListing} from '../../run/printer.ts'
import {LABEL_TYPE_WORDS, type LabelTypeWord, labelTypeValue, parseLabelType} from '../../cli/input-checks.ts'
import {labelsListing} from '../views/labels.ts'
import type {JsonValue} from '../../core/json-value.ts'
import {isRecord} from '../../core/records.ts'
import {plainCommand} from '../../run/plain-command.ts'
import type {Invocation} from '../../run/invocation.ts'
import type {Answer} from '../../output/api-answer.ts'
import {rememberNames} from '../../completion/value-names.ts'

export const LABEL_LIST_TYPES = Object.keys(LABEL_TYPE_WORDS) as LabelTypeWord[]
/** What is listed without --type: labels and folders, the ones a person files mail under. */
export const DEFAULT_LABEL_TYPES: readonly LabelTypeWord[] = ['label', 'folder']
export const LABELS_PATH = '/core/v4/labels'

/**
 * GET /core/v4/labels?Type=N for each type word, in order; the first
 * refusal ends the command. The names of labels and folders are kept for
 * shell completion (completion/value-names.ts).
 */
export async function fetchLabels(invocation: Invocation, types: readonly LabelTypeWord[]): Promise<Answer[]> {
  const answers: Answer[] = []
  for (const type of types) {
    const answer = await call(invocation, {method: 'GET', path: LABELS_PATH, query: [['Type', String(labelTypeValue(type))]]})
    answers.push(answer)
    const kind = type === 'label' ? 'labels' : type === 'folder' ? 'folders' : undefined
    const listed = isRecord(answer.data) && Array.isArray(answer.data.Labels) ? answer.data.Labels.filter((label) => isRecord(label)) : undefined
    if (kind && listed)
      rememberNames(
        invocation.context.cacheDir,
        kind,
        listed.map((label) => label.Path ?? label.Name),
      )
  }

  return answers
}

/** The Labels lists of several answers as one answer. */
export function mergedLabels(data: ReadonlyArray<JsonValue | undefined>): JsonValue {
  return {Code: 1000, Labels: data.flatMap((one) => (isRecord(one) && Array.isArray(one.Labels) ? one.Labels : []))}
}

export const mailLabelsList = plainCommand<{type?: string}>({
  options: (line) => ({type: line.optionalString('type')}),
  async run(invocation, options) {
    const types = options.type === undefined ? DEFAULT_LABEL_TYPES : [parseLabelType(options.type, LABEL_LIST_TYPES)]
    const answers = await fetchLabels(invocation, types)
    if (answers.length === 1) return showListing(invocation, answers[0], labelsListing)
    const merged = mergedLabels(answers.map((answer) => answer.data))
    await (invocation.flags.output === 'text' ? writeListing(invocation, labelsListing(merged)) : printData(invocation, merged, () => ''))
  },
})
