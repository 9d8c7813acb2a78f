/**
 * What the contacts commands ask the service (WebClients packages/shared/lib/api/contacts.ts; go-proton-api
 * contact.go): every page of a list, a contact by ID, the contacts that hold an address, and the contact groups.
 */
import {type Card} from './contact-cards.ts'
import type {CardOpener} from './card-opener.ts'
import {isRecord, type JsonRecord, listOf, recordOf} from '../core/records.ts'
import {checkId} from '../cli/input-checks.ts'
import {wholeId} from '../files/last-listing.ts'
import {idSegment} from '../http/path-segment.ts'
import {ListingBounds} from '../run/listing-bounds.ts'
import {attempt, call, settle} from '../run/api.ts'
import {unavailableError, usageError} from '../core/errors.ts'
import {EXIT} from '../core/exit-status.ts'
import type {Invocation} from '../run/invocation.ts'
import {type ContactView, type MergedContact, mergeCards} from './contact-view.ts'

export const CONTACTS = '/contacts/v4/contacts'
/** The web client's page sizes: queryContacts 1000, queryContactExport 50 (QUERY_EXPORT_MAX_PAGESIZE). */
export const LIST_PAGE_SIZE = 1000
export const EXPORT_PAGE_SIZE = 50
/** No list takes more pages than this, whatever its Total says (as --paginate's --max-pages). */
export const MAX_PAGES = 1000

/**
 * Every item of a paged list (Page from 0, PageSize, until Total items are in); complete or fail, within the bounds
 * of a listing (ListingBounds: the pages together, --timeout, a page of more items than asked). A Total that would
 * take more than MAX_PAGES pages is impossible here, and refused at the first page.
 */
export async function allPages(invocation: Invocation, path: string, key: string, pageSize: number, query: Array<[string, string]> = []): Promise<{items: JsonRecord[]; total: number}> {
  const items: JsonRecord[] = []
  const bounds = new ListingBounds(invocation, path)
  for (let page = 0; page < MAX_PAGES; page++) {
    bounds.beforePage()
    const answer = await call(invocation, {method: 'GET', path, query: [['Page', String(page)], ['PageSize', String(pageSize)], ...query]})
    const list = listOf(answer.data, key)
    bounds.received(answer, `Page ${page}`, list.length, pageSize)
    const given = isRecord(answer.data) ? answer.data.Total : undefined
    const total = typeof given === 'number' && Number.isSafeInteger(given) && given >= 0 ? given : items.length + list.length
    if (total > MAX_PAGES * pageSize)
      throw unavailableError(`${path}: Total ${total} at ${pageSize} items a page takes ${Math.ceil(total / pageSize)} pages, over the ${MAX_PAGES} this tool fetches; nothing printed`)
    items.push(...list)
    if (items.length >= total) return {items, total}
    if (list.length === 0) throw unavailableError(`${path}: only ${items.length} of Total ${total} items arrived (Page ${page} came back without items)`)
  }

  throw unavailableError(`${path}: more than ${MAX_PAGES} pages; stopped`)
}

const cardsOf = (record: JsonRecord): Card[] => (Array.isArray(record.Cards) ? record.Cards.filter(isRecord).map((card) => card as unknown as Card) : [])

/** A contact record's cards opened (see cardOpener) and merged. */
export async function mergedContact(record: JsonRecord, opener: CardOpener): Promise<MergedContact> {
  return mergeCards(await opener.open(cardsOf(record)))
}

/**
 * A contact by ID (GET /contacts/v4/contacts/ID). An ID the service does not know is bad input, as an unknown
 * address is: one line naming it, exit 1; any other failure is reported as the service gave it.
 */
export async function contactRecord(invocation: Invocation, id: string): Promise<JsonRecord> {
  checkId(id, 'a contact ID')
  const outcome = await attempt(invocation, {method: 'GET', path: `${CONTACTS}/${idSegment(id)}`})
  if (!outcome.ok && outcome.failure.exitStatus === EXIT.NOT_FOUND) throw usageError(`no contact has the ID ${JSON.stringify(id)} (see "contacts list")`)
  const answer = await settle(invocation, outcome)
  if (typeof answer === 'number') invocation.exit(answer)
  return recordOf(answer.data, 'Contact')
}

/**
 * The IDs of every contact that holds the address (GET /contacts/v4/contacts/emails?Email=), in the service's
 * order. Several are all shown: a read changes nothing, and an address kept twice is most often one person entered
 * twice, whom the user wants to see without a second command per ID.
 */
export async function contactIdsByEmail(invocation: Invocation, email: string): Promise<string[]> {
  const {items} = await allPages(invocation, `${CONTACTS}/emails`, 'ContactEmails', LIST_PAGE_SIZE, [['Email', email]])
  const ids = [...new Set(items.filter((item) => typeof item.Email === 'string' && item.Email.toLowerCase() === email.toLowerCase()).map((item) => String(item.ContactID)))]
  if (ids.length === 0) throw usageError(`no contact has the address ${JSON.stringify(email)} (see "contacts list")`)
  return ids
}

/** The names of the contact groups (labels of Type 2) its addresses are in. */
export async function groupNames(invocation: Invocation, record: JsonRecord): Promise<string[]> {
  const emails = Array.isArray(record.ContactEmails) ? record.ContactEmails.filter(isRecord) : []
  const labelIds = new Set([...emails.flatMap((email) => (Array.isArray(email.LabelIDs) ? email.LabelIDs : [])), ...(Array.isArray(record.LabelIDs) ? record.LabelIDs : [])].map(String))
  if (labelIds.size === 0) return []
  const labels = listOf((await call(invocation, {method: 'GET', path: '/core/v4/labels', query: [['Type', '2']]})).data, 'Labels')
  return labels.filter((label) => labelIds.has(String(label.ID))).map((label) => String(label.Name))
}

/** The contacts a command line names, each once, in its order: IDs, and addresses (they have an @) looked up first. */
export async function namedContacts(invocation: Invocation, idsOrEmails: readonly string[]): Promise<JsonRecord[]> {
  for (const given of idsOrEmails) {
    if (given.trim() === '') throw usageError('give a contact ID or e-mail address (see "contacts list")')
    if (!given.includes('@')) checkId(given, 'a contact ID')
  }

  const ids = new Set<string>()
  for (const given of idsOrEmails) for (const id of given.includes('@') ? await contactIdsByEmail(invocation, given) : [wholeId(invocation.context.cacheDir, 'contact', given)]) ids.add(id)
  const records: JsonRecord[] = []
  for (const id of ids) records.push(await contactRecord(invocation, id))
  return records
}

/** The lines a contact's cards call for on stderr, one each; `unreadable`: a card could not be decrypted or read. */
export function cardWarnings(view: ContactView): {lines: string[]; unreadable: boolean} {
  const lines: string[] = []
  let unreadable = false
  for (const card of view.Cards) {
    if (card.Signature === 'failed')
      lines.push(`Warning: contact ${view.ID}: the signature of its card of Type ${card.Type} does not hold (${card.Problem ?? 'signature FAILED'}): its fields are shown marked "signature FAILED"`)
    else if (card.Problem !== undefined) {
      unreadable = true
      lines.push(`Error: contact ${view.ID}: its card of Type ${card.Type} cannot be read: ${card.Problem}`)
    }
  }

  return {lines, unreadable}
}
