/**
 * The attachments of a send, uploaded to its draft one after another (POST /mail/v4/attachments); a failure deletes
 * the draft (or keeps it when the run was interrupted) and ends the send before it is made.
 */
import {escapeLine} from '../core/escape.ts'
import {isRecord} from '../core/records.ts'
import {buildRequestUrl} from '../http/api-url.ts'
import {readAnswer} from '../output/api-answer.ts'
import {activeSession, settle} from '../run/api.ts'
import type {Invocation} from '../run/invocation.ts'
import {CliFailure} from '../core/errors.ts'
import {EXIT} from '../core/exit-status.ts'
import type {PrivateKey} from 'openpgp'

import type {AttachmentFile} from './input.ts'
import {signFile} from './attachment-stream.ts'
import {uploadForm} from './attachment-form.ts'
import type {SentAttachment} from './packages.ts'
import {abandon, deleteDraft, idText} from './draft.ts'

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

  const {body, contentType, sessionKey} = await uploadForm(draftId, file, signed, key)
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

/** Each attachment uploaded to the draft, in turn. */
export async function uploadAll(invocation: Invocation, draftId: string, files: readonly AttachmentFile[], key: PrivateKey): Promise<SentAttachment[]> {
  const uploaded: SentAttachment[] = []
  for (const file of files) uploaded.push(await upload(invocation, draftId, file, key))
  return uploaded
}
