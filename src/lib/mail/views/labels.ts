/**
 * `mail labels list` as a list (table-style.ts): types by LABEL_TYPE name,
 * the parent by its path (or name) when it is among the listed, else by ID.
 */
import {LABEL_TYPE} from '../../contract/contract.ts'
import {enumText} from '../../output/decode.ts'
import type {JsonValue} from '../../core/json-value.ts'
import {type JsonRecord, listOf} from '../../core/records.ts'
import {type Listing, wholeCell} from '../../output/table-style.ts'

const nameOf = (label: JsonRecord) => label.Path ?? label.Name

export function labelsListing(data: JsonValue | undefined): Listing {
  const labels = listOf(data, 'Labels')
  const byId = new Map(labels.filter((label) => typeof label.ID === 'string').map((label) => [label.ID as string, label]))
  const parentOf = (label: JsonRecord) => {
    const parent = typeof label.ParentID === 'string' ? byId.get(label.ParentID) : undefined
    return wholeCell(parent === undefined ? label.ParentID : nameOf(parent))
  }

  return {
    giveFirst: [0],
    header: ['ID', 'NAME', 'TYPE', 'COLOR', 'PARENT'],
    kind: 'label',
    ids: [...byId.keys()],
    rows: labels.map((label) => [wholeCell(label.ID), wholeCell(nameOf(label)), enumText(LABEL_TYPE, label.Type), wholeCell(label.Color), parentOf(label)]),
  }
}
