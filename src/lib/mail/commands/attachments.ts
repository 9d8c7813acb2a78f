/**
 * proton mail attachments ID: the attachments of a message, as GET
 * /mail/v4/messages/ID lists them (go-proton-api message_types.go
 * Attachment: ID, Name, Size, MIMEType, Disposition, KeyPackets). No key is
 * needed to list them: names and sizes come in the clear. A PGP/MIME
 * message (MIMEType multipart/*) also holds attachments inside its encrypted
 * MIME tree, which the service does not list: its body is decrypted (the
 * keys "auth login" unlocked, as mail read does) and they follow the
 * service's, IDs "mime:N" (mail/mime-body.ts). --output json|yaml:
 * {Attachments: [...]}, the service's as it sent them, then the embedded
 * ones as {ID, Name, MIMEType, Size, Disposition, ContentID}.
 */
import {byteSize} from '../../output/byte-size.ts'
import {readOneId} from '../../run/given-ids.ts'
import {isRecord, type JsonRecord} from '../../core/records.ts'
import {call} from '../../run/api.ts'
import {printData, writeListing} from '../../run/printer.ts'
import {type Listing, wholeCell} from '../../output/table-style.ts'
import {CliFailure} from '../../core/errors.ts'
import {plainCommand} from '../../run/plain-command.ts'
import type {Invocation} from '../../run/invocation.ts'
import {isMimeMessage} from '../mime-body.ts'
import {openMessage, openTree} from '../read-message.ts'
import {printable} from '../../core/escape.ts'
import {pathId} from '../../http/path-segment.ts'

export interface MailAttachmentsOptions {
  id: string
}

/** The message's record and its attachments, fetched with one GET. */
export async function messageAttachments(invocation: Invocation, id: string): Promise<{message: JsonRecord; attachments: JsonRecord[]}> {
  const answer = await call(invocation, {method: 'GET', path: `/mail/v4/messages/${pathId(id, 'the message ID')}`}, `message ${printable(id)}`)
  const message = isRecord(answer.data) && isRecord(answer.data.Message) ? answer.data.Message : {}
  return {attachments: Array.isArray(message.Attachments) ? message.Attachments.filter(isRecord) : [], message}
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '')

/** The attachments as a list (table-style.ts); none: a footer that says so (on stderr when piped). */
export function attachmentsListing(id: string, attachments: readonly JsonRecord[]): Listing {
  return {
    footer: attachments.length === 0 ? `message ${printable(id)} has no attachments` : undefined,
    drop: [2],
    giveFirst: [0],
    header: ['ID', 'NAME', 'TYPE', 'SIZE'],
    kind: 'attachment',
    ids: attachments.map((attachment) => attachment.ID).filter((each) => typeof each === 'string'),
    keep: [3],
    rows: attachments.map((attachment) => [wholeCell(text(attachment.ID)), wholeCell(text(attachment.Name)), wholeCell(text(attachment.MIMEType)), byteSize(Number(attachment.Size))]),
  }
}

export const mailAttachments = plainCommand<MailAttachmentsOptions>({
  options: (line) => ({id: line.arg('id')}),
  async run(invocation, {id: given}) {
    const id = await readOneId(invocation, given)
    const {attachments: listed, message} = await messageAttachments(invocation, id)
    const attachments: JsonRecord[] = [...listed]
    if (isMimeMessage(message)) {
      // The sender's keys are not needed to list: the tree is opened without them.
      const opened = await openMessage(invocation, id, {message, withSenderKeys: false})
      const {parsed} = await openTree(opened, (cause) => new CliFailure(`message ${id}: ${cause}`), {requireText: false})
      attachments.push(...parsed.attachments)
      for (const [index, damage] of parsed.damage.entries()) {
        const {ID, Name} = parsed.attachments[index]
        if (damage !== undefined) invocation.note(`Note: attachment ${ID} (${printable(Name)}): ${printable(damage)}: "mail download" will not write it`)
      }
    }

    if (invocation.flags.output === 'text') writeListing(invocation, attachmentsListing(id, attachments))
    else await printData(invocation, {Attachments: attachments}, () => '')
  },
})
