/**
 * One message sent as the web client sends it (WebClients
 * packages/shared/lib/api/messages.ts createDraft, sendMessage; go-proton-api
 * message_send.go CreateDraft, SendDraft, attachment.go UploadAttachment):
 * the draft (POST /mail/v4/messages, its body encrypted to and signed by the
 * sending address's key), each attachment uploaded to it
 * (POST /mail/v4/attachments), then the send (POST /mail/v4/messages/{ID}
 * with the Packages).
 *
 * Never twice: the send is one request, never retried by the tool, not even
 * after a 429 or 503 (the retry policy's exception for requests the service
 * did not process). When it does not answer success (a lost answer, a 429, a
 * 5xx, a refusal), the service is asked whether the draft went out (GET /mail/v4/messages/{ID}: the Sent flag) and
 * the user told which. A send the service refuses, and a failure before it,
 * deletes the draft (PUT /mail/v4/messages/delete); an interruption says
 * whether the message may have gone.
 */
import {readFile} from 'node:fs/promises'

import {whenItGoes} from './delay.ts'
import {mediaTypeOf} from '../files/media-type.ts'
import type {Answer} from '../output/api-answer.ts'
import {escapeLine} from '../core/escape.ts'
import {isRecord, type JsonRecord} from '../core/records.ts'
import {buildRequestUrl} from '../http/api-url.ts'
import {attachmentKey, encryptBody} from './send-crypto.ts'
import {activeSession, attempt, settle} from '../run/api.ts'
import {show} from '../run/printer.ts'
import {CliFailure} from '../core/errors.ts'
import {EXIT, type ExitStatus} from '../core/exit-status.ts'
import {interruptedBy, interruptionText, reportingInterruption} from '../core/interrupt.ts'
import type {Invocation} from '../run/invocation.ts'
import {readAnswer} from '../output/api-answer.ts'
import type {PrivateKey} from 'openpgp'

import type {AttachmentFile, Recipients} from './input.ts'
import {encryptedFile, signFile} from './attachment-stream.ts'
import {formContentType, multipartStream, newBoundary} from './multipart.ts'
import {mimeTree} from './mime.ts'
import {buildMimePackage, buildPackage, type Package, type SentAttachment} from './packages.ts'
import {inMime, type Recipient} from './recipients.ts'

/** go-proton-api message_types.go MessageFlagSent: the draft went out. */
const FLAG_SENT = 2
/** The Sent system label (WebClients MAILBOX_LABEL_IDS.SENT). */
const SENT_LABEL = '2'

export interface Outgoing {
  address: JsonRecord
  recipients: Recipients
  kinds: Recipient[]
  subject: string
  body: string
  mimeType: 'text/html' | 'text/plain'
  attachments: AttachmentFile[]
  /** DelaySeconds: the undo-send delay (send/delay.ts). */
  delaySeconds: number
}

/** An ID as the service makes them (base64url with padding): anything else from it is not printed nor put in a path. */
const idText = (value: unknown): string | undefined => (typeof value === 'string' && /^[\w=+/-]{1,200}$/.test(value) ? value : undefined)

const list = (emails: string[], name = '') => emails.map((Address) => ({Address, Name: name}))

/** A request whose failure is reported and becomes the exit status; the draft is deleted first when there is one. */
async function must(invocation: Invocation, request: Parameters<typeof attempt>[1], draftId?: string): Promise<Answer> {
  let outcome: Awaited<ReturnType<typeof attempt>>
  try {
    outcome = await attempt(invocation, request)
  } catch (error) {
    if (draftId !== undefined) await abandon(invocation, draftId, error)
    throw error
  }

  if (!outcome.ok && draftId !== undefined) await deleteDraft(invocation, draftId)
  const settled = await settle(invocation, outcome)
  if (typeof settled === 'number') invocation.exit(settled)
  return settled
}

/** The draft deleted; a deletion that fails is said, not hidden. */
async function deleteDraft(invocation: Invocation, draftId: string): Promise<void> {
  const deleted = await attempt(invocation, {body: {IDs: [draftId]}, method: 'PUT', path: '/mail/v4/messages/delete'}).catch(() => undefined)
  invocation.note(deleted?.ok ? `Nothing was sent; the draft ${draftId} was deleted.` : `Nothing was sent; the draft ${draftId} could not be deleted: it stays in Drafts.`)
}

/** Before the send: a failure or an interruption leaves nothing sent; the draft goes unless the run was interrupted. */
async function abandon(invocation: Invocation, draftId: string, error: unknown): Promise<void> {
  if (interruptedBy() !== undefined || (error instanceof CliFailure && error.exitStatus === EXIT.INTERRUPTED)) {
    reportingInterruption()
    invocation.note(`${interruptionText()} before sending: nothing was sent; the draft ${draftId} stays in Drafts.`)
    return
  }

  await deleteDraft(invocation, draftId)
}

/**
 * Upload one attachment to the draft: its key packets, data packet and detached signature (multipart), as the web
 * client uploads it (WebClients packages/shared/lib/api/attachments.ts uploadAttachment,
 * applications/mail/src/app/helpers/attachment/attachmentUploader.ts; go-proton-api attachment.go
 * UploadAttachment). Streamed: signed in a first pass over the file, encrypted as the request sends it, the form
 * made anew (the file opened again) for each attempt the retry policy makes. No clear size is sent (neither client
 * has a field for it): the service lists the attachment's Size as its data packet's length.
 */
async function upload(invocation: Invocation, draftId: string, file: AttachmentFile, key: PrivateKey): Promise<SentAttachment> {
  let signed
  try {
    signed = await signFile(file.path, file.name, key)
  } catch (error) {
    await abandon(invocation, draftId, error)
    const {code} = error as NodeJS.ErrnoException
    throw typeof code === 'string' ? new CliFailure(`--attach ${escapeLine(file.path)}: cannot read it (${code})`) : error
  }

  const {keyPacket, sessionKey} = await attachmentKey(key)
  const boundary = newBoundary()
  const body = () =>
    multipartStream(boundary, [
      {name: 'MessageID', value: draftId},
      {name: 'Filename', value: file.name},
      {name: 'MIMEType', value: mediaTypeOf(file.name)},
      {name: 'Disposition', value: 'attachment'},
      {name: 'KeyPackets', value: keyPacket},
      {name: 'DataPacket', value: encryptedFile(signed, key, sessionKey)},
      {name: 'Signature', value: signed.signature},
    ])
  const contentType = formContentType(boundary)
  const session = await activeSession(invocation)
  let outcome
  try {
    const response = await invocation.request(session, {body, headers: {'content-type': contentType}, method: 'POST', url: buildRequestUrl(session.apiUrl, '/mail/v4/attachments')})
    outcome = readAnswer(response)
  } catch (error) {
    await abandon(invocation, draftId, error)
    throw error
  }

  if (!outcome.ok) await deleteDraft(invocation, draftId)
  const settled = await settle(invocation, outcome, `--attach ${escapeLine(file.path)}`)
  if (typeof settled === 'number') invocation.exit(settled)
  const attachment = isRecord(settled.data) && isRecord(settled.data.Attachment) ? settled.data.Attachment : {}
  const attachmentId = idText(attachment.ID)
  if (attachmentId === undefined) {
    await deleteDraft(invocation, draftId)
    throw new CliFailure(`--attach ${escapeLine(file.path)}: the service's answer names no attachment ID`, EXIT.UNAVAILABLE)
  }

  return {id: attachmentId, sessionKey}
}

/** Whether the draft went out, by the service's word: true, false, or undefined when it cannot say. */
async function wasSent(invocation: Invocation, draftId: string): Promise<boolean | undefined> {
  try {
    const outcome = await attempt(invocation, {method: 'GET', path: `/mail/v4/messages/${encodeURIComponent(draftId)}`})
    if (!outcome.ok) return undefined
    const message = isRecord(outcome.answer.data) && isRecord(outcome.answer.data.Message) ? outcome.answer.data.Message : undefined
    if (!message) return undefined
    const labels = Array.isArray(message.LabelIDs) ? message.LabelIDs : []
    return (typeof message.Flags === 'number' && (message.Flags & FLAG_SENT) !== 0) || labels.includes(SENT_LABEL)
  } catch {
    return undefined
  }
}

/**
 * The send did not answer success (a refusal, an answer cut short, a lost connection): the service is asked whether
 * the message went out before anything else is done, and the user told which. Sent: its ID, exit 0. Not sent: the
 * draft deleted, `failed` stands. Unknown: the draft kept, the user told to look in Sent.
 */
async function afterFailedSend(invocation: Invocation, draftId: string, what: string, failed: ExitStatus): Promise<ExitStatus> {
  const sent = await wasSent(invocation, draftId)
  if (sent === true) {
    invocation.io.stdout.write(`${draftId}\n`)
    invocation.note(`${what}, but the service says the message was sent: ${draftId}. It was not sent again.`)
    return EXIT.OK
  }

  if (sent === false) {
    invocation.note(`${what}; the service says the message was not sent.`)
    await deleteDraft(invocation, draftId)
    return failed
  }

  invocation.note(`Error: ${what.replace(/^The /, 'the ')}, and the service cannot say whether message ${draftId} was sent: look in Sent before sending again (it was not sent again; the draft is kept).`)
  return failed === EXIT.OK ? EXIT.UNAVAILABLE : failed
}

/** The user's own HTML as plain text for a recipient who takes no HTML: links kept, images left out, lines not wrapped. */
async function htmlAsText(html: string): Promise<string> {
  const {convert} = await import('html-to-text')
  return convert(html, {selectors: [{format: 'skip', selector: 'img'}], wordwrap: false})
}

/**
 * The packages of the send (send/packages.ts): the body's own (text/plain or text/html) for every recipient but those
 * who take plain text of an HTML message (a text/plain package) and those
 * signed or encrypted as PGP/MIME, and for those the MIME package, its tree (the body and the attachments, read again from their
 * files: the tree is encrypted whole) encrypted and signed apart. Only the packages someone needs are sent
 * (WebClients sendTopPackages.ts generateTopPackages).
 */
async function buildPackages(outgoing: Outgoing, encrypted: Awaited<ReturnType<typeof encryptBody>>, uploaded: SentAttachment[], key: PrivateKey): Promise<Package[]> {
  const {attachments, body, kinds, mimeType} = outgoing
  const packages: Package[] = []
  const inText = kinds.filter((recipient) => !inMime(recipient))
  // An HTML message to recipients who take plain text (pinned-keys.ts bodyType): a text/plain package of its own, the
  // HTML made text (WebClients mail/send/sendTopPackages.ts generateTopPackages, which converts with its own helper).
  const asText = mimeType === 'text/html' ? inText.filter((recipient) => recipient.mimeType === 'text/plain') : []
  const asWritten = inText.filter((recipient) => !asText.includes(recipient))
  if (asWritten.length > 0) packages.push(await buildPackage(mimeType, encrypted.dataPacket, encrypted.sessionKey, uploaded, asWritten))
  if (asText.length > 0) {
    const text = await encryptBody(await htmlAsText(body), key)
    packages.push(await buildPackage('text/plain', text.dataPacket, text.sessionKey, uploaded, asText))
  }

  const inMimeKinds = kinds.filter((recipient) => inMime(recipient))
  if (inMimeKinds.length > 0) {
    const files = await Promise.all(attachments.map(async (file) => ({data: await readFile(file.path), mimeType: mediaTypeOf(file.name), name: file.name})))
    const tree = await encryptBody(mimeTree(body, mimeType, files), key)
    packages.push(await buildMimePackage(tree.dataPacket, tree.sessionKey, inMimeKinds))
  }

  return packages
}

/** Create the draft, upload the attachments, send; prints the sent message's ID (or the answer with --output json). */
export async function sendMessage(invocation: Invocation, outgoing: Outgoing, key: PrivateKey): Promise<void> {
  const {address, attachments, body, delaySeconds, kinds, mimeType, recipients, subject} = outgoing
  const encrypted = await encryptBody(body, key)
  const draft = await must(invocation, {
    body: {
      Message: {
        AddressID: address.ID,
        BCCList: list(recipients.bcc),
        Body: encrypted.armored,
        CCList: list(recipients.cc),
        MIMEType: mimeType,
        Sender: {Address: address.Email, Name: typeof address.DisplayName === 'string' ? address.DisplayName : ''},
        Subject: subject,
        ToList: list(recipients.to),
        Unread: 0,
      },
    },
    method: 'POST',
    path: '/mail/v4/messages',
  })
  const message = isRecord(draft.data) && isRecord(draft.data.Message) ? draft.data.Message : {}
  const draftId = idText(message.ID)
  if (draftId === undefined) throw new CliFailure("the service's answer to the draft names no usable message ID; nothing was sent", EXIT.UNAVAILABLE)
  const uploaded: SentAttachment[] = []
  for (const file of attachments) uploaded.push(await upload(invocation, draftId, file, key))
  let packages: Package[]
  try {
    packages = await buildPackages(outgoing, encrypted, uploaded, key)
  } catch (error) {
    await abandon(invocation, draftId, error)
    throw new CliFailure(`cannot make the packages: ${error instanceof Error ? error.message : String(error)}`)
  }

  let outcome
  try {
    // Sent once: no retry after it may have reached the service, whatever the answer (see afterFailedSend).
    outcome = await attempt(invocation, {body: {DelaySeconds: delaySeconds, Packages: packages}, method: 'POST', path: `/mail/v4/messages/${encodeURIComponent(draftId)}`}, {retry: false})
  } catch (error) {
    if (interruptedBy() !== undefined || (error instanceof CliFailure && error.exitStatus === EXIT.INTERRUPTED)) {
      reportingInterruption()
      throw new CliFailure(`${interruptionText()} while sending: message ${draftId} may have been sent; look in Sent before sending again`, EXIT.INTERRUPTED)
    }

    if (error instanceof CliFailure && error.exitStatus === EXIT.UNAVAILABLE) invocation.exit(await afterFailedSend(invocation, draftId, `The send's answer was lost (${error.message})`, EXIT.UNAVAILABLE))
    throw error
  }

  if (!outcome.ok) {
    // The service's own words first (an answer cut short may still have been a success: it is asked, never assumed).
    const status = await settle(invocation, outcome)
    invocation.exit(await afterFailedSend(invocation, draftId, 'The send failed', status as ExitStatus))
  }

  const data = isRecord(outcome.answer.data) ? outcome.answer.data : {}
  const sent = isRecord(data.Sent) ? data.Sent : {}
  const id = idText(sent.ID) ?? draftId
  await show(invocation, outcome.answer, () => id)
  invocation.note(`Sent message ${id} to ${kinds.length} recipient${kinds.length === 1 ? '' : 's'}.${whenItGoes(data.DeliveryTime, delaySeconds, invocation.io.now().getTime())}`)
}
