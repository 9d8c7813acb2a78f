/**
 * The account's mail settings a send follows (GET /mail/v4/settings, WebClients interfaces/MailSettings.ts):
 * DelaySendSeconds (send/delay.ts), Sign and PGPScheme (send/pinned-keys.ts signing), read once per send.
 */
import {isRecord, type JsonRecord} from '../core/records.ts'
import {tryCall} from '../run/api.ts'
import type {Invocation} from '../run/invocation.ts'
import type {SigningDefaults} from './pinned-keys.ts'

/** WebClients constants.ts PACKAGE_TYPE.SEND_PGP_INLINE: MailSettings.PGPScheme 8 (16, PGP/MIME, the default). */
const SEND_PGP_INLINE = 8

/** MailSettings, or the run ends with the failure's status. */
export async function mailSettings(invocation: Invocation): Promise<JsonRecord> {
  const answer = await tryCall(invocation, {method: 'GET', path: '/mail/v4/settings'})
  if (typeof answer === 'number') invocation.exit(answer)
  return isRecord(answer.data) && isRecord(answer.data.MailSettings) ? answer.data.MailSettings : {}
}

/** Sign (1: sign mail to external addresses) and PGPScheme. */
export const signingDefaults = (settings: JsonRecord): SigningDefaults => ({scheme: settings.PGPScheme === SEND_PGP_INLINE ? 'pgp-inline' : 'pgp-mime', sign: settings.Sign === 1})
