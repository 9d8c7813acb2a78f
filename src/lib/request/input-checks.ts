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

/**
 * --label: a MAILBOX_LABEL_IDS name (any case, - or _) becomes its ID;
 * anything else is a label ID, sent as given. A short plain word that names
 * no mailbox is a typo, not an ID (the service's IDs are long base64).
 */
export function parseMailboxLabel(text: string): string {
  checkId(text, '--label')
  const key = mailboxKey(text)
  const entry = Object.entries(MAILBOX_LABEL_IDS).find(([, name]) => name.toLowerCase() === key)
  if (entry) return entry[0]
  if (/^[a-z_]{1,24}$/.test(key)) throw usageError(`--label ${JSON.stringify(text)} names no mailbox; use one of ${MAILBOX_WORDS.join(', ')}, or a label ID`)
  return text
}
