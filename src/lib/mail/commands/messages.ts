/**
 * What the commands that read the message list share: where it is, how
 * large a page may be, and what a Stale answer is (the service's index is
 * catching up; go-proton-api's GetMessageMetadataPage asks again while it
 * says so, message.go).
 */
import {isRecord} from '../../core/records.ts'

export const MESSAGES_PATH = '/mail/v4/messages'
/** The most messages a page holds: go-proton-api's maxPageSize (paging.go). */
export const MESSAGES_PAGE_SIZE_MAX = 150
/** How many times a Stale answer is asked for again before it is shown as it is. */
export const STALE_ASKS = 3
export const STALE_NOTE = `Note: the service still says the list is stale (Stale: 1) after ${STALE_ASKS + 1} asks; it may miss recent changes`

export const isStale = (data: unknown) => isRecord(data) && (data.Stale === 1 || data.Stale === true)
