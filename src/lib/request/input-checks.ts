/**
 * Checks of what the user typed, before anything is sent: a bad value ends
 * the command with one line and exit 1, and no request leaves the machine.
 */
import {LABEL_TYPE, MAILBOX_LABEL_IDS} from '../contract/contract.ts'
import {valueOfName} from '../output/decode.ts'
import {usageError} from '../runtime/errors.ts'

const COLOR = /^#[0-9A-Fa-f]{6}$/

export function checkColor(color: string): string {
  if (!COLOR.test(color)) throw usageError(`--color must be a colour of the form #RRGGBB (six hex digits), not ${JSON.stringify(color)}`)
  return color
}

export function checkName(name: string): string {
  if (name.trim() === '') throw usageError('--name must not be empty')
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

/** Mailbox names as --label takes them: inbox, all-mail, category-social … */
export const MAILBOX_WORDS = Object.values(MAILBOX_LABEL_IDS).map((name) => name.toLowerCase().replaceAll('_', '-'))

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
  const key = mailboxKey(text)
  const entry = Object.entries(MAILBOX_LABEL_IDS).find(([, name]) => name.toLowerCase() === key)
  if (entry) return {id: entry[0]}
  if (SYSTEM_ID.test(text) || SERVICE_ID.test(text)) return {id: text}
  return {name: text}
}
