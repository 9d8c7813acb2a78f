/**
 * --dry-run of the drive commands that change something: every PATH is
 * resolved as the real run resolves it (reads only), and a name already
 * taken is refused as the real run would refuse it; then what would be
 * done, one line each ("Would …"; --output json or yaml: the records), and
 * nothing is changed. What the SDK sends is encrypted on this machine
 * (names, keys, blocks), so the actions are shown rather than requests.
 */
import type {Invocation} from '../run/invocation.ts'
import {printData} from '../run/printer.ts'

export interface Plan {
  /** The line, after "Would ". */
  line: string
  data: Record<string, unknown>
}

export async function showPlans(invocation: Invocation, plans: readonly Plan[]): Promise<void> {
  await printData(
    invocation,
    plans.map(({data}) => data),
    () => plans.map(({line}) => `Would ${line}`).join('\n'),
  )
  invocation.note('--dry-run: nothing changed.')
}
