/**
 * The bounds of a paged listing a dedicated command holds whole before it
 * prints anything (contacts list and export, calendar events list), as
 * `mail list --all` has them (pagination.ts): the answers together at most
 * what a command holds in memory (64 MiB, or --max-size when smaller),
 * every page asked for within one --timeout from the first, and no page
 * holding more items than the PageSize asked. A page can hold any number of
 * items whatever PageSize says, and a service that always has more can
 * page for ever: past a bound the listing ends, exit 5, nothing printed.
 */
import type {Answer} from '../output/api-answer.ts'
import {heldBound, type SizeBound} from '../http/max-size.ts'
import {TimeoutFailure, unavailableError} from '../core/errors.ts'
import type {Invocation} from './invocation.ts'

export class ListingBounds {
  private bytes = 0
  private readonly bound: SizeBound
  private readonly deadline: number
  private readonly timeout: number
  private readonly what: string
  /** `what` begins the error lines (the list's path). */
  constructor(invocation: Invocation, what: string) {
    this.what = what
    this.bound = heldBound(invocation.flags['max-size'])
    this.timeout = invocation.flags.timeout
    this.deadline = Date.now() + this.timeout * 1000
  }

  /** Before a page is asked for: the listing's --timeout, counted from its first page. */
  beforePage(): void {
    if (Date.now() > this.deadline) throw new TimeoutFailure(`${this.what}: the pages were not all in within ${this.timeout} s (timeout; see --timeout); nothing printed`)
  }

  /** A page as received: its bytes added to the others', its items against the PageSize asked. */
  received(answer: Answer, page: string, items: number, pageSize: number): void {
    this.bytes += answer.body.length
    if (this.bytes > this.bound.bytes) throw unavailableError(`${this.what}: the pages together are over ${this.bound.name}; nothing printed`)
    if (items > pageSize) throw unavailableError(`${this.what}: ${page} held ${items} items, more than the PageSize ${pageSize} asked for; nothing printed`)
  }
}
