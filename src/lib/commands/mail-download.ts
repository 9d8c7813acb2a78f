/**
 * proton mail download ID [--attachment AID] [--dir PATH]: each attachment
 * of the message (or the one asked for) fetched with GET
 * /mail/v4/attachments/AID (go-proton-api attachment.go GetAttachment: the
 * encrypted data packet as bytes), its session key decrypted from the
 * KeyPackets the message lists with the keys of the message's address, the
 * data decrypted (keys/keyring.ts decryptAttachment) into a temporary file
 * in --dir, published only once all of it decrypted and checked out.
 *
 * The file's name is the sender's choice, so it is made safe
 * (files/safe-name.ts): one name inside --dir, never a path. An existing
 * file is never replaced: the next free "name (N).ext" is used and a note
 * says so. Files are created 0600 (decrypted mail is private). stdout: the
 * path of each file written, one a line.
 */
import {stat} from 'node:fs/promises'
import {join, resolve} from 'node:path'

import {AtomicFile} from '../files/atomic-file.ts'
import {alternativeNames, safeFileName} from '../files/safe-name.ts'
import {buildRequestUrl} from '../http/api-url.ts'
import {decryptAttachment} from '../keys/keyring.ts'
import {messageWithKeys} from '../keys/read-message.ts'
import {readAnswer} from '../output/api-answer.ts'
import {isRecord, type JsonRecord} from '../output/records.ts'
import {CliFailure, usageError} from '../runtime/errors.ts'
import {plainCommand} from '../runtime/plain-command.ts'
import {printable} from './mail-read.ts'

export interface MailDownloadOptions {
  id: string
  attachment?: string
  dir?: string
}

/** How many "name (N).ext" are tried before giving up. */
export const ALTERNATIVE_NAMES = 99
const FALLBACK_NAME = 'attachment'

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 200)

async function directory(given: string | undefined): Promise<string> {
  const path = resolve(given ?? '.')
  const found = await stat(path).catch(() => undefined)
  if (!found?.isDirectory()) throw usageError(`--dir ${JSON.stringify(printable(given ?? '.'))} is not a directory`)
  return path
}

export const mailDownload = plainCommand<MailDownloadOptions>({
  options: (line) => ({attachment: line.optionalString('attachment'), dir: line.optionalString('dir'), id: line.arg('id')}),
  async run(invocation, {attachment, dir, id}) {
    if (id.trim() === '') throw usageError('give the ID of a message (see "mail list")')
    const target = await directory(dir)
    // The attachments' own signatures are not checked (yet): the sender's keys are not asked for.
    const {fail, keys, message} = await messageWithKeys(invocation, id, {withSenderKeys: false})
    const listed = Array.isArray(message.Attachments) ? message.Attachments.filter(isRecord) : []
    const chosen = attachment === undefined ? listed : listed.filter((candidate) => candidate.ID === attachment)
    if (attachment !== undefined && chosen.length === 0) throw usageError(`message ${id} has no attachment ${attachment} (see "mail attachments ${id}")`)
    if (chosen.length === 0) {
      invocation.note(`message ${id} has no attachments`)
      return
    }

    const session = await invocation.session()
    for (const record of chosen) await downloadOne(record)

    async function downloadOne(record: JsonRecord): Promise<void> {
      const aid = String(record.ID)
      const shown = printable(typeof record.Name === 'string' ? record.Name : '')
      const response = await invocation.request(session, {method: 'GET', url: buildRequestUrl(session.apiUrl, `/mail/v4/attachments/${encodeURIComponent(aid)}`)})
      if (response.statusCode !== 200) {
        const outcome = readAnswer(response)
        throw outcome.ok ? fail(`attachment ${aid}: HTTP ${response.statusCode}`) : new CliFailure(`attachment ${aid}: ${outcome.failure.message}`, outcome.failure.exitStatus)
      }

      if (typeof record.KeyPackets !== 'string' || record.KeyPackets === '') throw fail(`attachment ${aid} (${shown}) lists no KeyPackets`)
      const name = safeFileName(record.Name, FALLBACK_NAME)
      const names = [name, ...alternativeNames(name, ALTERNATIVE_NAMES)].map((candidate) => join(target, candidate))
      const file = await AtomicFile.create(names[0], {failure: (error) => fail(`attachment ${aid}: cannot write into ${target}: ${reason(error)}`), mode: 0o600})
      try {
        await decryptAttachment(Buffer.from(record.KeyPackets, 'base64'), response.body, keys, (chunk) => file.write(chunk))
      } catch (error) {
        await file.abandon()
        if (error instanceof CliFailure) throw error
        throw fail(`attachment ${aid} (${shown}): cannot decrypt it: ${reason(error)}; nothing written`)
      }

      const written = await file.commitNew(names)
      if (name !== record.Name) invocation.note(`Note: attachment ${aid}: its name "${shown}" is not a safe file name; written as ${printable(name)}`)
      if (written !== names[0]) invocation.note(`Note: ${printable(names[0])} exists and was left as it is; written as ${printable(written)}`)
      invocation.io.stdout.write(`${printable(written)}\n`)
    }
  },
})
