/**
 * proton mail read ID: GET /mail/v4/messages/ID, its body decrypted with
 * the keys of the message's address (see keys/read-message.ts), printed
 * after a header block: text/plain as it is, text/html as readable text
 * (html-to-text; --html prints the decrypted HTML). --output json|yaml:
 * the message record with the decrypted body in Body. Nothing of the body
 * is printed unless all of it decrypted and checked out.
 */
import {localIsoDateTime} from '../output/dates.ts'
import {isRecord, type JsonRecord} from '../output/records.ts'
import {alignedRows} from '../output/table.ts'
import {printData} from '../runtime/dedicated.ts'
import {usageError} from '../runtime/errors.ts'
import {plainCommand} from '../runtime/plain-command.ts'
import type {Verification} from '../keys/keyring.ts'
import {openMessage} from '../keys/read-message.ts'

export interface MailReadOptions {
  id: string
  html: boolean
}

function person(value: unknown): string {
  if (!isRecord(value)) return ''
  const name = typeof value.Name === 'string' ? value.Name : ''
  const address = typeof value.Address === 'string' ? value.Address : ''
  return name && name !== address ? `${name} <${address}>` : address
}

const people = (value: unknown) => (Array.isArray(value) ? value.map(person).filter(Boolean).join(', ') : '')

/** Bytes as people read sizes: 512 B, 1.5 KiB, 2.0 MiB. */
export function sizeText(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${bytes} B`
  const units = ['KiB', 'MiB', 'GiB']
  let value = bytes / 1024
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }

  return `${value.toFixed(1)} ${units[unit]}`
}

const SIGNATURE_TEXT: Record<Verification, string> = {
  failed: 'FAILED: the signature does not match the sender’s keys',
  unsigned: 'none (the body is not signed)',
  unverified: 'unverified (no published key of the sender to check it with)',
  verified: 'verified (signed by a key of the sender’s)',
}

export function headerBlock(message: JsonRecord, verification: Verification): string {
  const attachments = Array.isArray(message.Attachments) ? message.Attachments.filter(isRecord) : []
  const rows: Array<[string, string]> = [
    ['From:', person(message.Sender)],
    ['To:', people(message.ToList)],
    ['Cc:', people(message.CCList)],
    ['Date:', typeof message.Time === 'number' ? localIsoDateTime(message.Time) : ''],
    ['Subject:', typeof message.Subject === 'string' ? message.Subject : ''],
    ['Signature:', SIGNATURE_TEXT[verification]],
    ['Attachments:', attachments.map((attachment) => `${String(attachment.Name)} (${sizeText(Number(attachment.Size))})`).join(', ')],
  ]
  // Control characters from the service never reach the terminal as such.
  const clean = (text: string) => [...text].map((char) => (/\p{Cc}/u.test(char) ? '?' : char)).join('')
  return alignedRows(rows.filter(([, value]) => value !== '').map(([label, value]) => [label, clean(value)]))
}

async function readableText(html: string): Promise<string> {
  const {convert} = await import('html-to-text')
  return convert(html, {selectors: [{format: 'skip', selector: 'img'}], wordwrap: 100})
}

export const mailRead = plainCommand<MailReadOptions>({
  options: (line) => ({html: line.boolean('html'), id: line.arg('id')}),
  async run(invocation, {html, id}) {
    if (id.trim() === '') throw usageError('give the ID of the message to read (see "mail list")')
    const {body, message, verification} = await openMessage(invocation, id)
    // OpenPGP keeps text in canonical CRLF line ends (RFC 9580 5.9); shown, as OpenPGP.js's own text output does, with LF.
    const text = body.toString('utf8').replaceAll('\r\n', '\n')
    const isHtml = message.MIMEType === 'text/html'
    if (invocation.flags.output !== 'text') {
      await printData(invocation, {...message, Body: text}, () => '')
      return
    }

    const shown = isHtml && !html ? await readableText(text) : text
    const {stdout} = invocation.io
    stdout.write(`${headerBlock(message, verification)}\n\n${shown}${shown.endsWith('\n') ? '' : '\n'}`)
    if (verification === 'failed') invocation.note(`Warning: message ${id}: the signature does not match the sender’s published keys`)
  },
})
