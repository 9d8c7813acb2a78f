/**
 * The base of dedicated commands, for sibling plugins: the raw command's
 * session, refresh, exit statuses and error lines, plus what dedicated
 * commands share (src/lib/run/api.ts): one call that keeps the
 * answer's bytes, the three output formats of an answer, a mutation's ID
 * on stdout, and --dry-run, as protected methods.
 */
import {type Command, Flags} from '@oclif/core'

import type {Answer} from '../../output/api-answer.ts'
import {ProtonCommand} from './base-command.ts'
import {call, tryCall} from '../../run/api.ts'
import {show, showCreated, showDryRun} from '../../run/printer.ts'
import type {PlannedRequest} from '../../run/dry-run.ts'
import type {ExitStatus} from '../../core/exit-status.ts'
import type {JsonValue} from '../../core/json-value.ts'

export const dryRunFlag = Flags.boolean({
  summary: 'Print the request that would be sent (method, URL, body) and send nothing.',
})

export abstract class DedicatedCommand<T extends typeof Command> extends ProtonCommand<T> {
  /** Send one request; an API error is reported and ends the command with its exit status. */
  protected async call(planned: PlannedRequest): Promise<Answer> {
    return call(this.invocation, planned)
  }

  /**
   * Send one request; an API error is reported as the raw command reports
   * it (the service's JSON on stdout with --output json only, one line on
   * stderr) and its exit status returned instead of an answer.
   */
  protected async tryCall(planned: PlannedRequest): Promise<Answer | ExitStatus> {
    return tryCall(this.invocation, planned)
  }

  /** An answer in the chosen format: its bytes (json), YAML with exact integers, or the text rendering. */
  protected async show(answer: Answer, text: (data: JsonValue | undefined) => string): Promise<void> {
    return show(this.invocation, answer, text)
  }

  /** A mutation's answer: its new ID alone on stdout in text mode, the confirmation on stderr. */
  protected async showCreated(answer: Answer, id: (data: JsonValue | undefined) => string, confirmation: (id: string) => string): Promise<void> {
    return showCreated(this.invocation, answer, id, confirmation)
  }

  /** --dry-run: the requests, nothing sent, no network (the session's base URL when there is one). */
  protected async showDryRun(requests: readonly PlannedRequest[]): Promise<void> {
    return showDryRun(this.invocation, requests)
  }
}
