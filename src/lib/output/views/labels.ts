/** `mail labels list` as text, types by LABEL_TYPE name. */
import {cellText, idText} from '../cells.ts'
import {LABEL_TYPE} from '../../contract/contract.ts'
import {enumText} from '../decode.ts'
import type {JsonValue} from '../json-value.ts'
import {listOf} from '../records.ts'
import {renderTable} from '../table.ts'

export function labelsText(data: JsonValue | undefined): string {
  const rows = listOf(data, 'Labels').map((label) => [
    idText(label.ID),
    cellText(label.Path ?? label.Name),
    enumText(LABEL_TYPE, label.Type),
    cellText(label.Color),
    idText(label.ParentID),
  ])
  return renderTable(['ID', 'NAME', 'TYPE', 'COLOR', 'PARENT'], rows)
}
