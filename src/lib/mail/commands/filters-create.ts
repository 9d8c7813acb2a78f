/**
 * proton mail filters create: a Sieve filter, as the web client's
 * addSieveFilter sends it (WebClients api/filters.ts): POST /mail/v4/filters
 * {Name, Sieve, Version: 2}. The published description types Version as a
 * string; the client sends the number.
 */
import {call} from '../../run/api.ts'
import {showCreated, showDryRun} from '../../run/printer.ts'
import {checkName} from '../../cli/input-checks.ts'
import {idOf} from '../../core/records.ts'
import {plainCommand} from '../../run/plain-command.ts'
import {readSieve} from '../sieve.ts'
import {readLimit} from '../../files/named-file.ts'
import {interruptSignal} from '../../core/interrupt.ts'
import {SIEVE_FILTER_VERSION} from '../../contract/mailbox-enums.ts'

export interface MailFiltersCreateOptions {
  dryRun: boolean
  name: string
  sieve?: string
  sieveFile?: string
}

export const mailFiltersCreate = plainCommand<MailFiltersCreateOptions>({
  options: (line) => ({
    dryRun: line.boolean('dry-run'),
    name: line.string('name'),
    sieve: line.optionalString('sieve'),
    sieveFile: line.optionalString('sieve-file'),
  }),
  async run(invocation, {dryRun, name, sieve, sieveFile}) {
    // --sieve-file naming a FIFO nobody writes to ends at --timeout, as a request would.
    const sieveScript = await readSieve({sieve, sieveFile}, () => invocation.io.stdin, readLimit(invocation.flags.timeout, interruptSignal))
    const body = {Name: checkName(name), Sieve: sieveScript, Version: SIEVE_FILTER_VERSION}
    const request = {body, method: 'POST', path: '/mail/v4/filters'} as const
    if (dryRun) return showDryRun(invocation, [request])
    const answer = await call(invocation, request)
    await showCreated(
      invocation,
      answer,
      (data) => idOf(data, 'Filter'),
      (id) => `Created filter "${name}" (${id}).`,
    )
  },
})
