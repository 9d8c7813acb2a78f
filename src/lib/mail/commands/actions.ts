/**
 * The message actions, each PUT with a JSON body as both official clients
 * send them (go-proton-api message.go, message_types.go; WebClients
 * packages/shared/lib/api/messages.ts):
 *
 * - trash, move, star, label --add: PUT /mail/v4/messages/label
 *   {"LabelID", "IDs"} (LabelMessages, LabelMessagesReq; labelMessages):
 *   trash is the system folder 3, star the label 10, move a folder;
 * - unstar, label --remove: PUT /mail/v4/messages/unlabel {"LabelID", "IDs"}
 *   (UnlabelMessages; unlabelMessages);
 * - mark --read / --unread: PUT /mail/v4/messages/read or /unread {"IDs"}
 *   (MarkMessagesRead, MarkMessagesUnread, MessageActionReq;
 *   markMessageAsRead, markMessageAsUnread);
 * - delete: PUT /mail/v4/messages/delete {"IDs"} (DeleteMessage;
 *   deleteMessages), permanent, so confirmed first.
 *
 * IDs come from the arguments or standard input (given-ids.ts) and go at
 * most 150 a request, answered per item (message-batch.ts).
 */
import {MAILBOX_LABEL_IDS} from '../../contract/contract.ts'
import {valueOfName} from '../../output/decode.ts'
import type {PlannedRequest} from '../../run/dry-run.ts'
import {type LabelChoice, parseFolderChoice, parseLabelChoice} from '../../cli/input-checks.ts'
import {usageError} from '../../core/errors.ts'
import type {Invocation} from '../../run/invocation.ts'
import type {LineReader} from '../../core/parsed-line.ts'
import {plainCommand} from '../../run/plain-command.ts'
import {confirmDeletion} from '../../run/per-id.ts'
import {canLookUp} from '../../run/api.ts'
import {type LabelLookup, plannedLookup, resolveLabel} from './label-lookup.ts'
import {type BatchAction, runBatch} from '../../run/message-batch.ts'
import {readIds} from '../../run/given-ids.ts'

const MESSAGES = '/mail/v4/messages'

function systemLabel(name: (typeof MAILBOX_LABEL_IDS)[keyof typeof MAILBOX_LABEL_IDS]): string {
  return String(valueOfName(MAILBOX_LABEL_IDS, name))
}

export const TRASH_LABEL_ID = systemLabel('TRASH')
export const STARRED_LABEL_ID = systemLabel('STARRED')

/** PUT /mail/v4/messages/label or /unlabel: {LabelID, IDs}, the order of go-proton-api's LabelMessagesReq and the web client's body. */
const labelling =
  (verb: 'label' | 'unlabel', labelId: string) =>
  (ids: string[]): PlannedRequest => ({body: {LabelID: labelId, IDs: ids}, method: 'PUT', path: `${MESSAGES}/${verb}`})

/** PUT /mail/v4/messages/<what> {IDs}: MessageActionReq. */
const byIds =
  (what: 'delete' | 'read' | 'unread') =>
  (ids: string[]): PlannedRequest => ({body: {IDs: ids}, method: 'PUT', path: `${MESSAGES}/${what}`})

export interface IdsOptions {
  dryRun: boolean
  /** The arguments as given ("-": standard input). */
  argv: readonly string[]
}

const idsOptions = (line: LineReader): IdsOptions => ({argv: line.line.argv, dryRun: line.boolean('dry-run')})

/** Looked up among folders: `mail move --to`. */
export const FOLDER_LOOKUP: LabelLookup = {
  flag: '--to',
  nothing: 'folder (inbox, archive, spam, trash, or one of yours); see "mail labels list --type folder", or give an ID',
  plural: 'folders',
  types: ['folder'],
}

/** Looked up among labels: `mail label --add/--remove`. */
const labelLookup = (flag: string): LabelLookup => ({
  flag,
  nothing: 'label; see "mail labels list --type label", or give an ID',
  plural: 'labels',
  types: ['label'],
})

/**
 * A label or folder choice resolved for a run. A dry run resolves it too
 * (GET requests only, so a name that names nothing fails as the real run
 * would) when there is a session; without one, it shows the lookup's
 * requests and a placeholder, and says the name was not checked.
 */
async function labelFor(invocation: Invocation, choice: LabelChoice, lookup: LabelLookup, dryRun: boolean): Promise<{id: string; lookups: PlannedRequest[]; name: string}> {
  if (dryRun && !(await canLookUp(invocation))) {
    const planned = plannedLookup(choice, lookup)
    if ('name' in choice) invocation.note(`Not checked: that ${lookup.flag} ${JSON.stringify(choice.name)} names one of your ${lookup.plural} (not logged in).`)
    return {id: planned.id, lookups: planned.requests, name: 'name' in choice ? choice.name : choice.id}
  }

  return {...(await resolveLabel(invocation, choice, lookup)), lookups: []}
}

export const mailTrash = plainCommand<IdsOptions>({
  options: idsOptions,
  async run(invocation, {argv, dryRun}) {
    const ids = await readIds(invocation, argv)
    await runBatch(invocation, ids, {after: ' to trash', request: labelling('label', TRASH_LABEL_ID), verb: 'Moved'}, {dryRun})
  },
})

export const mailMove = plainCommand<IdsOptions & {to: string}>({
  options: (line) => ({...idsOptions(line), to: line.string('to')}),
  async run(invocation, {argv, dryRun, to}) {
    const choice = parseFolderChoice(to)
    const ids = await readIds(invocation, argv)
    const folder = await labelFor(invocation, choice, FOLDER_LOOKUP, dryRun)
    const where = 'id' in choice && choice.id !== to ? to.toLowerCase() : folder.name
    await runBatch(invocation, ids, {after: ` to ${where}`, request: labelling('label', folder.id), verb: 'Moved'}, {dryRun, lookups: folder.lookups})
  },
})

export const mailStar = plainCommand<IdsOptions>({
  options: idsOptions,
  async run(invocation, {argv, dryRun}) {
    await runBatch(invocation, await readIds(invocation, argv), {request: labelling('label', STARRED_LABEL_ID), verb: 'Starred'}, {dryRun})
  },
})

export const mailUnstar = plainCommand<IdsOptions>({
  options: idsOptions,
  async run(invocation, {argv, dryRun}) {
    await runBatch(invocation, await readIds(invocation, argv), {request: labelling('unlabel', STARRED_LABEL_ID), verb: 'Unstarred'}, {dryRun})
  },
})

export const mailLabel = plainCommand<IdsOptions & {add?: string; remove?: string}>({
  options: (line) => ({...idsOptions(line), add: line.optionalString('add'), remove: line.optionalString('remove')}),
  async run(invocation, {add, argv, dryRun, remove}) {
    if (add !== undefined && remove !== undefined) throw usageError('give --add or --remove, not both')
    const flag = add === undefined ? '--remove' : '--add'
    const name = add ?? remove
    if (name === undefined) throw usageError('give --add NAME (label the messages) or --remove NAME (take the label off)')
    const choice = parseLabelChoice(name, flag)
    const ids = await readIds(invocation, argv)
    const label = await labelFor(invocation, choice, labelLookup(flag), dryRun)
    const action: BatchAction =
      add === undefined
        ? {after: ` (label ${label.name} removed)`, request: labelling('unlabel', label.id), verb: 'Unlabelled'}
        : {after: ` with ${label.name}`, request: labelling('label', label.id), verb: 'Labelled'}
    await runBatch(invocation, ids, action, {dryRun, lookups: label.lookups})
  },
})

export const mailMark = plainCommand<IdsOptions & {read: boolean; unread: boolean}>({
  options: (line) => ({...idsOptions(line), read: line.boolean('read'), unread: line.boolean('unread')}),
  async run(invocation, {argv, dryRun, read, unread}) {
    if (read === unread) throw usageError(read ? 'give --read or --unread, not both' : 'give --read or --unread')
    const ids = await readIds(invocation, argv)
    await runBatch(invocation, ids, {after: read ? ' read' : ' unread', request: byIds(read ? 'read' : 'unread'), verb: 'Marked'}, {dryRun})
  },
})

export const mailDelete = plainCommand<IdsOptions & {yes: boolean}>({
  options: (line) => ({...idsOptions(line), yes: line.boolean('yes')}),
  async run(invocation, {argv, dryRun, yes}) {
    const ids = await readIds(invocation, argv)
    // Permanent: confirmed first, as the other deletions are (per-id.ts); --dry-run neither asks nor sends.
    if (!dryRun) await confirmDeletion('message', ids, yes, ' permanently')
    await runBatch(invocation, ids, {after: ' permanently', request: byIds('delete'), verb: 'Deleted'}, {dryRun})
  },
})
