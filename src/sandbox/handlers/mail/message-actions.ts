/**
 * What the official clients do to messages, and the counts: PUT
 * /mail/v4/messages/label and /unlabel {"LabelID", "IDs"}, /read, /unread
 * and /delete {"IDs"} (go-proton-api message.go, message_types.go
 * LabelMessagesReq and MessageActionReq; WebClients api/messages.ts), and
 * GET /mail/v4/messages/count ({"Counts": [{"LabelID", "Total", "Unread"}]},
 * go-proton-api GetGroupedMessageCount).
 *
 * Each action answers per item, as the service does: Code 1001 and one
 * Response per ID, in the order sent ({"ID", "Response": {"Code": 1000}},
 * or {"Code": 2501, "Error": "Message does not exist"} for an ID that names
 * no message; go-proton-api LabelMessagesRes). A request refused as a
 * whole: IDs not a list of 1 to 150 strings (go-proton-api sends at most its
 * maxPageSize, 150, a request), a LabelID that names no label (404, Code
 * 2501), or one no message can be given: All Mail, All Drafts, All Sent
 * (go-proton-api server/backend/api.go refuses those) or a contact group.
 *
 * Labelling with a folder moves the message (server/backend/message.go
 * addSystemLabel, addUserLabel): it leaves its other folder (inbox, trash,
 * spam, archive, sent, drafts, or one of the account's), keeping its
 * labels and its star; starring is the label "10"; All Mail ("5") stays.
 */
import {CODE} from '../../../lib/contract/contract.ts'
import {SandboxError} from '../../backend/api-error.ts'
import {SANDBOX_CODE} from '../../backend/codes.ts'
import {FOLDER_TYPE, SYSTEM_LABELS, SYSTEM_TYPE} from '../../backend/labels.ts'
import type {Route, RouteRequest} from '../../backend/route-types.ts'
import type {Row, SandboxState} from '../../backend/state.ts'

/** The most IDs one request may carry: go-proton-api chunks every message action by its maxPageSize. */
export const ACTION_IDS_MAX = 150
/** Where a message is: one of these, or one of the account's folders. */
const LOCATIONS: ReadonlySet<string> = new Set(['0', '3', '4', '6', '7', '8'])
/** What no message is labelled with by hand: All Drafts, All Sent, All Mail. */
const DERIVED: ReadonlySet<string> = new Set(['1', '2', '5'])
const ALL_MAIL = '5'

function invalid(message: string): SandboxError {
  return new SandboxError(422, CODE.INVALID_REQUIREMENT_ERROR, message)
}

/** IDs: a list of 1 to 150 strings. */
function messageIds(body: Record<string, unknown>): string[] {
  const ids = body.IDs
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string' && id !== '')) throw invalid('IDs must be a list of message IDs')
  if (ids.length === 0) throw invalid('IDs must not be empty')
  if (ids.length > ACTION_IDS_MAX) throw invalid(`IDs must hold at most ${ACTION_IDS_MAX} message IDs`)
  return ids as string[]
}

type ItemResponse = {Code: number; Error?: string}

/** One Response per ID, in the order sent: `act` applied to each message that exists. */
function perItem(state: SandboxState, ids: readonly string[], act: (message: Row) => void): Record<string, unknown> {
  const Responses = ids.map((ID) => {
    const message = state.messages.find((candidate) => candidate.ID === ID)
    let Response: ItemResponse = {Code: CODE.SINGLE_SUCCESS}
    if (message) act(message)
    else Response = {Code: CODE.NOT_FOUND_ERROR, Error: 'Message does not exist'}
    return {ID, Response}
  })
  return {Code: CODE.GLOBAL_SUCCESS, Responses}
}

/** The label a LabelID names, and whether labelling with it moves the message (a folder). */
function labelOf(state: SandboxState, body: Record<string, unknown>): {folder: boolean; id: string} {
  const id = body.LabelID
  if (typeof id !== 'string' || id === '') throw invalid('LabelID is required')
  const label = state.labels.get(id)
  if (DERIVED.has(id)) throw new SandboxError(422, SANDBOX_CODE.NOT_ALLOWED, `Messages cannot be labelled with ${String(label.Name)}: it follows from the messages`)
  const type = Number(label.Type)
  if (type !== 1 && type !== FOLDER_TYPE && type !== SYSTEM_TYPE) throw new SandboxError(422, SANDBOX_CODE.NOT_ALLOWED, 'Messages cannot be labelled with a contact group')
  return {folder: type === FOLDER_TYPE || LOCATIONS.has(id), id}
}

function labelIds(message: Row): string[] {
  return message.LabelIDs as string[]
}

function isFolder(state: SandboxState, id: string): boolean {
  if (LOCATIONS.has(id)) return true
  if (SYSTEM_LABELS.some(([system]) => system === id)) return false
  return state.labels.list([FOLDER_TYPE]).some((folder) => folder.ID === id)
}

function label(state: SandboxState, request: RouteRequest): Record<string, unknown> {
  const body = request.json()
  const target = labelOf(state, body)
  const ids = messageIds(body)
  return perItem(state, ids, (message) => {
    const kept = target.folder ? labelIds(message).filter((id) => !isFolder(state, id)) : labelIds(message)
    message.LabelIDs = kept.includes(target.id) ? kept : [...kept, target.id]
  })
}

function unlabel(state: SandboxState, request: RouteRequest): Record<string, unknown> {
  const body = request.json()
  const target = labelOf(state, body)
  const ids = messageIds(body)
  return perItem(state, ids, (message) => {
    message.LabelIDs = labelIds(message).filter((id) => id !== target.id || id === ALL_MAIL)
  })
}

function markUnread(state: SandboxState, request: RouteRequest, unread: 0 | 1): Record<string, unknown> {
  return perItem(state, messageIds(request.json()), (message) => {
    message.Unread = unread
  })
}

function deleteMessages(state: SandboxState, request: RouteRequest): Record<string, unknown> {
  return perItem(state, messageIds(request.json()), (message) => {
    state.messages.splice(state.messages.indexOf(message), 1)
  })
}

/** Total and unread of every system label, label and folder (none left out for having no messages). */
function counts(state: SandboxState): Record<string, unknown> {
  const Counts = state.labels.list([SYSTEM_TYPE, 1, FOLDER_TYPE]).map((entry) => {
    const holding = state.messages.filter((message) => labelIds(message).includes(String(entry.ID)))
    return {LabelID: entry.ID, Total: holding.length, Unread: holding.filter((message) => message.Unread === 1).length}
  })
  return {Code: CODE.SINGLE_SUCCESS, Counts}
}

export function messageActionRoutes(state: SandboxState): Route[] {
  const put = (name: string, handle: (request: RouteRequest) => Record<string, unknown>): Route => ({access: 'full', handle, method: 'PUT', path: new RegExp(`^/mail/v4/messages/${name}$`)})
  return [
    put('label', (request) => label(state, request)),
    put('unlabel', (request) => unlabel(state, request)),
    put('read', (request) => markUnread(state, request, 0)),
    put('unread', (request) => markUnread(state, request, 1)),
    put('delete', (request) => deleteMessages(state, request)),
    {access: 'full', handle: () => counts(state), method: 'GET', path: /^\/mail\/v4\/messages\/count$/},
  ]
}
