/**
 * proton mail read ID…: GET /mail/v4/messages/ID, its body decrypted with
 * the keys of the message's address (see mail/read-message.ts), printed
 * after a header block: text/plain as it is, text/html as readable text
 * (html-to-text; --html prints the decrypted HTML). A PGP/MIME body (the
 * message's MIMEType multipart/*) is taken apart (mail/mime-body.ts): its
 * text/plain part shown, else its text/html part as readable text (--html:
 * the HTML part), its embedded attachments listed with the service's, a
 * multipart/signed's signature checked, a protected subject shown (see
 * subjectText). --output json|yaml: the message
 * record with the decrypted body in Body (and for PGP/MIME, the parts in
 * MIME), and the signature's verdict in SignatureStatus (verified,
 * unverified, unsigned or failed). Nothing of the body is printed unless all of it decrypted, parsed
 * and checked out; the sender's control characters never reach the
 * terminal as such.
 */
import {readIds} from '../../run/given-ids.ts'
import {escapeText} from '../../core/escape.ts'
import type {JsonRecord} from '../../core/records.ts'
import {readableText} from '../../output/readable-html.ts'
import {printData} from '../../run/printer.ts'
import {CliFailure} from '../../core/errors.ts'
import {pathId} from '../../http/path-segment.ts'
import {plainCommand} from '../../run/plain-command.ts'
import type {Invocation} from '../../run/invocation.ts'
import type {Verification} from '../../crypto/keyring.ts'
import {isMimeMessage, type MimeAttachment} from '../mime-body.ts'
import {type OpenedMessage, openMessage, openTree} from '../read-message.ts'
import {headerBlock} from '../views/message-header.ts'

export interface MailReadOptions {
  ids: readonly string[]
  html: boolean
}

/** What is shown of a message: the body in text mode and in JSON, its type, the embedded attachments. */
interface MessageView {
  /** What the text view prints (before any HTML is made readable). */
  shown: string
  shownIsHtml: boolean
  verification: Verification
  embedded: MimeAttachment[]
  /** A PGP/MIME body's protected subject (see subjectText). */
  protectedSubject?: string
  /** The record --output json|yaml prints. */
  record: JsonRecord
}

/** OpenPGP keeps text in canonical CRLF line ends (RFC 9580 5.9); shown, as OpenPGP.js's own text output does, with LF. */
const lf = (text: string) => text.replaceAll('\r\n', '\n')

function singlePartView({body, message, verification}: OpenedMessage, html: boolean): MessageView {
  const text = lf(body.toString('utf8'))
  return {embedded: [], record: {...message, Body: text}, shown: text, shownIsHtml: message.MIMEType === 'text/html' && !html, verification}
}

/**
 * A PGP/MIME body: the text/plain part unless --html (or there is none), else the text/html part. The signature
 * is the outer one (on the encrypted message), or when there is none, a multipart/signed's inside.
 */
async function mimeView(opened: OpenedMessage, html: boolean, fail: (cause: string) => CliFailure): Promise<MessageView> {
  const {message} = opened
  const {parsed, verification} = await openTree(opened, fail)
  const text = parsed.text === undefined ? undefined : lf(parsed.text)
  const htmlPart = parsed.html === undefined ? undefined : lf(parsed.html)
  const useHtml = htmlPart !== undefined && (html || text === undefined)
  const shown = useHtml ? htmlPart : (text ?? '')
  const mime = {Attachments: parsed.attachments, BodyMIMEType: useHtml ? 'text/html' : 'text/plain', HTML: htmlPart ?? null, Subject: parsed.subject ?? null, Text: text ?? null}
  return {embedded: parsed.attachments, protectedSubject: parsed.subject, record: {...message, Body: shown, MIME: mime}, shown, shownIsHtml: useHtml && !html, verification}
}

/** One message opened and viewed (see the top of this file); what is printed of it is the caller's. */
async function readOne(invocation: Invocation, id: string, html: boolean): Promise<{message: JsonRecord; view: MessageView}> {
  const opened = await openMessage(invocation, id)
  const {message} = opened
  const view = isMimeMessage(message) ? await mimeView(opened, html, (cause) => new CliFailure(`message ${id}: ${cause}`)) : singlePartView(opened, html)
  return {message, view}
}

/** The header block, a blank line and the body, as text; notes about it on stderr. */
async function printText(invocation: Invocation, id: string, {message, view}: {message: JsonRecord; view: MessageView}): Promise<void> {
  const readable = view.shownIsHtml ? await readableText(view.shown) : undefined
  const shown = readable ? readable.text : view.shown
  // The body is the sender's: its control characters are written as visible text (line breaks and tabs kept).
  const body = escapeText(shown)
  invocation.io.stdout.write(`${headerBlock(message, view.verification, view.embedded, view.protectedSubject)}\n\n${body}${body.endsWith('\n') ? '' : '\n'}`)
  if (readable?.cut) invocation.note(`Note: message ${id}: its HTML ${readable.cut}: shown up to there (--html prints all of it)`)
}

export const mailRead = plainCommand<MailReadOptions>({
  options: (line) => ({html: line.boolean('html'), ids: line.line.argv}),
  async run(invocation, {html, ids: given}) {
    // "-" reads IDs from standard input, one a line, as many as it holds; each made whole, once each.
    const ids = await readIds(invocation, given)
    for (const id of ids) pathId(id, 'the message ID')
    const read: Array<{id: string; message: JsonRecord; view: MessageView}> = []
    for (const id of ids) read.push({id, ...(await readOne(invocation, id, html))})
    if (invocation.flags.output !== 'text') {
      // The signature's verdict, as the text's Signature: line gives it. Several: one array (which --jq reads whole).
      const records = read.map(({view}) => ({...view.record, SignatureStatus: view.verification}))
      await printData(invocation, ids.length === 1 ? records[0] : records, () => '')
    } else {
      for (const [index, one] of read.entries()) {
        if (index > 0) invocation.io.stdout.write('\n')
        await printText(invocation, one.id, one)
      }
    }

    for (const {id, view} of read) if (view.verification === 'failed') invocation.note(`Warning: message ${id}: the signature does not match the sender’s published keys`)
  },
})
