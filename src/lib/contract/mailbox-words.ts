/** The mailboxes as commands and completion name them. */
import {MAILBOX_LABEL_IDS} from './contract.ts'

/** Mailbox names as --label takes them: inbox, all-mail, category-social … */
export const MAILBOX_WORDS = Object.values(MAILBOX_LABEL_IDS).map((name) => name.toLowerCase().replaceAll('_', '-'))

/**
 * The system folders `mail move --to` takes by name, as the web client
 * moves to them (MAILBOX_LABEL_IDS: INBOX 0, ARCHIVE 6, SPAM 4, TRASH 3).
 * The other mailboxes are no place a message is moved to: starred is a
 * label (mail star), all-mail, sent and drafts follow from the message.
 */
export const MOVE_FOLDERS: ReadonlyArray<readonly [string, string]> = [
  ['inbox', '0'],
  ['archive', '6'],
  ['spam', '4'],
  ['trash', '3'],
]
