/**
 * The base of the dedicated commands (mail, calendar, drive, account): the
 * raw command's session, refresh, exit statuses and error lines, plus what
 * they share: one call that keeps the answer's bytes, the three output
 * formats of an answer, a mutation's ID on stdout, and --dry-run.
 */
import {type Command, Flags} from '@oclif/core'

import {type Answer, type Failure, readAnswer} from '../output/api-answer.ts'
import {describeRefusedRedirect} from '../output/api-error.ts'
import {TextEscaper} from '../output/escape.ts'
import {buildRequestUrl, parseBaseUrl} from '../http/api-url.ts'
import {ProtonCommand} from './base-command.ts'
import {DEFAULT_API_URL} from '../contract/contract.ts'
import {dryRunEntries, dryRunText, type PlannedRequest} from '../request/dry-run.ts'
import type {ExitStatus} from './exit-status.ts'
import type {JsonValue} from '../output/json-value.ts'
import {toYaml, writeBodyBytes, writeJsonSource} from '../output/output.ts'
import {bufferSource} from '../output/spool.ts'
import type {ActiveSession} from '../session/session.ts'

export const dryRunFlag = Flags.boolean({
  summary: 'Print the request that would be sent (method, URL, body) and send nothing.',
})

export abstract class DedicatedCommand<T extends typeof Command> extends ProtonCommand<T> {
  private active?: ActiveSession

  /** Send one request; an API error is reported and ends the command with its exit status. */
  protected async call(planned: PlannedRequest): Promise<Answer> {
    const outcome = await this.tryCall(planned)
    if (typeof outcome === 'number') this.exit(outcome)
    return outcome
  }

  /**
   * Send one request; an API error is reported as the raw command reports
   * it (the service's JSON on stdout with --output json only, one line on
   * stderr) and its exit status returned instead of an answer.
   */
  protected async tryCall(planned: PlannedRequest): Promise<Answer | ExitStatus> {
    this.active ??= await this.session()
    const body = planned.body === undefined ? undefined : Buffer.from(JSON.stringify(planned.body))
    const url = buildRequestUrl(this.active.apiUrl, planned.path, planned.query)
    const response = await this.request(this.active, {body, method: planned.method, url})
    if (response.refusedRedirect) this.note(describeRefusedRedirect(response.statusCode, response.refusedRedirect))

    const outcome = readAnswer(response)
    if (!outcome.ok) {
      await this.report(outcome.failure)
      return outcome.failure.exitStatus
    }

    if (!outcome.answer.validEnvelope) this.note('Warning: the answer’s Code is not an integer; its exit status follows the HTTP status')
    return outcome.answer
  }

  private async report(failure: Failure): Promise<void> {
    if (failure.notJson) {
      // The service's text on a terminal: its control characters escaped.
      const escaper = new TextEscaper()
      process.stderr.write(escaper.write(failure.notJson) + escaper.end())
      if (failure.notJson.at(-1) !== 0x0a) process.stderr.write('\n')
      process.stderr.write(`Error: ${failure.message}\n`)
      return
    }

    this.expectExit(failure.exitStatus)
    // Awaited: the command exits right after, and a pipe takes 64 KiB at a time.
    if (failure.json && this.flags.output === 'json') await writeJsonSource(bufferSource(failure.json), 'json', process.stdout)
    this.note(`Error: ${failure.message}`)
  }

  /** An answer in the chosen format: its bytes (json), YAML with exact integers, or the text rendering. */
  protected async show(answer: Answer, text: (data: JsonValue | undefined) => string): Promise<void> {
    const {output} = this.flags
    if (output === 'json') writeBodyBytes(answer.body, process.stdout)
    else if (output === 'yaml') process.stdout.write(await toYaml(answer.data ?? null))
    else {
      const rendered = text(answer.data)
      if (rendered) process.stdout.write(`${rendered}\n`)
    }
  }

  /** A mutation's answer: its new ID alone on stdout in text mode, the confirmation on stderr. */
  protected async showCreated(answer: Answer, id: (data: JsonValue | undefined) => string, confirmation: (id: string) => string): Promise<void> {
    const created = id(answer.data)
    await this.show(answer, () => created)
    this.note(confirmation(created))
  }

  /**
   * --dry-run: the requests, nothing sent, no network. The base URL is the
   * session's when there is one (reading the session file is local), else
   * --api-url or the default, with a note that a real run needs a login.
   */
  protected async showDryRun(requests: readonly PlannedRequest[]): Promise<void> {
    const entries = dryRunEntries(await this.dryRunBase(), requests)
    await this.printData(entries, () => dryRunText(entries))
    this.note(`Dry run: ${requests.length === 1 ? 'the request was' : `${requests.length} requests were`} not sent.`)
  }

  private async dryRunBase(): Promise<URL> {
    const {env} = process
    const hasSession = Boolean(env.PROTON_UID || env.PROTON_ACCESS_TOKEN) || (await this.sessions.read(this.flags.profile)) !== undefined
    if (hasSession) return (await this.session()).apiUrl
    this.note(`Note: not logged in (profile ${this.flags.profile}); a real run needs "${this.commandLine('auth:login')}" first.`)
    return parseBaseUrl(this.flags['api-url'] ?? DEFAULT_API_URL)
  }
}
