/**
 * The draft a send makes, and what becomes of it when something goes wrong: deleted after a failure before the send
 * (PUT /mail/v4/messages/delete), kept when the run was interrupted, and after a send that did not answer success,
 * the service asked whether it went out (GET /mail/v4/messages/{ID}: the Sent flag) and the user told which.
 */
import type {Answer} from '../output/api-answer.ts'
import {isRecord} from '../core/records.ts'
import {attempt, settle} from '../run/api.ts'
import {CliFailure} from '../core/errors.ts'
import {EXIT, type ExitStatus} from '../core/exit-status.ts'
import {interruptedBy, interruptionText, reportingInterruption} from '../core/interrupt.ts'
import type {Invocation} from '../run/invocation.ts'

/** go-proton-api message_types.go MessageFlagSent: the draft went out. */
const FLAG_SENT = 2
/** The Sent system label (WebClients MAILBOX_LABEL_IDS.SENT). */
const SENT_LABEL = '2'

/** An ID as the service makes them (base64url with padding): anything else from it is not printed nor put in a path. */
export const idText = (value: unknown): string | undefined => (typeof value === 'string' && /^[\w=+/-]{1,200}$/.test(value) ? value : undefined)

/** A request whose failure is reported and becomes the exit status; the draft is deleted first when there is one. */
export async function must(invocation: Invocation, request: Parameters<typeof attempt>[1], draftId?: string): Promise<Answer> {
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
export async function deleteDraft(invocation: Invocation, draftId: string): Promise<void> {
  const deleted = await attempt(invocation, {body: {IDs: [draftId]}, method: 'PUT', path: '/mail/v4/messages/delete'}).catch(() => undefined)
  invocation.note(deleted?.ok ? `Nothing was sent; the draft ${draftId} was deleted.` : `Nothing was sent; the draft ${draftId} could not be deleted: it stays in Drafts.`)
}

/** Before the send: a failure or an interruption leaves nothing sent; the draft goes unless the run was interrupted. */
export async function abandon(invocation: Invocation, draftId: string, error: unknown): Promise<void> {
  if (interruptedBy() !== undefined || (error instanceof CliFailure && error.exitStatus === EXIT.INTERRUPTED)) {
    reportingInterruption()
    invocation.note(`${interruptionText()} before sending: nothing was sent; the draft ${draftId} stays in Drafts.`)
    return
  }

  await deleteDraft(invocation, draftId)
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
export async function afterFailedSend(invocation: Invocation, draftId: string, what: string, failed: ExitStatus): Promise<ExitStatus> {
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

  invocation.note(
    `Error: ${what.replace(/^The /, 'the ')}, and the service cannot say whether message ${draftId} was sent: look in Sent before sending again (it was not sent again; the draft is kept).`,
  )
  return failed === EXIT.OK ? EXIT.UNAVAILABLE : failed
}

/**
 * The send itself failed without an answer. Interrupted: the message may have gone (it is never sent again). An
 * answer lost (EXIT.UNAVAILABLE): the service is asked whether it went out (afterFailedSend). Anything else stands.
 */
export async function afterSendThrew(invocation: Invocation, draftId: string, error: unknown): Promise<never> {
  if (interruptedBy() !== undefined || (error instanceof CliFailure && error.exitStatus === EXIT.INTERRUPTED)) {
    reportingInterruption()
    throw new CliFailure(`${interruptionText()} while sending: message ${draftId} may have been sent; look in Sent before sending again`, EXIT.INTERRUPTED)
  }

  if (error instanceof CliFailure && error.exitStatus === EXIT.UNAVAILABLE)
    invocation.exit(await afterFailedSend(invocation, draftId, `The send's answer was lost (${error.message})`, EXIT.UNAVAILABLE))
  throw error
}
