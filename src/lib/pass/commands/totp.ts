/**
 * `pass totp` as a plain function: the one-time code of an item's TOTP URI, now.
 * Their oclif adapters: src/commands/proton/pass/…; what they send follows the official Pass CLI (protonpass/pass-cli;
 * see service.ts for each route).
 */
import {CliFailure} from '../../core/errors.ts'
import {EXIT} from '../../core/exit-status.ts'
import {printData} from '../../run/printer.ts'
import {plainCommand} from '../../run/plain-command.ts'
import {totpUri} from '../fields.ts'
import {findItem} from '../find.ts'
import {PassSession} from '../service.ts'
import {totpCode} from '../totp-uri.ts'
import {quoted} from '../views.ts'

export const passTotp = plainCommand({
  options: (line) => ({item: line.arg('item'), vault: line.optionalString('vault')}),
  async run(invocation, {item, vault}) {
    const pass = new PassSession(invocation)
    const opened = await findItem(pass, item, vault)
    await pass.keepNames()
    const uri = totpUri(opened.item)
    if (uri === undefined) throw new CliFailure(`item ${quoted(opened.item.metadata?.name ?? '')} has no TOTP URI`, EXIT.NOT_FOUND)
    let code
    try {
      code = totpCode(uri, invocation.io.now().getTime() / 1000)
    } catch (error) {
      throw new CliFailure(`item ${quoted(opened.item.metadata?.name ?? '')}: ${error instanceof Error ? error.message : String(error)}`, EXIT.UNAVAILABLE)
    }

    await printData(invocation, {Period: code.period, SecondsLeft: code.left, TOTP: code.code}, () => code.code)
    if (invocation.flags.output === 'text') invocation.note(`${code.left} s left (of ${code.period} s)`)
  },
})
