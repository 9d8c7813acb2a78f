/**
 * The header block `mail read` prints above a message's body: From, To, Cc, Date, the Subject (a PGP/MIME body's
 * protected one when it says something else), the signature's verdict and the attachments, aligned, the service's
 * control characters made visible.
 */
import {printable} from '../../core/escape.ts'
import {isRecord, type JsonRecord} from '../../core/records.ts'
import type {Verification} from '../../crypto/keyring.ts'
import {byteSize} from '../../output/byte-size.ts'
import {localIsoDateTime} from '../../output/dates.ts'
import {alignedRows} from '../../output/table.ts'
import type {MimeAttachment} from '../mime-body.ts'

function person(value: unknown): string {
  if (!isRecord(value)) return ''
  const name = typeof value.Name === 'string' ? value.Name : ''
  const address = typeof value.Address === 'string' ? value.Address : ''
  return name && name !== address ? `${name} <${address}>` : address
}

const people = (value: unknown) => (Array.isArray(value) ? value.map(person).filter(Boolean).join(', ') : '')

const SIGNATURE_TEXT: Record<Verification, string> = {
  failed: 'FAILED: the signature does not match the sender’s keys',
  unsigned: 'none (the body is not signed)',
  unverified: 'unverified (no published key of the sender to check it with)',
  verified: 'verified (signed by a key of the sender’s)',
}

/** The subject the service sends in place of an encrypted one (WebClients ExtraDecryptedSubject checks for it). */
const PLACEHOLDER_SUBJECT = '...'

/**
 * The Subject line. A PGP/MIME body's protected subject (a memory-hole header part's, or its top entity's Subject)
 * is shown when it says something the service's does not: marked "end-to-end encrypted" as the web client marks it
 * (its ExtraDecryptedSubject banner: "Subject is end-to-end encrypted", shown when the service's subject is "..."),
 * and when the service's subject is a real one that differs, that one is named too.
 */
export function subjectText(serviceSubject: unknown, protectedSubject?: string): string {
  const outer = typeof serviceSubject === 'string' ? serviceSubject : ''
  if (protectedSubject === undefined || protectedSubject === outer) return outer
  if (outer === '' || outer === PLACEHOLDER_SUBJECT) return `${protectedSubject} (end-to-end encrypted)`
  return `${protectedSubject} (end-to-end encrypted; the unencrypted subject says ${JSON.stringify(outer)})`
}

/** The header block; `embedded`: a PGP/MIME body's attachments, listed after the service's; `protectedSubject`: see subjectText. */
export function headerBlock(message: JsonRecord, verification: Verification, embedded: readonly MimeAttachment[] = [], protectedSubject?: string): string {
  const attachments = [...(Array.isArray(message.Attachments) ? message.Attachments.filter(isRecord) : []), ...embedded]
  const rows: Array<[string, string]> = [
    ['From:', person(message.Sender)],
    ['To:', people(message.ToList)],
    ['Cc:', people(message.CCList)],
    ['Date:', typeof message.Time === 'number' ? localIsoDateTime(message.Time) : ''],
    ['Subject:', subjectText(message.Subject, protectedSubject)],
    ['Signature:', SIGNATURE_TEXT[verification]],
    ['Attachments:', attachments.map((attachment) => `${String(attachment.Name)} (${byteSize(Number(attachment.Size))})`).join(', ')],
  ]
  // Control characters from the service never reach the terminal as such.
  return alignedRows(rows.filter(([, value]) => value !== '').map(([label, value]) => [label, printable(value)]))
}
