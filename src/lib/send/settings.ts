/**
 * The account's mail settings a send follows (GET /mail/v4/settings, WebClients interfaces/MailSettings.ts):
 * DelaySendSeconds (send/delay.ts), Sign and PGPScheme (send/pinned-keys.ts signing), read once per send.
 */
import {isRecord, type JsonRecord} from '../core/records.ts'
import type {Outcome} from '../output/api-answer.ts'
import {attempt, settle} from '../run/api.ts'
import type {Invocation} from '../run/invocation.ts'
import type {SigningDefaults} from './pinned-keys.ts'

/** WebClients constants.ts PACKAGE_TYPE.SEND_PGP_INLINE: MailSettings.PGPScheme 8 (16, PGP/MIME, the default). */
const SEND_PGP_INLINE = 8

/**
 * GET /mail/v4/settings, sent at once so that a send asks for it beside the account's records (one round trip less);
 * nothing is reported until mailSettings reads it, so a failure of the records, read first, is the one line said.
 */
export function askMailSettings(invocation: Invocation): Promise<Outcome> {
  const asked = attempt(invocation, {method: 'GET', path: '/mail/v4/settings'})
  asked.catch(() => undefined)
  return asked
}

/** MailSettings from what askMailSettings sent, or the run ends with the failure's status. */
export async function mailSettings(invocation: Invocation, asked: Promise<Outcome>): Promise<JsonRecord> {
  const answer = await settle(invocation, await asked)
  if (typeof answer === 'number') invocation.exit(answer)
  return isRecord(answer.data) && isRecord(answer.data.MailSettings) ? answer.data.MailSettings : {}
}

/** Sign (1: sign mail to external addresses) and PGPScheme. */
export const signingDefaults = (settings: JsonRecord): SigningDefaults => ({scheme: settings.PGPScheme === SEND_PGP_INLINE ? 'pgp-inline' : 'pgp-mime', sign: settings.Sign === 1})
