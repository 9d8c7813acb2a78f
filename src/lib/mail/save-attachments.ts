/**
 * The attachments mail download chose, saved one after another into its download directory (or to standard output):
 * the service's streamed and decrypted (downloadAttachment), a PGP/MIME tree's written from the decrypted body. One
 * that cannot be saved does not stop the others; a failed signature still publishes the file, warns and makes the
 * exit status 1; the exit status is the gravest (gravest).
 */
import type {AtomicFile} from '../files/atomic-file.ts'
import type {DownloadDirectory} from '../files/download-directory.ts'
import {sizeText} from '../http/max-size.ts'
import {idProblem} from '../http/path-segment.ts'
import {type AttachmentSource, downloadAttachment} from './attachment-download.ts'
import {copyOut, describe, noteName, signatureLine, type Signer} from './attachment-files.ts'
import type {MimeAttachment} from './mime-body.ts'
import type {Verification} from '../crypto/keyring.ts'
import {printable} from '../core/escape.ts'
import type {JsonRecord} from '../core/records.ts'
import type {Invocation} from '../run/invocation.ts'
import {CliFailure, oneLine, unavailableError} from '../core/errors.ts'
import {EXIT, type ExitStatus, gravest} from '../core/exit-status.ts'
import {interruptedError, interruptionText, interruptSignal, reportingInterruption} from '../core/interrupt.ts'

/** An attachment embedded in a PGP/MIME message's tree, with its content (decrypted with the body). */
export interface Embedded {
  record: MimeAttachment
  content: Uint8Array
  /** Why its content is not the sender's as written (a damaged base64 body), if it is not. */
  damage?: string
}

export interface Chosen {
  /** Where the files are published; with `toStdout`, a private staging directory they are copied out of. */
  target: DownloadDirectory
  toStdout: boolean
  /** The sender's address, as the message gives it. */
  sender: string | undefined
  source: AttachmentSource
  /** The service's attachments (records of the message's Attachments). */
  listed: readonly JsonRecord[]
  /** The PGP/MIME tree's attachments, and the verification of the message's signature, which covers them. */
  mime?: {attachments: readonly Embedded[]; verification: Verification}
}

/** One attachment to save, and how a line names it. */
interface Job {
  what: string
  run(): Promise<void>
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 200)

/**
 * Save each attachment in turn. One that fails (undecryptable, tampered, over --max-size, unwritable, cut short)
 * gets its error line and the others go on; with several, a closing line counts the failures. A failure that is
 * not about one attachment (no session) ends the command as it is; a signal (interrupt.ts) names the attachments
 * not saved, the one in progress included (its temporary file is gone), and ends it with EXIT.INTERRUPTED. The
 * exit statuses of the failures.
 */
async function saveEach(invocation: Invocation, id: string, jobs: readonly Job[]): Promise<ExitStatus[]> {
  const {stderr} = invocation.io
  const signal = interruptSignal()
  const statuses: ExitStatus[] = []
  for (const [index, job] of jobs.entries()) {
    try {
      if (signal.aborted) throw interruptedError()
      await job.run()
    } catch (error) {
      if (!(error instanceof CliFailure) || error.exitStatus === EXIT.AUTH) throw error
      if (error.exitStatus === EXIT.INTERRUPTED) {
        reportingInterruption()
        stderr.write(
          `Error: message ${id}: not saved (${interruptionText()}): ${jobs
            .slice(index)
            .map(({what}) => what)
            .join(', ')}\n`,
        )
        stderr.write(`Error: ${interruptionText()}\n`)
        return invocation.exit(EXIT.INTERRUPTED)
      }

      statuses.push(error.exitStatus)
      stderr.write(`Error: ${oneLine(error.message)}\n`)
    }
  }

  if (statuses.length > 0 && jobs.length > 1)
    stderr.write(`Error: message ${id}: ${statuses.length} of ${jobs.length} attachments not saved (see above); ${statuses.length === jobs.length ? 'none was' : 'the others were'} written\n`)
  return statuses
}

/** Save the chosen attachments, then end with the gravest exit status of their failures (nothing if none failed). */
export async function saveAttachments(invocation: Invocation, {listed, mime, sender, source, target, toStdout}: Chosen): Promise<void> {
  const {fail, messageId: id} = source
  const failedSignatures: string[] = []
  const written = async (file: AtomicFile, given: unknown, aid: string, what: string, verification: Verification, signer: Signer) => {
    const result = await target.publish(file, given)
    if (toStdout) await copyOut(invocation, result.path)
    else noteName(invocation, aid, given, result)
    const {line, warning} = signatureLine(what, verification, signer, sender, toStdout ? 'standard output' : printable(result.path))
    if (warning) {
      failedSignatures.push(what)
      invocation.io.stderr.write(`${line}\n`)
    } else {
      invocation.note(line)
    }

    if (!toStdout) invocation.io.stdout.write(`${printable(result.path)}\n`)
  }

  /** An attachment the service keeps: streamed, decrypted, published. */
  const downloadListed = async (record: JsonRecord): Promise<void> => {
    const aid = String(record.ID)
    const what = describe(record.ID, record.Name)
    // The ID is the service's, and goes into the path of the request.
    const problem = idProblem(aid)
    if (problem !== undefined) throw fail(`attachment ID ${problem}; nothing written`)
    if (typeof record.KeyPackets !== 'string' || record.KeyPackets === '') throw fail(`${what} lists no KeyPackets`)
    const signature = typeof record.Signature === 'string' && record.Signature !== '' ? record.Signature : undefined
    const create = () => target.create(record.Name, (error) => fail(`${what}: cannot write into ${target.path}: ${reason(error)}`))
    const {file, verification} = await downloadAttachment(source, {aid, create, keyPackets: Buffer.from(record.KeyPackets, 'base64'), signature, what})
    await written(file, record.Name, aid, what, verification, 'own')
  }

  /**
   * An attachment embedded in the MIME tree: its content came decrypted with the body (integrity checked with it),
   * and the body's signature covers the whole tree, so that is its signature. Written as a service attachment is.
   */
  const saveEmbedded = async ({content, damage, record}: Embedded, verification: Verification): Promise<void> => {
    const what = describe(record.ID, record.Name)
    // A damaged part is refused before anything is written, as a tampered attachment leaves nothing.
    if (damage !== undefined) throw fail(`${what}: ${printable(damage)}: it cannot be saved as the sender wrote it; nothing written`)
    if (content.byteLength > source.maxBytes) throw unavailableError(`message ${id}: ${what}: it is over --max-size (${sizeText(source.maxBytes)}); nothing written`)
    const file = await target.create(record.Name, (error) => fail(`${what}: cannot write into ${target.path}: ${reason(error)}`))
    await file.write(content)
    await written(file, record.Name, record.ID, what, verification, 'message')
  }

  const jobs: Job[] = [
    ...listed.map((record) => ({run: () => downloadListed(record), what: describe(record.ID, record.Name)})),
    ...(mime ? mime.attachments.map((one) => ({run: () => saveEmbedded(one, mime.verification), what: describe(one.record.ID, one.record.Name)})) : []),
  ]
  const statuses = await saveEach(invocation, id, jobs)
  if (failedSignatures.length > 0) {
    const count = failedSignatures.length
    const which = count === 1 ? `the signature of ${failedSignatures[0]}` : `the signatures of ${count} attachments (${failedSignatures.join(', ')})`
    statuses.push(EXIT.USAGE)
    const failed = fail(`${which} FAILED verification (see the warning above); ${count === 1 ? 'the file was' : 'the files were'} written all the same`)
    invocation.io.stderr.write(`Error: ${oneLine(failed.message)}\n`)
  }

  const status = gravest(statuses)
  if (status !== EXIT.OK) invocation.exit(status)
}
