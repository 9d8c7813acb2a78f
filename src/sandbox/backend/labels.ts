/**
 * The sandbox's labels, folders and contact groups, as the official clients
 * manage them at /core/v4/labels: folders nest through ParentID and carry
 * their Path ("Invoices/2024"), deleting a folder deletes what is under it,
 * and the system folders (Type 4, fixed IDs "0", "5"…) are listed but never
 * created, changed or deleted.
 *
 * Sources: go-proton-api label.go, label_types.go (CreateLabelReq,
 * UpdateLabelReq, Path) and server/backend/api.go (ParentID only for
 * folders, descendants deleted with their folder, system labels listed);
 * WebClients packages/shared/lib/api/labels.ts (the fields create and
 * update send).
 */
import {CODE} from '../../lib/contract/contract.ts'
import {SandboxError} from './api-error.ts'
import {SANDBOX_CODE} from './codes.ts'
import {newId} from './ids.ts'
import type {Row} from './state.ts'
import type {LabelChange, LabelInput} from './validation.ts'

export const FOLDER_TYPE = 3
export const SYSTEM_TYPE = 4

/** go-proton-api's system labels (label_types.go), as its server lists them. */
export const SYSTEM_LABELS: ReadonlyArray<readonly [string, string]> = [
  ['0', 'Inbox'],
  ['1', 'AllDrafts'],
  ['2', 'AllSent'],
  ['3', 'Trash'],
  ['4', 'Spam'],
  ['5', 'All Mail'],
  ['6', 'Archive'],
  ['7', 'Sent'],
  ['8', 'Drafts'],
  ['9', 'Outbox'],
  ['10', 'Starred'],
  ['12', 'Scheduled'],
]

function notFound(): SandboxError {
  return new SandboxError(404, CODE.NOT_FOUND_ERROR, 'Label does not exist')
}

export class LabelStore {
  private readonly labels: Row[] = []
  private readonly system: Row[] = SYSTEM_LABELS.map(([ID, Name], index) => ({
    Color: '#8080FF',
    Display: 1,
    ID,
    Name,
    Order: index + 1,
    Path: Name,
    Type: SYSTEM_TYPE,
  }))

  /** The labels of the types asked for (all when none), each with its Path. */
  list(types: readonly number[] = []): Row[] {
    const wanted = (row: Row) => types.length === 0 || types.includes(Number(row.Type))
    return [...this.labels, ...this.system].filter(wanted).map((row) => this.withPath(row))
  }

  get(id: string): Row {
    const label = this.find(id)
    if (!label) throw notFound()
    return this.withPath(label)
  }

  create(input: LabelInput): Row {
    if (input.Type === SYSTEM_TYPE) throw new SandboxError(422, CODE.INVALID_REQUIREMENT_ERROR, 'System folders (Type 4) are the service’s own and cannot be created')
    const parentId = this.checkParent(input.Type, input.ParentID)
    this.checkNameFree(input.Type, parentId, input.Name)
    const label: Row = {
      Color: input.Color,
      Display: input.Display ?? 1,
      Expanded: input.Expanded ?? 0,
      ID: newId(),
      Name: input.Name,
      Notify: input.Notify ?? (input.Type === FOLDER_TYPE ? 1 : 0),
      Order: this.labels.filter((other) => other.Type === input.Type).length + 1,
      ParentID: parentId,
      Sticky: input.Sticky ?? 0,
      Type: input.Type,
    }
    this.labels.push(label)
    return this.withPath(label)
  }

  /** PUT /core/v4/labels/{id}: a new name, colour, parent or settings (never a new Type). */
  update(id: string, change: LabelChange): Row {
    const label = this.owned(id)
    const type = Number(label.Type)
    // Absent: the folder stays where it is; null (sent as 0, '' or null): to the top.
    const parentId = change.ParentID === undefined ? (label.ParentID as string | undefined) : this.checkParent(type, change.ParentID ?? undefined)
    if (parentId !== undefined && (parentId === id || this.descendantsOf(id).includes(parentId))) {
      throw new SandboxError(422, CODE.INVALID_REQUIREMENT_ERROR, 'A folder cannot be moved into itself or into a folder under it')
    }

    this.checkNameFree(type, parentId, change.Name, id)
    Object.assign(label, {Color: change.Color, Name: change.Name, ParentID: parentId})
    for (const key of ['Notify', 'Expanded', 'Sticky', 'Display'] as const) {
      if (change[key] !== undefined) label[key] = change[key]
    }

    return this.withPath(label)
  }

  /** Delete a label; a folder takes every folder under it along. */
  delete(id: string): void {
    this.owned(id)
    const gone = new Set([id, ...this.descendantsOf(id)])
    for (let index = this.labels.length - 1; index >= 0; index--) {
      if (gone.has(String(this.labels[index].ID))) this.labels.splice(index, 1)
    }
  }

  private find(id: string): Row | undefined {
    return this.labels.find((label) => label.ID === id) ?? this.system.find((label) => label.ID === id)
  }

  /** A label the account made (system folders are refused with 2011). */
  private owned(id: string): Row {
    const label = this.labels.find((candidate) => candidate.ID === id)
    if (label) return label
    if (this.system.some((candidate) => candidate.ID === id)) {
      throw new SandboxError(422, SANDBOX_CODE.NOT_ALLOWED, 'System folders cannot be changed or deleted')
    }

    throw notFound()
  }

  /** ParentID as sent ('' / 0 / null: none): only a folder of the account, and only for a folder. */
  private checkParent(type: number, parent: string | undefined): string | undefined {
    if (parent === undefined) return undefined
    if (type !== FOLDER_TYPE) throw new SandboxError(422, CODE.INVALID_REQUIREMENT_ERROR, 'ParentID can only be set for folders (Type 3)')
    const found = this.labels.find((label) => label.ID === parent)
    if (!found || found.Type !== FOLDER_TYPE) throw new SandboxError(422, CODE.INVALID_ID_ERROR, 'ParentID is not a folder of this account')
    return parent
  }

  /** Names are unique among siblings of one type, whatever their case. */
  private checkNameFree(type: number, parentId: string | undefined, name: string, except?: string): void {
    const taken = this.labels.some((label) => label.ID !== except && label.Type === type && label.ParentID === parentId && String(label.Name).toLowerCase() === name.toLowerCase())
    if (taken) throw new SandboxError(409, CODE.ALREADY_EXISTS_ERROR, `A label or folder with the name "${name}" already exists`)
  }

  private descendantsOf(id: string): string[] {
    const children = this.labels.filter((label) => label.ParentID === id).map((label) => String(label.ID))
    return children.flatMap((child) => [child, ...this.descendantsOf(child)])
  }

  /** The row as the service answers it: ParentID only when set, Path from the root. */
  private withPath(label: Row): Row {
    const names: string[] = []
    for (let current: Row | undefined = label, depth = 0; current && depth <= this.labels.length; depth++) {
      names.unshift(String(current.Name))
      const parent: unknown = current.ParentID
      current = parent === undefined ? undefined : this.labels.find((candidate) => candidate.ID === parent)
    }

    const {ParentID, ...rest} = label
    return {...rest, ...(ParentID === undefined ? {} : {ParentID}), Path: names.join('/')}
  }
}
