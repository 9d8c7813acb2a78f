/**
 * An API answer printed as the raw command prints it, for Invocation's
 * printResponse and printAnswer: the JSON body on stdout (or through --jq),
 * a body that is not JSON on stderr, -i's head, --output-file, and the exit
 * status the answer decides.
 */
import {type Classified, classify} from '../output/api-answer.ts'
import {describeRefusedRedirect} from '../output/api-error.ts'
import {createOutputFile} from '../output/output-file.ts'
import {bodyFormat, writeEscapedSource, writeJsonSource} from '../output/output.ts'
import {receivedFromBuffer, type ReceivedBody} from '../output/received.ts'
import type {ApiResponse, Received, ResponseHead} from '../http/client.ts'
import {responseHeadLines} from '../http/redact.ts'
import {EXIT} from '../core/exit-status.ts'
import {interruptedError} from '../core/interrupt.ts'
import type {Display, Invocation} from './invocation.ts'

/**
 * Print an API answer as the raw command does and exit with its status:
 * the JSON body on stdout, an error line on stderr, a non-JSON body on
 * stderr with exit 5. `display` carries the raw command's -i, --silent
 * and --output-file.
 */
export async function printResponse(invocation: Invocation, response: ApiResponse, display: Display = {}): Promise<void> {
  return printAnswer(invocation, {...response, body: receivedFromBuffer(response.body)}, display)
}

/**
 * printResponse for an answer that was checked while it arrived (receive):
 * its status is known before a byte of it is printed, and the bytes are
 * copied from where they wait, chunk by chunk.
 */
export async function printAnswer(invocation: Invocation, answer: Received<ReceivedBody>, display: Display = {}): Promise<void> {
  const {body, refusedRedirect, statusCode} = answer
  const {stderr, stdout} = invocation.io
  if (display.include) printHead(invocation, answer)
  if (refusedRedirect) invocation.note(describeRefusedRedirect(statusCode, refusedRedirect))
  const verdict = classify(answer, body.length, () => body.sniff)
  if (display.outputFile !== undefined) return saveBody(invocation, body, verdict, display.outputFile)
  const {signal} = invocation.transport()
  if (verdict.kind === 'not-json') {
    // Shown for a person to read, its control characters escaped: it is the service's text on a terminal.
    if (body.source) await writeEscapedSource(body.source, stderr, signal)
    if (body.lastByte !== 0x0a) stderr.write('\n')
    stderr.write(`Error: ${verdict.message}\n`)
    invocation.exit(verdict.exitStatus)
  }

  const status = verdict.exitStatus
  if (verdict.kind === 'json') {
    invocation.expectExit(status)
    const note = (line: string) => invocation.note(line)
    // With --jq a successful answer is filtered; an error's body is printed as received, as gh does.
    if (!display.silent && body.source && invocation.filtering && status === EXIT.OK) await invocation.printFiltered([body.source])
    else if (!display.silent && body.source) await writeJsonSource(body.source, bodyFormat(invocation.flags.output), stdout, {depth: body.depth, env: invocation.io.env, note, signal})
  }

  if (status !== EXIT.OK) {
    invocation.note(`Error: ${verdict.message}`)
    invocation.exit(status)
  }
}

/** -i: an answer's status line and headers on stderr, escaped. */
export function printHead(invocation: Invocation, head: ResponseHead): void {
  for (const line of responseHeadLines('', head)) invocation.io.stderr.write(`${line}\n`)
}

/**
 * --output-file: a successful answer's body, JSON or not, replaces the file;
 * a failure leaves the file alone and is reported as usual, but on stderr.
 */
async function saveBody(invocation: Invocation, body: ReceivedBody, answer: Classified, path: string): Promise<void> {
  const verdict = answer.kind === 'not-json' ? answer.byStatus : answer
  if (verdict.exitStatus === EXIT.OK) {
    // Streamed into the temporary file already, or (a merged --paginate answer) written now.
    const file = body.file ?? (await createOutputFile(path))
    try {
      const {signal} = invocation.transport()
      for await (const chunk of body.file ? [] : (body.source?.chunks() ?? [])) {
        if (signal?.aborted) throw interruptedError()
        await file.write(chunk)
      }

      await file.commit()
    } catch (error) {
      await file.abandon()
      throw error
    }

    return
  }

  await body.file?.abandon()
  invocation.note(`Error: ${verdict.message} (${path} left as it was)`)
  invocation.exit(verdict.exitStatus)
}
