/**
 * proton mail send: the input checked (addresses, body, attachments and
 * their size), the sender chosen, each recipient's kind asked of the service
 * (GET /core/v4/keys/all, recipients.ts), a recipient this tool cannot write
 * to safely refused before anything is created; then the draft, the
 * attachments and the send (send/send-message.ts). --dry-run stops after the
 * look-ups and prints what would be sent.
 */
import {sendDelay} from '../delay.ts'
import {escapeLine} from '../../core/escape.ts'
import {enableOwnCompileCache} from '../../files/compile-cache.ts'
import type {PrivateKey} from 'openpgp'

import {contactRecord, CONTACTS} from '../../contacts/service.ts'
import type {Card} from '../../contacts/contact-cards.ts'
import {isRecord, listOf} from '../../core/records.ts'
import {attempt, call} from '../../run/api.ts'
import {CliFailure, usageError} from '../../core/errors.ts'
import {EXIT} from '../../core/exit-status.ts'
import type {Invocation} from '../../run/invocation.ts'
import {plainCommand} from '../../run/plain-command.ts'
import {checkAttachments, checkRecipients, readBody, type AttachmentFile, type Recipients} from '../input.ts'
import {kindText, recipientFromKeys, type Recipient} from '../recipients.ts'
import {bodyType, externalKey, type Pinned, pinnedInCard, signedCard, signing, type SigningDefaults, withPins} from '../pinned-keys.ts'
import {mailSettings, signingDefaults} from '../settings.ts'
import {type Account, loadAccount, ownRecipient, signingKey, userKeys} from '../sender.ts'
import {sendMessage} from '../send-message.ts'
import {plural} from '../../output/plural.ts'

export interface MailSendOptions {
  to: string[]
  cc: string[]
  bcc: string[]
  subject: string
  body?: string
  bodyFile?: string
  html: boolean
  attach: string[]
  from?: string
  dryRun: boolean
  /** --delay: DelaySeconds (else the account's DelaySendSeconds). */
  delay?: number
}

/** Each flag's values, a comma-separated list in one value allowed (an address has no comma). */
const addresses = (values: string[] | undefined) => (values ?? []).flatMap((value) => value.split(','))

/** How many key look-ups are in flight at once. */
const LOOKUPS_AT_ONCE = 4

/**
 * The pins of an address in the user's contacts (send/pinned-keys.ts): the first contact that holds it
 * (GET /contacts/v4/contacts/emails?Email=), unless it says Defaults 1, and that contact's signed card.
 */
async function pinsOf(invocation: Invocation, email: string, keys: () => Promise<PrivateKey[]>): Promise<Pinned | undefined> {
  const emails = listOf((await call(invocation, {method: 'GET', path: `${CONTACTS}/emails`, query: [['Email', email]]})).data, 'ContactEmails')
  const entry = emails.find((item) => typeof item.Email === 'string' && item.Email.toLowerCase() === email.toLowerCase())
  if (!entry || entry.Defaults === 1 || typeof entry.ContactID !== 'string') return undefined
  const contact = await contactRecord(invocation, entry.ContactID)
  const card = signedCard(Array.isArray(contact.Cards) ? (contact.Cards.filter(isRecord) as unknown as Card[]) : [])
  return card && pinnedInCard(email, card, await keys())
}

/**
 * Each recipient's kind (its keys on the service, then its pins in the contacts, then whether mail to it is signed and
 * whether it takes plain text);
 * the account's own addresses are
 * never asked of the service: their keys are the account's (sender.ts ownRecipient). An address the service will not
 * look up is refused with its reason.
 */
async function lookUp(invocation: Invocation, emails: string[], account: Account, defaults: SigningDefaults): Promise<Recipient[]> {
  const keys = async () => userKeys(invocation)
  const result: Recipient[] = []
  for (let start = 0; start < emails.length; start += LOOKUPS_AT_ONCE) {
    const batch = emails.slice(start, start + LOOKUPS_AT_ONCE)
    result.push(
      ...(await Promise.all(
        batch.map(async (email) => {
          const own = account.own.get(email.toLowerCase())
          if (own) return ownRecipient(invocation, own, email)
          const outcome = await attempt(invocation, {method: 'GET', path: '/core/v4/keys/all', query: [['Email', email]]})
          if (!outcome.ok) {
            if (outcome.failure.exitStatus !== EXIT.USAGE && outcome.failure.exitStatus !== EXIT.NOT_FOUND) throw new CliFailure(`${email}: ${outcome.failure.message}`, outcome.failure.exitStatus)
            return {email, kind: 'refused', reason: outcome.failure.message} satisfies Recipient
          }

          const recipient = recipientFromKeys(email, outcome.answer.data)
          if (recipient.kind === 'refused') return recipient
          const pinned = await pinsOf(invocation, email, keys)
          return externalKey(bodyType(signing(await withPins(recipient, pinned), pinned, defaults), pinned), pinned)
        }),
      )),
    )
  }

  return result
}

function dryRunText(from: string, recipients: Recipients, kinds: Recipient[], subject: string, body: string, mimeType: string, files: AttachmentFile[]): string {
  const kindOf = new Map(kinds.map((recipient) => [recipient.email, recipient]))
  const line = (field: string, email: string) => {
    const recipient = kindOf.get(email)
    const kind = recipient ? `${kindText(recipient)}${recipient.pinned ? ' (from your contact)' : ''}` : ''
    return `${field}: ${escapeLine(email)} (${kind}${recipient?.reason ? `: ${escapeLine(recipient.reason)}` : ''})`
  }
  return [
    `From: ${escapeLine(from)}`,
    ...recipients.to.map((email) => line('To', email)),
    ...recipients.cc.map((email) => line('Cc', email)),
    ...recipients.bcc.map((email) => line('Bcc', email)),
    `Subject: ${escapeLine(subject)}`,
    `Body: ${plural(Buffer.byteLength(body), 'byte')} (${mimeType})`,
    ...files.map((file) => `Attachment: ${escapeLine(file.name)} (${plural(file.size, 'byte')})`),
  ].join('\n')
}

export const mailSend = plainCommand<MailSendOptions>({
  options: (line) => ({
    attach: line.strings('attach') ?? [],
    bcc: addresses(line.strings('bcc')),
    body: line.optionalString('body'),
    bodyFile: line.optionalString('body-file'),
    cc: addresses(line.strings('cc')),
    delay: line.optionalInteger('delay'),
    dryRun: line.boolean('dry-run'),
    from: line.optionalString('from'),
    html: line.boolean('html'),
    subject: line.string('subject'),
    to: addresses(line.strings('to')),
  }),
  async run(invocation, options) {
    const recipients = checkRecipients(options)
    const body = await readBody({body: options.body, bodyFile: options.bodyFile, stdin: invocation.io.stdin})
    const mimeType = options.html ? 'text/html' : 'text/plain'
    // OpenPGP.js is loaded below: from Node's compile cache rather than compiled again at every run.
    enableOwnCompileCache(invocation.context.cacheDir, invocation.io.env)
    const account = await loadAccount(invocation, options.from)
    const files = await checkAttachments(options.attach, account.maxUpload)
    const settings = await mailSettings(invocation)
    const found = await lookUp(invocation, [...recipients.to, ...recipients.cc, ...recipients.bcc], account, signingDefaults(settings))
    // PGP/Inline signs text/plain only (WebClients encryptionPreferences.ts: PGP/Inline is plain text; the web client
    // turns HTML into text, which this tool does not do behind the user's back).
    const kinds = found.map((recipient) =>
      mimeType === 'text/html' && recipient.sign && recipient.scheme === 'pgp-inline'
        ? {...recipient, kind: 'refused' as const, reason: `its mail is ${recipient.kind === 'external-keys' ? 'encrypted' : 'signed'} PGP/Inline, which takes a plain-text body: send it without --html`}
        : recipient,
    )
    const refused = kinds.filter((recipient) => recipient.kind === 'refused')
    if (options.dryRun) {
      invocation.io.stdout.write(`${dryRunText(String(account.address.Email), recipients, kinds, options.subject, body, mimeType, files)}\n`)
      if (refused.length === 0) {
        invocation.note('Nothing was sent (--dry-run).')
        return
      }
    }

    if (refused.length > 0) {
      const names = refused.map((recipient) => `${escapeLine(recipient.email)} (${escapeLine(recipient.reason ?? '')})`)
      throw usageError(`cannot send to ${names.join(', ')}; nothing was created or sent`)
    }

    const delaySeconds = sendDelay(settings, options.delay)
    const key = await signingKey(invocation, account)
    await sendMessage(invocation, {address: account.address, attachments: files, body, delaySeconds, kinds, mimeType, recipients, subject: options.subject}, key)
  },
})
