/**
 * Checks of what the user typed, before anything is sent: a bad value ends
 * the command with one line and exit 1, and no request leaves the machine.
 */
import {LABEL_TYPE, MAILBOX_LABEL_IDS} from '../contract/contract.ts'
import {MOVE_FOLDERS} from '../contract/mailbox-words.ts'
import {valueOfName} from '../output/decode.ts'
import {usageError} from '../core/errors.ts'

const COLOR = /^#[0-9A-Fa-f]{6}$/

export function checkColor(color: string): string {
  if (!COLOR.test(color)) throw usageError(`--color must be a colour of the form #RRGGBB (six hex digits), not ${JSON.stringify(color)}`)
  return color
}

export function checkName(name: string, flag = '--name'): string {
  if (name.trim() === '') throw usageError(`${flag} must not be empty`)
  return name
}

/** Path segments (label IDs): not empty, sent percent-encoded. */
export function checkId(id: string, what: string): string {
  if (id.trim() === '') throw usageError(`${what} must not be empty`)
  return id
}

/** The words --type takes, each naming one LABEL_TYPE value. */
export const LABEL_TYPE_WORDS = {
  label: 'MESSAGE_LABEL',
  folder: 'MESSAGE_FOLDER',
  'contact-group': 'CONTACT_GROUP',
  system: 'SYSTEM_FOLDER',
} as const satisfies Record<string, (typeof LABEL_TYPE)[keyof typeof LABEL_TYPE]>

export type LabelTypeWord = keyof typeof LABEL_TYPE_WORDS

/** A --type word (or the contract's name, any case), if among the allowed words. */
export function parseLabelType(text: string, allowed: readonly LabelTypeWord[]): LabelTypeWord {
  const wanted = text.trim().toLowerCase()
  const word = allowed.find((candidate) => candidate === wanted || LABEL_TYPE_WORDS[candidate].toLowerCase() === wanted)
  if (word === undefined) throw usageError(`--type must be one of ${allowed.join(', ')}, not ${JSON.stringify(text)}`)
  return word
}

/** The LABEL_TYPE value a --type word stands for. */
export function labelTypeValue(word: LabelTypeWord): number {
  const value = valueOfName(LABEL_TYPE, LABEL_TYPE_WORDS[word])
  if (value === undefined) throw new Error(`LABEL_TYPE has no ${LABEL_TYPE_WORDS[word]}`)
  return value
}

const mailboxKey = (text: string) => text.trim().toLowerCase().replaceAll('-', '_')

/** What --label names: an ID to send, or the name (or path) of a label or folder to look up. */
export type LabelChoice = {id: string} | {name: string}

/**
 * The service's own IDs: long URL-safe base64 with its padding (64 bytes,
 * 88 characters); nobody names a folder like that. The system mailboxes
 * have short numeric IDs ("0" inbox, "5" all mail …).
 */
const SERVICE_ID = /^[A-Za-z0-9_-]{40,}={0,2}$/
const SYSTEM_ID = /^\d{1,3}$/

/**
 * --label: a MAILBOX_LABEL_IDS name (any case, - or _) becomes its ID, and
 * so does a system mailbox's number or what is shaped like the service's
 * IDs; anything else is the name or path ("Invoices/2024") of a label or
 * folder, or a shorter ID, for the caller to look up. The mailbox names
 * come first: the web client forbids labels named after them
 * (FORBIDDEN_LABEL_NAMES in WebClients packages/shared/lib/constants.ts).
 */
export function parseMailboxLabel(text: string): LabelChoice {
  checkId(text, '--label')
  const mailbox = mailboxId(text)
  if (mailbox !== undefined) return {id: mailbox}
  return idOrName(text)
}

/** The ID a mailbox word names (any case, - or _: all-mail, ALL_MAIL), or undefined. */
export function mailboxId(text: string): string | undefined {
  const key = mailboxKey(text)
  return Object.entries(MAILBOX_LABEL_IDS).find(([, name]) => name.toLowerCase() === key)?.[0]
}

/** A system number or what is shaped like the service's IDs is an ID; anything else a name or path to look up. */
function idOrName(text: string): LabelChoice {
  return SYSTEM_ID.test(text) || SERVICE_ID.test(text) ? {id: text} : {name: text}
}

/** --to: a system folder's word, or an ID, or the name or path of one of the account's folders to look up. */
export function parseFolderChoice(text: string): LabelChoice {
  checkId(text, '--to')
  const mailbox = mailboxId(text)
  if (mailbox === undefined) return idOrName(text)
  if (MOVE_FOLDERS.some(([, id]) => id === mailbox)) return {id: mailbox}
  const hint = mailbox === '10' ? ': use "mail star"' : ''
  throw usageError(`--to ${JSON.stringify(text)} is not a folder a message can be moved to (${MOVE_FOLDERS.map(([word]) => word).join(', ')}, or one of your folders)${hint}`)
}

/** --add/--remove of mail label: an ID, or the name of one of the account's labels to look up; mailbox words are refused. */
export function parseLabelChoice(text: string, flag: string): LabelChoice {
  checkId(text, flag)
  const mailbox = mailboxId(text)
  if (mailbox === undefined) return idOrName(text)
  const hint = mailbox === '10' ? 'use "mail star" or "mail unstar"' : MOVE_FOLDERS.some(([, id]) => id === mailbox) ? 'use "mail move --to"' : "it is the service's own"
  throw usageError(`${flag} ${JSON.stringify(text)} names a mailbox, not one of your labels: ${hint}`)
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?([Zz]|[+-]\d{2}:?\d{2})?$/

/**
 * --after/--before: a date (2025-01-31, midnight UTC) or an ISO 8601 time
 * with its zone (2025-01-31T09:30:00+01:00, …Z), taken as given, as Unix
 * seconds (a fraction of a second rounded towards the inside of the range:
 * up for --after, down for --before). A time without a zone is refused
 * rather than guessed.
 */
export function parseTimeFlag(text: string, flag: '--after' | '--before'): number {
  const bad = (why: string) => usageError(`${flag} ${JSON.stringify(text)} ${why}`)
  const date = DATE.exec(text)
  const time = date ? undefined : DATE_TIME.exec(text)
  const parts = date ?? time
  if (!parts) throw bad('is not a date (YYYY-MM-DD) or an ISO 8601 time (YYYY-MM-DDTHH:MM[:SS]Z or with an offset such as +02:00)')
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map((index) => Number(parts[index] ?? 0))
  const naive = Date.UTC(year, month - 1, day, hour, minute, second)
  const check = new Date(naive)
  const same = check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day && check.getUTCHours() === hour && check.getUTCMinutes() === minute
  if (!same || second > 59 || year < 1970) throw bad('is not a date and time that exists (from 1970 on)')
  if (time && time[8] === undefined) throw bad('has no time zone: add Z (UTC) or an offset such as +02:00 (a date alone means midnight UTC)')
  let offsetMinutes = 0
  const zone = time?.[8]
  if (zone && zone.toUpperCase() !== 'Z') {
    const digits = zone.slice(1).replace(':', '')
    const hours = Number(digits.slice(0, 2))
    const minutes = Number(digits.slice(2))
    if (hours > 23 || minutes > 59) throw bad(`has an offset that does not exist (${zone})`)
    offsetMinutes = (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes)
  }

  const seconds = naive / 1000 - offsetMinutes * 60
  const fraction = Number(time?.[7] ?? 0)
  return fraction > 0 && flag === '--after' ? seconds + 1 : seconds
}
