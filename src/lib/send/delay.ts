/**
 * Undo send as the web client sends it (WebClients applications/mail/src/app/hooks/composer/useSendMessage.ts:
 * `DelaySeconds: delaySendSeconds`, from MailSettings.DelaySendSeconds, useDelaySendSeconds; the service answers the
 * send with DeliveryTime, when the message goes): the account's setting, or --delay, sent as DelaySeconds; the
 * confirmation says when it goes.
 */
import type {JsonRecord} from '../core/records.ts'

/** The longest delay the web client offers (mail constants DELAY_IN_SECONDS: 0, 5, 10, 20, 30). */
export const MAX_DELAY_SECONDS = 30

/** --delay when given, else the account's MailSettings.DelaySendSeconds (send/settings.ts); 0 when it is not a number. */
export function sendDelay(settings: JsonRecord, given: number | undefined): number {
  if (given !== undefined) return given
  const seconds = settings.DelaySendSeconds
  return typeof seconds === 'number' && Number.isInteger(seconds) && seconds > 0 ? Math.min(seconds, MAX_DELAY_SECONDS) : 0
}

/** " It goes out at …" for a delivery time after now (the answer's DeliveryTime, else now + the delay); else "". */
export function whenItGoes(deliveryTime: unknown, delaySeconds: number, nowMs: number): string {
  const at = typeof deliveryTime === 'number' && Number.isFinite(deliveryTime) && deliveryTime > 0 ? deliveryTime * 1000 : nowMs + delaySeconds * 1000
  const seconds = Math.round((at - nowMs) / 1000)
  if (delaySeconds === 0 || seconds <= 0) return ''
  return ` It goes out at ${new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z')}, in ${seconds} s (the delay to undo sending).`
}
