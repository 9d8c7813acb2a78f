/**
 * Sending, as go-proton-api's fake server does it (server/backend/api.go
 * CreateDraft, CreateAttachment, SendMessage; server/keys.go): a draft holds
 * its armored body and the attachments uploaded to it; the send takes the
 * Packages, checks that each recipient of the draft has exactly one entry
 * and what its scheme needs, then delivers: an internal recipient that is
 * an address of the sandbox account gets the message in its inbox, its body
 * the recipient's key packet joined to the shared data packet (as
 * NewPGPSplitMessage does), each attachment with the recipient's key packet;
 * a clear package (Type 4) is opened with its BodyKey and AttachmentKeys,
 * which must open it, and kept in the outbox as the plain mail the service
 * would send; signed (Signature 1: PGP/Inline) the body's signature inside
 * must hold for the sender's address key. A ClearMIME package (Type 32, in a
 * multipart/mixed package, Signature 1: WebClients sendSubPackages.ts
 * sendPGPMime, go-proton-api newMIMEPackage) is opened with its BodyKey the
 * same way, its signature checked, and kept as the MIME tree it carries (the
 * attachments are inside; no AttachmentKeys). PGP/Inline (Type 8, text/plain,
 * key packets as an internal entry has them) and PGP/MIME (Type 16, in the
 * multipart/mixed package, a BodyKeyPacket) entries, both signed, are taken
 * for external addresses only (an internal one is refused) and kept in the
 * sends, as the service would send them on encrypted. A clear package for a recipient that has keys is refused: the
 * service never sends in clear what it could encrypt. What each send carried
 * is kept for the tests (GET /__sandbox/sent).
 */
import {CODE} from '../../lib/contract/contract.ts'
import {SandboxError} from './api-error.ts'
import {newId} from './ids.ts'
import type {Row, SandboxState} from './state.ts'
import type {JsonObject} from './validation.ts'
import {formParts} from './multipart.ts'

/** The service's Code for a Proton address that does not exist (WebClients errors.ts KEY_GET_ADDRESS_MISSING). */
const KEY_GET_ADDRESS_MISSING = 33102

const INTERNAL = 1
const CLEAR = 4
const PGP_INLINE = 8
const PGP_MIME = 16
const CLEAR_MIME = 32
const MULTIPART_MIXED = 'multipart/mixed'
/** go-proton-api MessageFlagSent. */
const FLAG_SENT = 2

const invalid = (message: string) => new SandboxError(422, CODE.INVALID_REQUIREMENT_ERROR, message)
const record = (value: unknown): Row => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Row) : {})
const emails = (value: unknown): string[] => (Array.isArray(value) ? value.map((entry) => String(record(entry).Address ?? '')).filter(Boolean) : [])

export interface OutboxMail {
  MessageID: string
  From: string
  To: string[]
  CC: string[]
  /** The one recipient this copy goes to (a Bcc recipient among them). */
  Recipient: string
  Subject: string
  MIMEType: string
  /** The plaintext body, opened with the package's BodyKey (a ClearMIME package's: the MIME tree). */
  Body: string
  /** The body's signature held for the sender's key (Signature 1). */
  Signed: boolean
  Attachments: Array<{Name: string; MIMEType: string; Data: string}>
}

interface Draft {
  attachments: Row[]
  sent: boolean
}

export class Outbox {
  private readonly state: SandboxState
  private readonly drafts = new Map<string, Draft>()
  /** Each send's request body, in order (GET /__sandbox/sent). */
  readonly sends: Array<{DelaySeconds: number; MessageID: string; Packages: unknown}> = []
  readonly mail: OutboxMail[] = []
  private ownKeys?: Promise<Map<string, string>>

  constructor(state: SandboxState) {
    this.state = state
  }

  /** The public halves of the account's own address keys, by email (read once, on first use). */
  ownPublicKeys(): Promise<Map<string, string>> {
    this.ownKeys ??= (async () => {
      const openpgp = await import('openpgp')
      const keys = new Map<string, string>()
      for (const address of this.state.addresses) {
        const [first] = Array.isArray(address.Keys) ? (address.Keys as Row[]) : []
        if (typeof first?.PrivateKey !== 'string') continue
        const key = await openpgp.readPrivateKey({armoredKey: first.PrivateKey})
        keys.set(String(address.Email).toLowerCase(), key.toPublic().armor())
      }

      return keys
    })()
    return this.ownKeys
  }

  /**
   * GET /core/v4/keys/all?Email=: a Proton address (the account's own, or a proton.test one the sandbox knows a key of)
   * under Address.Keys, any other proton.test address refused (422, Code 33102); anyone else's key as an unverified key from WKD (Unverified.Keys, Source 1), as the service
   * answers for an external address with published keys (WebClients getAndVerifyApiKeys.ts).
   */
  async publicKeys(email: string): Promise<JsonObject> {
    const lower = email.toLowerCase()
    // OpenPGP.js is loaded only for the account's own addresses: a look-up of anyone else's stays cheap.
    const isOwn = this.state.addresses.some((address) => String(address.Email).toLowerCase() === lower)
    const own = isOwn ? (await this.ownPublicKeys()).get(lower) : undefined
    const known = own ?? this.state.publicKeys.get(lower)
    const internal = own !== undefined || lower.endsWith('@proton.test')
    // A Proton address that does not exist is refused, as the service refuses it (Code 33102: WebClients
    // packages/shared/lib/errors.ts API_CUSTOM_ERROR_CODES.KEY_GET_ADDRESS_MISSING, which
    // getPublicKeysEmailHelperWithKT.ts turns into the recipient's error), never taken for an external address.
    if (internal && !known) throw new SandboxError(422, KEY_GET_ADDRESS_MISSING, 'Address does not exist')
    const keys = known ? [{Flags: 3, PublicKey: known}] : []
    return {
      Address: {Keys: internal ? keys : [], SignedKeyList: null},
      Code: CODE.SINGLE_SUCCESS,
      Unverified: internal || !known ? null : {Keys: [{Flags: 3, PublicKey: known, Source: 1}]},
      Warnings: [],
    }
  }

  /** POST /mail/v4/messages: a draft from one of the account's sending addresses, its Body armored. */
  createDraft(body: JsonObject): JsonObject {
    const input = record(body.Message)
    const address = this.state.addresses.find((candidate) => candidate.ID === input.AddressID)
    if (!address) throw invalid('Message.AddressID is not an address of this account')
    if (address.Send !== 1 || address.Status !== 1) throw invalid('This address cannot send')
    if (typeof input.Body !== 'string' || !input.Body.includes('-----BEGIN PGP MESSAGE-----')) throw invalid('Message.Body must be an armored PGP message')
    const mimeType = input.MIMEType ?? 'text/html'
    if (mimeType !== 'text/plain' && mimeType !== 'text/html') throw invalid('Message.MIMEType must be text/plain or text/html')
    const subject = typeof input.Subject === 'string' ? input.Subject : ''
    const ID = newId()
    const message: Row = {
      AddressID: address.ID,
      BCCList: input.BCCList ?? [],
      CCList: input.CCList ?? [],
      ConversationID: newId(),
      ExpirationTime: 0,
      Flags: 0,
      ID,
      IsReplied: 0,
      LabelIDs: ['1', '5', '8'],
      NumAttachments: 0,
      Order: this.state.messages.length + 1,
      Sender: {Address: address.Email, Name: address.DisplayName},
      Size: input.Body.length,
      Subject: subject,
      Time: Math.floor(Date.now() / 1000),
      ToList: input.ToList ?? [],
      Unread: 0,
    }
    this.state.messages.push(message)
    this.state.messageDetails.set(ID, {Attachments: [], Body: input.Body, Header: `Subject: ${subject}\r\n`, MIMEType: mimeType, ParsedHeaders: {Subject: subject}, ReplyTos: []})
    this.drafts.set(ID, {attachments: [], sent: false})
    return {Code: CODE.SINGLE_SUCCESS, Message: this.state.fullMessage(ID) as JsonObject}
  }

  /** POST /mail/v4/attachments: KeyPackets, DataPacket and Signature (binary parts) for a draft. */
  async uploadAttachment(contentType: string | undefined, body: Buffer): Promise<JsonObject> {
    const parts = formParts(contentType, body)
    const text = (name: string) => parts.get(name)?.toString('utf8') ?? ''
    const draft = this.drafts.get(text('MessageID'))
    if (!draft || draft.sent) throw new SandboxError(422, CODE.INVALID_REQUIREMENT_ERROR, 'MessageID is not a draft')
    const keyPackets = parts.get('KeyPackets')
    const data = parts.get('DataPacket')
    if (!keyPackets?.length || !data?.length) throw invalid('KeyPackets and DataPacket are required')
    const signature = parts.get('Signature')
    const ID = newId()
    this.state.attachmentData.set(ID, data.toString('base64'))
    const attachment: Row = {
      Disposition: text('Disposition') || 'attachment',
      Headers: {},
      ID,
      KeyPackets: keyPackets.toString('base64'),
      MIMEType: text('MIMEType') || 'application/octet-stream',
      Name: text('Filename'),
      Signature: signature?.length ? (await import('openpgp')).armor((await import('openpgp')).enums.armor.signature, signature) : null,
      // The upload carries no clear size (WebClients api/attachments.ts uploadAttachment, go-proton-api
      // CreateAttachmentReq): the service knows only the data packet, and counts its length (go-proton-api
      // server/backend message.go adds it to the message's Size; Bridge's syncservice takes it as the bytes to download).
      Size: data.length,
    }
    draft.attachments.push(attachment)
    const details = this.state.messageDetails.get(text('MessageID'))
    if (details) details.Attachments = draft.attachments
    const message = this.state.messages.find((candidate) => candidate.ID === text('MessageID'))
    if (message) message.NumAttachments = draft.attachments.length
    return {Attachment: attachment as JsonObject, Code: CODE.SINGLE_SUCCESS}
  }

  /** POST /mail/v4/messages/{ID}: the Packages checked, the message delivered and marked sent. */
  async send(id: string, body: JsonObject): Promise<JsonObject> {
    const draft = this.drafts.get(id)
    const message = this.state.messages.find((candidate) => candidate.ID === id)
    if (!draft || !message) throw new SandboxError(404, CODE.NOT_FOUND_ERROR, 'Message does not exist')
    if (draft.sent) throw new SandboxError(422, CODE.ALREADY_EXISTS_ERROR, 'Message has already been sent')
    if (!Array.isArray(body.Packages) || body.Packages.length === 0) throw invalid('Packages are required')
    // DelaySeconds, the undo-send delay the web client sends (useSendMessage.ts): the answer's DeliveryTime that much later.
    const delay = body.DelaySeconds ?? 0
    if (typeof delay !== 'number' || !Number.isInteger(delay) || delay < 0 || delay > 30) throw invalid('DelaySeconds must be an integer from 0 to 30')
    const packages = body.Packages.map(record)
    const wanted = [...emails(message.ToList), ...emails(message.CCList), ...emails(message.BCCList)].map((email) => email.toLowerCase())
    const given = packages.flatMap((pack) => Object.keys(record(pack.Addresses)).map((email) => email.toLowerCase()))
    const missing = wanted.filter((email) => !given.includes(email))
    if (missing.length > 0) throw invalid(`No package for ${missing.join(', ')}`)
    const extra = given.filter((email, index) => !wanted.includes(email) || given.indexOf(email) !== index)
    if (extra.length > 0) throw invalid(`Unexpected package address ${extra.join(', ')}`)
    const openpgp = await import('openpgp')
    const deliveries: Array<() => void> = []
    for (const pack of packages) {
      if (typeof pack.Body !== 'string') throw invalid('Package.Body is required')
      const dataPacket = Buffer.from(pack.Body, 'base64')
      for (const [email, entry] of Object.entries(record(pack.Addresses))) {
        const recipient = record(entry)
        if (recipient.Type === INTERNAL) deliveries.push(await this.internal(email, recipient, dataPacket, message, draft))
        else if (recipient.Type === CLEAR || recipient.Type === CLEAR_MIME) {
          const keys = await this.publicKeys(email)
          if (record(keys.Address).Keys && (record(keys.Address).Keys as unknown[]).length > 0) throw invalid(`${email} is internal: a clear package is refused`)
          if (keys.Unverified) throw invalid(`${email} has keys: a clear package is refused`)
          if ((recipient.Type === CLEAR_MIME) !== (pack.MIMEType === MULTIPART_MIXED)) throw invalid(`${email}: Type ${String(recipient.Type)} does not go in a ${String(pack.MIMEType)} package`)
          if (recipient.Type === CLEAR_MIME && recipient.Signature !== 1) throw invalid(`${email}: a ClearMIME package is signed (Signature 1)`)
          if (recipient.Signature !== 0 && recipient.Signature !== 1) throw invalid(`${email}: Signature must be 0 or 1`)
          deliveries.push(await this.clear(openpgp, email, pack, dataPacket, message, draft, recipient.Signature === 1))
        } else if (recipient.Type === PGP_INLINE || recipient.Type === PGP_MIME) {
          await this.pgpEntry(email, recipient, pack, draft)
        } else throw invalid(`Unsupported package type ${String(recipient.Type)} for ${email}`)
      }
    }

    for (const deliver of deliveries) deliver()
    draft.sent = true
    this.sends.push({DelaySeconds: delay, MessageID: id, Packages: body.Packages})
    message.Flags = Number(message.Flags) | FLAG_SENT
    message.LabelIDs = ['2', '5', '7']
    return {Code: CODE.SINGLE_SUCCESS, DeliveryTime: Math.floor(Date.now() / 1000) + delay, Sent: this.state.fullMessage(id) as JsonObject}
  }

  /** A PGP/Inline or PGP/MIME entry: an external address, the package's MIME type its scheme's, signed, its key packets present. */
  private async pgpEntry(email: string, recipient: Row, pack: Row, draft: Draft): Promise<void> {
    const keys = await this.publicKeys(email)
    if ((record(keys.Address).Keys as unknown[]).length > 0) throw invalid(`${email} is internal: a PGP package is refused`)
    const mimeType = recipient.Type === PGP_MIME ? MULTIPART_MIXED : 'text/plain'
    if (pack.MIMEType !== mimeType) throw invalid(`${email}: Type ${String(recipient.Type)} goes in a ${mimeType} package`)
    if (recipient.Signature !== 1) throw invalid(`${email}: a PGP package is signed (Signature 1)`)
    if (typeof recipient.BodyKeyPacket !== 'string' || recipient.BodyKeyPacket === '') throw invalid(`${email}: BodyKeyPacket is required`)
    if (recipient.Type === PGP_MIME) return
    const attachmentKeys = record(recipient.AttachmentKeyPackets)
    for (const attachment of draft.attachments) {
      if (typeof attachmentKeys[String(attachment.ID)] !== 'string') throw invalid(`${email}: no AttachmentKeyPackets for attachment ${String(attachment.ID)}`)
    }
  }

  /** An internal recipient: its key packets present; one of the account's addresses gets the message in its inbox. */
  private async internal(email: string, recipient: Row, dataPacket: Buffer, message: Row, draft: Draft): Promise<() => void> {
    if (typeof recipient.BodyKeyPacket !== 'string' || recipient.BodyKeyPacket === '') throw invalid(`${email}: BodyKeyPacket is required`)
    const attachmentKeys = record(recipient.AttachmentKeyPackets)
    for (const attachment of draft.attachments) {
      if (typeof attachmentKeys[String(attachment.ID)] !== 'string') throw invalid(`${email}: no AttachmentKeyPackets for attachment ${String(attachment.ID)}`)
    }

    const keys = await this.publicKeys(email)
    if ((record(keys.Address).Keys as unknown[]).length === 0) throw invalid(`${email} is not a Proton address`)
    const address = this.state.addresses.find((candidate) => String(candidate.Email).toLowerCase() === email.toLowerCase())
    if (!address) return () => {}
    const openpgp = await import('openpgp')
    const joined = Buffer.concat([Buffer.from(recipient.BodyKeyPacket, 'base64'), dataPacket])
    const armored = openpgp.armor(openpgp.enums.armor.message, joined)
    return () => {
      const attachments = draft.attachments.map((attachment) => {
        const ID = newId()
        this.state.attachmentData.set(ID, this.state.attachmentData.get(String(attachment.ID)) ?? '')
        return {...attachment, ID, KeyPackets: attachmentKeys[String(attachment.ID)]}
      })
      this.deliver(address, message, armored, attachments)
    }
  }

  /**
   * A clear package: its BodyKey and AttachmentKeys must open the body and every attachment (a MIME package holds
   * its attachments: BodyKey only); signed, the body's signature must hold for the sender's key (the service signs
   * the mail it sends with it).
   */
  private async clear(openpgp: typeof import('openpgp'), email: string, pack: Row, dataPacket: Buffer, message: Row, draft: Draft, signed: boolean): Promise<() => void> {
    const sender = String(record(message.Sender).Address)
    const senderKey = signed ? (await this.ownPublicKeys()).get(sender.toLowerCase()) : undefined
    if (signed && senderKey === undefined) throw invalid(`${email}: no key of ${sender} to check the signature with`)
    const verificationKeys = senderKey === undefined ? undefined : await openpgp.readKey({armoredKey: senderKey})
    // The body as a mail client shows a text literal (OpenPGP.js turns its CRLF back into LF), attachments as bytes.
    const open = async (key: unknown, data: Buffer, what: string, format: 'binary' | 'utf8' = 'binary'): Promise<Uint8Array> => {
      const {Algorithm, Key} = record(key)
      if (typeof Key !== 'string' || typeof Algorithm !== 'string') throw invalid(`${what}: the session key (Key, Algorithm) is required for a clear package`)
      let opened
      try {
        opened = await openpgp.decrypt({
          format,
          message: await openpgp.readMessage({binaryMessage: data}),
          sessionKeys: {algorithm: Algorithm as 'aes256', data: Buffer.from(Key, 'base64')},
          ...(verificationKeys && format === 'utf8' ? {expectSigned: true, verificationKeys} : {}),
        })
      } catch {
        throw invalid(`${what}: the session key does not open it${verificationKeys ? ', or its signature does not hold' : ''}`)
      }

      return typeof opened.data === 'string' ? Buffer.from(opened.data) : (opened.data as Uint8Array)
    }

    const body = await open(pack.BodyKey, dataPacket, 'BodyKey', 'utf8')
    const attachments: OutboxMail['Attachments'] = []
    for (const attachment of pack.MIMEType === MULTIPART_MIXED ? [] : draft.attachments) {
      const data = Buffer.from(this.state.attachmentData.get(String(attachment.ID)) ?? '', 'base64')
      const plain = await open(record(pack.AttachmentKeys)[String(attachment.ID)], data, `AttachmentKeys ${String(attachment.ID)}`)
      attachments.push({Data: Buffer.from(plain).toString('base64'), MIMEType: String(attachment.MIMEType), Name: String(attachment.Name)})
    }

    return () => {
      this.mail.push({
        Attachments: attachments,
        Body: Buffer.from(body).toString('utf8'),
        CC: emails(message.CCList),
        From: String(record(message.Sender).Address),
        MIMEType: String(pack.MIMEType),
        MessageID: String(message.ID),
        Recipient: email,
        Signed: signed,
        Subject: String(message.Subject),
        To: emails(message.ToList),
      })
    }
  }

  /** The recipient's copy, in its inbox: Bcc recipients are not listed to anyone. */
  private deliver(address: Row, sent: Row, body: string, attachments: Row[]): void {
    const ID = newId()
    const copy: Row = {
      ...sent,
      AddressID: address.ID,
      BCCList: [],
      ConversationID: newId(),
      Flags: 1,
      ID,
      LabelIDs: ['0', '5'],
      NumAttachments: attachments.length,
      Order: this.state.messages.length + 1,
      Unread: 1,
    }
    this.state.messages.push(copy)
    const details = this.state.messageDetails.get(String(sent.ID)) ?? {}
    this.state.messageDetails.set(ID, {...details, Attachments: attachments, Body: body, ReplyTos: [sent.Sender]})
  }
}
