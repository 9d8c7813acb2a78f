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
import {whenItGoes} from './delay.ts'
import {isRecord, type JsonRecord} from '../core/records.ts'
import {encryptBody} from './send-crypto.ts'
import {attempt, settle} from '../run/api.ts'
import {show} from '../run/printer.ts'
import {CliFailure} from '../core/errors.ts'
import {EXIT, type ExitStatus} from '../core/exit-status.ts'
import type {Invocation} from '../run/invocation.ts'
import type {PrivateKey} from 'openpgp'

import type {AttachmentFile, Recipients} from './input.ts'
import {buildPackages} from './build-packages.ts'
import type {Recipient} from './recipients.ts'
import {abandon, afterFailedSend, afterSendThrew, idText, must} from './draft.ts'
import {uploadAll} from './upload.ts'

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

const list = (emails: string[], name = '') => emails.map((Address) => ({Address, Name: name}))

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
  const uploaded = await uploadAll(invocation, draftId, attachments, key)
  const packages = await buildPackages(outgoing, encrypted, uploaded, key).catch(async (error: unknown) => {
    await abandon(invocation, draftId, error)
    throw new CliFailure(`cannot make the packages: ${error instanceof Error ? error.message : String(error)}`)
  })

  let outcome
  try {
    // Sent once: no retry after it may have reached the service, whatever the answer (see afterFailedSend).
    outcome = await attempt(invocation, {body: {DelaySeconds: delaySeconds, Packages: packages}, method: 'POST', path: `/mail/v4/messages/${encodeURIComponent(draftId)}`}, {retry: false})
  } catch (error) {
    return afterSendThrew(invocation, draftId, error)
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
