/**
 * proton pass names vaults|items (hidden): what shell completion runs at TAB for a vault or an item name. The names
 * are sealed (sealed-names.ts); this reads the session, asks the service for its local key (one request, never
 * retried, within the --timeout the completion script gives) and prints the names that open, one a line. Whatever
 * does not open (no session, a session from the environment, an ended one, a changed local key, a changed or
 * foreign file) prints nothing and exits 0: TAB then offers nothing, and says nothing. Kept apart from the other
 * pass commands so that its fast-path bundle loads neither OpenPGP.js nor protobuf.
 */
import {clientKeyOf} from '../crypto/local-key.ts'
import {activeSession, attempt} from '../run/api.ts'
import {plainCommand} from '../run/plain-command.ts'
import {openPassNames, sealedPassNames} from './sealed-names.ts'

export const NAME_KINDS = ['vaults', 'items'] as const

export const passNames = plainCommand({
  options: (line) => ({kind: line.arg('kind')}),
  async run(invocation, {kind}) {
    try {
      if (!(NAME_KINDS as readonly string[]).includes(kind)) return
      const session = await activeSession(invocation)
      const sealed = session.source === 'file' ? sealedPassNames(invocation.context.cacheDir, session.profile) : undefined
      if (!sealed) return
      const outcome = await attempt(invocation, {method: 'GET', path: '/auth/v4/sessions/local/key'}, {retry: false})
      if (!outcome.ok) return
      const names = openPassNames(sealed, session, clientKeyOf(outcome.answer.data))
      const list = kind === 'vaults' ? names?.vaults : names?.items
      if (list && list.length > 0) invocation.io.stdout.write(list.map((name) => `${name}\n`).join(''))
    } catch {
      // Nothing to offer.
    }
  },
})
