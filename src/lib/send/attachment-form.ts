/** The form an attachment is uploaded to its draft with (POST /mail/v4/attachments, multipart). */
import type {PrivateKey} from 'openpgp'

import {mediaTypeOf} from '../files/media-type.ts'
import {encryptedFile, type SignedFile} from './attachment-stream.ts'
import {formContentType, multipartStream, newBoundary} from './multipart.ts'
import {attachmentKey} from './send-crypto.ts'

/**
 * The upload form of one signed attachment (POST /mail/v4/attachments): its key packets, data packet and detached
 * signature, as the web client uploads it (WebClients packages/shared/lib/api/attachments.ts uploadAttachment). The
 * body is made anew (the file opened again) for each attempt the retry policy makes, encrypted as it is sent.
 */
export async function uploadForm(draftId: string, file: {name: string}, signed: SignedFile, key: PrivateKey) {
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
  return {body, contentType: formContentType(boundary), sessionKey}
}
