/**
 * An answer's body as the raw command receives it: checked by the scanner
 * while it arrives, and kept (in the spool, or for --output-file in the
 * temporary file beside the destination) until the whole is known, so that
 * nothing is printed of a body that turns out not to be JSON, is cut short,
 * or belongs to an attempt that is retried or interrupted.
 */
import type {BodyWriter} from '../http/client.ts'
import {ENVELOPE_MEMBERS, sniffOf, type Sniff} from './envelope.ts'
import {JsonScanner, type TopLevelMember} from './json-scan.ts'
import type {AtomicFile} from '../files/atomic-file.ts'
import {type ByteSource, bufferSource, type Spool} from './spool.ts'

export interface ReceivedBody {
  length: number
  lastByte: number | undefined
  /** The bytes to read back; undefined when they went to `file`. */
  source?: ByteSource
  /** --output-file: the temporary file holding the bytes, to commit or abandon. */
  file?: AtomicFile
  sniff: Sniff
  /** The top-level Total (--paginate). */
  total?: unknown
  /** The top-level lists by name; undefined when they cannot be told apart (--paginate needs exactly one). */
  lists?: ReadonlyMap<string, TopLevelMember>
  /** How deeply the JSON nests, when known (indenting and YAML refuse a deep one before parsing it). */
  depth?: number
}

/** What the response path reads of an answer's top level: the envelope, and Total for --paginate. */
const ANSWER_MEMBERS: ReadonlySet<string> = new Set([...ENVELOPE_MEMBERS, 'Total'])
/** More lists than this in one answer: it is not a page of one list anyway. */
const MAX_LISTS = 16

/** The scanner with what the response path keeps of an answer. */
class BodyCheck {
  private readonly scanner: JsonScanner
  private readonly lists = new Map<string, TopLevelMember>()
  private tangled = false

  constructor() {
    this.scanner = new JsonScanner({capture: ANSWER_MEMBERS, onMember: (member) => this.member(member)})
  }

  feed(chunk: Uint8Array): void {
    this.scanner.feed(chunk)
  }

  finish(): Pick<ReceivedBody, 'depth' | 'lists' | 'sniff' | 'total'> {
    const scan = this.scanner.end()
    return {
      depth: scan.json ? scan.depth : undefined,
      lists: this.tangled ? undefined : this.lists,
      sniff: sniffOf(scan),
      total: scan.json ? scan.members.get('Total') : undefined,
    }
  }

  /** The last of duplicate keys counts, as in JSON.parse: a later non-list under the same name removes the list. */
  private member(member: TopLevelMember): void {
    if (member.key === undefined) this.tangled ||= member.kind === 'array'
    else if (member.kind !== 'array') this.lists.delete(member.key)
    else if (this.lists.size < MAX_LISTS || this.lists.has(member.key)) this.lists.set(member.key, member)
    else this.tangled = true
  }
}

/** Keeps a body in the spool, checking it on the way. */
export function spoolWriter(spool: Spool): BodyWriter<ReceivedBody> {
  const entry = spool.entry()
  let check = new BodyCheck()
  return {
    discard() {
      entry.discard()
      check = new BodyCheck()
    },
    end: () => ({...check.finish(), lastByte: entry.lastByte, length: entry.length, source: entry}),
    async write(chunk) {
      check.feed(chunk)
      await entry.write(chunk)
    },
  }
}

/** Writes a body to --output-file's temporary file, checking it on the way (its Code decides whether it replaces the file). */
export function fileWriter(file: AtomicFile): BodyWriter<ReceivedBody> {
  const check = new BodyCheck()
  let lastByte: number | undefined
  return {
    discard: () => file.abandon(),
    end: () => ({...check.finish(), file, lastByte, length: file.length}),
    async write(chunk) {
      check.feed(chunk)
      lastByte = chunk.at(-1) ?? lastByte
      await file.write(chunk)
    },
  }
}

/** A body already whole in memory (an ApiResponse), checked the same way. */
export function receivedFromBuffer(buffer: Buffer): ReceivedBody {
  const check = new BodyCheck()
  check.feed(buffer)
  return {...check.finish(), lastByte: buffer.at(-1), length: buffer.length, source: bufferSource(buffer)}
}
