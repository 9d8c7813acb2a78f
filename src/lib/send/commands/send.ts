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
import {usageError} from '../../core/errors.ts'
import {plainCommand} from '../../run/plain-command.ts'
import {checkAttachments, checkRecipients, readBody} from '../input.ts'
import {askMailSettings, mailSettings, signingDefaults} from '../settings.ts'
import {loadAccount, signingKey} from '../sender.ts'
import {sendMessage} from '../send-message.ts'
import {lookUp} from '../look-up.ts'
import {dryRunText} from '../dry-run.ts'

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
    const asked = askMailSettings(invocation)
    const account = await loadAccount(invocation, options.from)
    const files = await checkAttachments(options.attach, account.maxUpload)
    const settings = await mailSettings(invocation, asked)
    const found = await lookUp(invocation, [...recipients.to, ...recipients.cc, ...recipients.bcc], account, signingDefaults(settings))
    // PGP/Inline signs text/plain only (WebClients encryptionPreferences.ts: PGP/Inline is plain text; the web client
    // turns HTML into text, which this tool does not do behind the user's back).
    const kinds = found.map((recipient) =>
      mimeType === 'text/html' && recipient.sign && recipient.scheme === 'pgp-inline'
        ? {
            ...recipient,
            kind: 'refused' as const,
            reason: `its mail is ${recipient.kind === 'external-keys' ? 'encrypted' : 'signed'} PGP/Inline, which takes a plain-text body: send it without --html`,
          }
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
