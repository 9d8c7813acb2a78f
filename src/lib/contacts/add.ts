/**
 * Adding contacts as the web client does (WebClients packages/shared/lib/contacts/encrypt.ts prepareContacts,
 * api/contacts.ts addContacts, contacts/constants.ts ADD_CONTACTS_MAX_SIZE, OVERWRITE, CATEGORIES; go-proton-api
 * contact_types.go CreateContactsReq, CreateContactsRes): each contact's cards made with the primary user key
 * (card-split.ts, contacts/contact-cards.ts), then POST /contacts/v4/contacts {Contacts: [{Cards}], Overwrite, Labels: 0}
 * (Overwrite 0 for a contact created, 1 for a file imported: see OVERWRITE), at most 10 contacts a request, one after another. The service answers per contact (Code 1001,
 * Responses: [{Index, Response: {Code, Contact, Error}}]): a refused contact is said on stderr with its error and
 * the others are kept; after a failure later requests would meet too (authentication, the network, 429, 5xx)
 * nothing more is sent; after a signal (Ctrl-C, SIGTERM, SIGHUP) nothing more is sent either, and what became of
 * each contact is reported before the command ends. The exit status is the gravest (core/exit-status.ts).
 */
import {chunked, type Outcome} from '../run/message-batch.ts'
import {type Card, CARD_TYPE, makeCard} from './contact-cards.ts'
import {accountKeys} from '../account/keys.ts'
import {isRecord, type JsonRecord} from '../core/records.ts'
import {attempt} from '../run/api.ts'
import {showDryRun} from '../run/printer.ts'
import {CliFailure, oneLine} from '../core/errors.ts'
import {EXIT, type ExitStatus} from '../core/exit-status.ts'
import {interruptionText, interruptSignal} from '../core/interrupt.ts'
import type {Invocation} from '../run/invocation.ts'
import {splitCards} from './card-split.ts'
import {CONTACTS} from './service.ts'
import type {Property} from './vcard.ts'
import {type Added, judged, report} from './add-report.ts'

/** At most this many contacts a request (ADD_CONTACTS_MAX_SIZE). */
export const ADD_MAX = 10
/**
 * OVERWRITE.THROW_ERROR_IF_CONFLICT (0) when a contact is created, a UID already there refused; OVERWRITE_CONTACT (1)
 * when a file is imported, as the web client imports (WebClients packages/components/containers/contacts/import/
 * steps/ContactImporting.tsx processContactsInBatches), so importing the same file again updates its contacts.
 */
export const OVERWRITE = {CREATE: 0, IMPORT: 1} as const
export type Overwrite = (typeof OVERWRITE)[keyof typeof OVERWRITE]
/** CATEGORIES.IGNORE: no group is made. */
const LABELS = 0

/** The cards of one contact, in the web client's order (encrypted, signed, clear): each made by `make`. */
export async function cardsOf(properties: readonly Property[], make: (type: 0 | 2 | 3, text: string) => Card | Promise<Card>): Promise<Card[]> {
  const {clear, encrypted, signed} = splitCards(properties)
  const cards: Card[] = []
  if (encrypted !== undefined) cards.push(await make(CARD_TYPE.ENCRYPTED_AND_SIGNED, encrypted))
  cards.push(await make(CARD_TYPE.SIGNED, signed))
  if (clear !== undefined) cards.push(await make(CARD_TYPE.CLEAR_TEXT, clear))
  return cards
}

/** A card as --dry-run shows it, no key needed: the vCard in clear, what would be encrypted and signed said in place. */
export function previewCard(type: 0 | 2 | 3, text: string): Card {
  const Signature = type === CARD_TYPE.CLEAR_TEXT ? null : '<a detached signature by the primary user key>'
  return {Data: type === CARD_TYPE.ENCRYPTED_AND_SIGNED ? `<encrypted to the primary user key: ${text}>` : text, Signature, Type: type}
}

const request = (Contacts: Array<{Cards: Card[]}>, Overwrite: Overwrite) => ({body: {Contacts, Overwrite, Labels: LABELS}, method: 'POST', path: CONTACTS}) as const

/** --dry-run: the requests, each card's vCard in clear; nothing sent, no key used. */
export async function showAddDryRun(invocation: Invocation, contacts: ReadonlyArray<readonly Property[]>, overwrite: Overwrite): Promise<void> {
  const chunks = await Promise.all(
    chunked(contacts, ADD_MAX).map(async (chunk) => request(await Promise.all(chunk.map(async (properties) => ({Cards: await cardsOf(properties, previewCard)}))), overwrite)),
  )
  await showDryRun(invocation, chunks)
}

/** Failures that the next request would meet too. */
const STOPS: ReadonlySet<ExitStatus> = new Set([EXIT.AUTH, EXIT.UNAVAILABLE])

/**
 * Make and send the contacts; `names` name them in messages. Text: each new ID on stdout, a line per contact on
 * stderr; json|yaml: {Code: 1001, Responses: [{Index, Response}]}, every request's together, Index counting from 0
 * over all of them.
 */
export async function addContacts(invocation: Invocation, contacts: ReadonlyArray<readonly Property[]>, names: readonly string[], overwrite: Overwrite): Promise<void> {
  const primary = await (await accountKeys(invocation)).primaryUserKey()
  const signal = interruptSignal()
  const outcomes: Added[] = []
  let stopped: {cause: string; status: ExitStatus} | undefined
  let offset = 0
  for (const chunk of chunked(contacts, ADD_MAX)) {
    const indices = chunk.map((_, position) => offset + position)
    offset += chunk.length
    /** Contacts the service did not answer for, as message-batch.ts reports IDs: never sent, or sent without an answer. */
    const unanswered = (cause: string, status: ExitStatus, outcome?: Outcome) =>
      outcomes.push(...indices.map((index) => ({index, name: names[index], refusal: {cause, outcome, status}, response: {Error: cause, ...(outcome ? {Outcome: outcome} : {})}})))
    if (!stopped && signal.aborted) stopped = {cause: interruptionText(), status: EXIT.INTERRUPTED}
    if (stopped) {
      unanswered(`not sent: ${stopped.cause}`, stopped.status, 'not-sent')
      continue
    }

    const Contacts = await Promise.all(chunk.map(async (properties) => ({Cards: await cardsOf(properties, (type, text) => makeCard(type, text, primary))})))
    let outcome: Awaited<ReturnType<typeof attempt>>
    try {
      outcome = await attempt(invocation, request(Contacts, overwrite))
    } catch (error) {
      // The network, the timeout, a signal: the request may or may not have been applied.
      if (!(error instanceof CliFailure)) throw error
      if (error.exitStatus === EXIT.INTERRUPTED) {
        unanswered(`${interruptionText()} while its request was in flight: it may or may not have been applied`, EXIT.INTERRUPTED, 'unknown')
        stopped = {cause: interruptionText(), status: EXIT.INTERRUPTED}
        continue
      }

      unanswered(`${oneLine(error.message)} (it may or may not have been applied)`, error.exitStatus, 'unknown')
      stopped = {cause: `an earlier request failed (${oneLine(error.message)})`, status: error.exitStatus}
      continue
    }

    if (!outcome.ok) {
      const {failure} = outcome
      unanswered(failure.message, failure.exitStatus)
      if (STOPS.has(failure.exitStatus)) stopped = {cause: `an earlier request failed (${failure.message})`, status: failure.exitStatus}
      continue
    }

    const responses = isRecord(outcome.answer.data) && Array.isArray(outcome.answer.data.Responses) ? outcome.answer.data.Responses.filter((item): item is JsonRecord => isRecord(item)) : []
    for (const [position, index] of indices.entries()) {
      const item = responses.find((candidate) => candidate.Index === position)
      outcomes.push(judged(index, names[index], item?.Response))
    }
  }

  await report(invocation, outcomes)
}
