/**
 * How `mail list --all` prints the whole list once it is complete: --output json the pages as the service sent them
 * (merged into one answer, or --jq over it), yaml the first page's answer with every message, text the table.
 */
import {mergePages, type Page} from '../../http/pagination.ts'
import {toYaml, writeJsonSource} from '../../output/output.ts'
import {tableStyle} from '../../output/table-style.ts'
import type {JsonValue} from '../../core/json-value.ts'
import {isRecord, type JsonRecord} from '../../core/records.ts'
import type {Invocation} from '../../run/invocation.ts'
import {writeListing} from '../../run/printer.ts'
import {allMessagesListing} from '../views/messages.ts'

/** `pages` as received, `data` each parsed, `messages` all of theirs in order. */
export async function printAllMessages(invocation: Invocation, pages: readonly Page[], data: ReadonlyArray<JsonValue | undefined>, messages: JsonRecord[]): Promise<void> {
  const {stdout} = invocation.io
  const {output} = invocation.flags
  if (output === 'json') {
    const [first] = pages
    const body = pages.length === 1 ? first.body : mergePages(pages)
    if (body.source && invocation.filtering) await invocation.printFiltered([body.source])
    else if (body.source) await writeJsonSource(body.source, 'json', stdout, {env: invocation.io.env, signal: invocation.transport().signal})
  } else if (output === 'yaml') {
    stdout.write(await toYaml({...(isRecord(data[0]) ? data[0] : {}), Messages: messages}))
  } else {
    writeListing(invocation, allMessagesListing(messages, tableStyle(invocation.io)))
  }
}
