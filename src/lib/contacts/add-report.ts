/**
 * What became of each contact addContacts sent: judged from the service's answer for it (Responses: [{Index,
 * Response: {Code, Contact, Error}}]), then reported. Text: each new ID on stdout, a line per contact on stderr;
 * json|yaml: {Code: 1001, Responses: [{Index, Response}]}. The exit status is the gravest (gravest).
 */
import {SUCCESS_CODES} from '../contract/contract.ts'
import {type Outcome, type Refusal, summary} from '../run/message-batch.ts'
import {codeText, errorText} from '../output/api-error.ts'
import {escapeLine} from '../core/escape.ts'
import type {JsonValue} from '../core/json-value.ts'
import {isRecord} from '../core/records.ts'
import {printData} from '../run/printer.ts'
import {EXIT, type ExitStatus, exitStatusForResponse, gravest} from '../core/exit-status.ts'
import {interruptedBy, interruptionText, reportingInterruption} from '../core/interrupt.ts'
import type {Invocation} from '../run/invocation.ts'

/** One contact sent (or not): its new ID, or why it was not added. */
export interface Added {
  index: number
  name: string
  response: JsonValue
  id?: string
  refusal?: {cause: string; status: ExitStatus; outcome?: Outcome}
}

/** One contact's Response judged: accepted with its ID, or refused with why and the exit status it makes. */
export function judged(index: number, name: string, response: JsonValue | undefined): Added {
  if (!isRecord(response)) return {index, name, refusal: {cause: 'the answer carries no Response for it', status: EXIT.UNAVAILABLE}, response: null}
  const {Code: code, Contact: contact, Error: error} = response
  if (typeof code === 'number' && SUCCESS_CODES.has(code)) {
    const id = isRecord(contact) && typeof contact.ID === 'string' ? contact.ID : undefined
    return id === undefined ? {index, name, refusal: {cause: 'accepted, but the answer carries no Contact.ID', status: EXIT.UNAVAILABLE}, response} : {id, index, name, response}
  }

  const text = typeof error === 'string' && error !== '' ? `: ${errorText(error)}` : ''
  if (typeof code !== 'number' || !Number.isInteger(code)) return {index, name, refusal: {cause: `refused without a Code${text}`, status: EXIT.USAGE}, response}
  return {index, name, refusal: {cause: `${codeText(code)}${text}`, status: exitStatusForResponse(200, code)}, response}
}

/** The report of every contact, then the exit with the gravest status of the refusals. */
export async function report(invocation: Invocation, outcomes: readonly Added[]): Promise<void> {
  const interrupted = interruptedBy()
  if (interrupted) reportingInterruption()
  const refusals = outcomes.filter((outcome) => outcome.refusal !== undefined)
  const status = gravest(refusals.map(({refusal}) => refusal?.status ?? EXIT.OK))
  invocation.expectExit(status)
  const created = outcomes.filter((outcome) => outcome.id !== undefined)
  const document = {Code: 1001, Responses: outcomes.map(({index, response}) => ({Index: index, Response: response})), ...(interrupted ? {Interrupted: interrupted} : {})}
  await printData(invocation, document, () => created.map(({id}) => id).join('\n'))
  for (const {id, name} of created) invocation.note(escapeLine(`Created contact ${JSON.stringify(name)} (${id}).`))
  for (const {index, name, refusal} of refusals) invocation.note(`Error: contact ${index + 1} (${JSON.stringify(name)}): ${refusal?.cause}`)
  if (outcomes.length > 1)
    invocation.note(
      summary(
        outcomes.length,
        refusals.map(({index, refusal}) => ({...(refusal as Refusal), id: String(index)})),
        {noun: 'contact', verb: 'Added'},
      ),
    )
  if (interrupted) invocation.io.stderr.write(`Error: ${interruptionText()}\n`)
  if (status !== EXIT.OK) invocation.exit(status)
}
