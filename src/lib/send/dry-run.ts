/** What mail send --dry-run prints: the sender, each recipient with how mail to them would go, the subject, the sizes. */
import {escapeLine} from '../core/escape.ts'
import {plural} from '../output/plural.ts'
import type {AttachmentFile, Recipients} from './input.ts'
import {kindText, type Recipient} from './recipients.ts'

export function dryRunText(from: string, recipients: Recipients, kinds: Recipient[], subject: string, body: string, mimeType: string, files: AttachmentFile[]): string {
  const kindOf = new Map(kinds.map((recipient) => [recipient.email, recipient]))
  const line = (field: string, email: string) => {
    const recipient = kindOf.get(email)
    const kind = recipient ? `${kindText(recipient)}${recipient.pinned ? ' (from your contact)' : ''}` : ''
    return `${field}: ${escapeLine(email)} (${kind}${recipient?.reason ? `: ${escapeLine(recipient.reason)}` : ''})`
  }
  return [
    `From: ${escapeLine(from)}`,
    ...recipients.to.map((email) => line('To', email)),
    ...recipients.cc.map((email) => line('Cc', email)),
    ...recipients.bcc.map((email) => line('Bcc', email)),
    `Subject: ${escapeLine(subject)}`,
    `Body: ${plural(Buffer.byteLength(body), 'byte')} (${mimeType})`,
    ...files.map((file) => `Attachment: ${escapeLine(file.name)} (${plural(file.size, 'byte')})`),
  ].join('\n')
}
