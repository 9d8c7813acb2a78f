/**
 * How the dedicated commands (mail, calendar, drive, account) print, as
 * functions over an Invocation: the three output formats of an answer or of
 * data the tool composed, a list as a table, a mutation's ID on stdout, and
 * --dry-run. How they send is dedicated.ts.
 */
import type {Answer} from '../output/api-answer.ts'
import {parseBaseUrl} from '../http/api-url.ts'
import {commandLine} from '../core/command-names.ts'
import {DEFAULT_API_URL} from '../contract/contract.ts'
import {activeSession, canLookUp} from './api.ts'
import {dryRunEntries, dryRunText, type PlannedRequest} from './dry-run.ts'
import type {Invocation} from './invocation.ts'
import type {JsonValue} from '../core/json-value.ts'
import {escapeLine} from '../core/escape.ts'
import {toYaml, writeJsonSource} from '../output/output.ts'
import {bufferSource} from '../output/spool.ts'
import {type Listing, listingTable, tableStyle, type TableStyle} from '../output/table-style.ts'
import {rememberListing} from '../files/last-listing.ts'

/** An answer in the chosen format: its bytes (json), YAML with exact integers, or the text rendering. */
export async function show(invocation: Invocation, answer: Answer, text: (data: JsonValue | undefined) => string): Promise<void> {
  const {stdout} = invocation.io
  const {output} = invocation.flags
  if (output === 'json' && invocation.filtering) await invocation.printFiltered([answer.body])
  else if (output === 'json') await writeJsonSource(bufferSource(answer.body), 'json', stdout, {env: invocation.io.env})
  else if (output === 'yaml') stdout.write(await toYaml(answer.data ?? null))
  else {
    const rendered = text(answer.data)
    if (rendered) stdout.write(`${rendered}\n`)
  }
}

/**
 * A list in text (table-style.ts): the table on stdout; its footer after
 * it on a terminal, on stderr when piped; and, on a terminal, its IDs kept
 * so that one cut in the table can be given back (last-listing.ts).
 */
export function writeListing(invocation: Invocation, listing: Listing, style: TableStyle = tableStyle(invocation.io)): void {
  const {stdout} = invocation.io
  const table = listingTable(style, listing)
  if (table) stdout.write(`${table}\n`)
  if (listing.footer !== undefined) {
    if (style.piped) invocation.note(listing.footer)
    else stdout.write(`${listing.footer}\n`)
  }

  if (!style.piped && listing.kind && listing.ids) rememberListing(invocation.context.cacheDir, listing.kind, listing.ids)
}

/** An answer shown as a list: json and yaml as show() prints them, text by writeListing. */
export async function showListing(invocation: Invocation, answer: Answer, view: (data: JsonValue | undefined, style: TableStyle) => Listing): Promise<void> {
  if (invocation.flags.output !== 'text') return show(invocation, answer, () => '')
  const style = tableStyle(invocation.io)
  writeListing(invocation, view(answer.data, style), style)
}

/**
 * A mutation's answer: its new ID alone on stdout in text mode, the confirmation on stderr, escaped: it repeats a
 * name as given (or as the service stored it) and the service's ID, either of which may hold control characters.
 */
export async function showCreated(invocation: Invocation, answer: Answer, id: (data: JsonValue | undefined) => string, confirmation: (id: string) => string): Promise<void> {
  let created: string | undefined
  try {
    created = id(answer.data)
  } catch (error) {
    // --output json|yaml shows the answer whatever its ID: that is where the error line sends the user.
    if (invocation.flags.output === 'text') throw error
  }

  await show(invocation, answer, () => created ?? '')
  if (created !== undefined) invocation.note(escapeLine(confirmation(created)))
}

/**
 * Data the tool composed itself (not a service answer): JSON or YAML as
 * asked, else the text rendering.
 */
export async function printData(invocation: Invocation, value: unknown, text: () => string): Promise<void> {
  const {stdout} = invocation.io
  if (invocation.flags.output !== 'text') await invocation.printStructured(value)
  else {
    const rendered = text()
    if (rendered) stdout.write(`${rendered}\n`)
  }
}

/**
 * --dry-run: the requests, nothing sent, no network. The base URL is the
 * session's when there is one (reading the session file is local), else
 * --api-url or the default, with a note that a real run needs a login.
 */
export async function showDryRun(invocation: Invocation, requests: readonly PlannedRequest[]): Promise<void> {
  await invocation.checkFilter()
  const entries = dryRunEntries(await dryRunBase(invocation), requests)
  await printData(invocation, entries, () => dryRunText(entries))
  invocation.note(`Dry run: ${requests.length === 1 ? 'the request was' : `${requests.length} requests were`} not sent.`)
}

async function dryRunBase(invocation: Invocation): Promise<URL> {
  const {profile} = invocation.flags
  if (await canLookUp(invocation)) return (await activeSession(invocation)).apiUrl
  invocation.note(`Note: not logged in (profile ${profile}); a real run needs "${commandLine(invocation.context.names, 'auth:login')}" first.`)
  return parseBaseUrl(invocation.flags['api-url'] ?? DEFAULT_API_URL)
}
