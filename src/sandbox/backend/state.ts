/**
 * The sandbox account's data, in memory: the user, two addresses, seven
 * inbox messages, labels, folders (one nested) and a contact group, three
 * contacts (src/sandbox/backend/contacts-store.ts), a Pass account (src/sandbox/backend/pass-store.ts), one
 * calendar (its keys set up) and two drive volumes (regular, its files in
 * src/sandbox/backend/drive-store.ts, and photos), with
 * the contract's field names and enumerations and the official clients'
 * shapes (see labels.ts, calendars.ts, messages.ts).
 */
import {CalendarStore} from './calendars.ts'
import {CALENDAR_FIXTURE} from '../fixtures/calendar-fixture.ts'
import {EventStore} from './calendar-events.ts'
import {CONTACT_FIXTURE} from '../fixtures/contact-fixture.ts'
import {ContactStore} from './contacts-store.ts'
import {type DriveOwner, DriveStore} from './drive-store.ts'
import {newId} from './ids.ts'
import {type SandboxKeys, SIGNING_SENDER} from './keys.ts'
import {FOLDER_TYPE, LabelStore} from './labels.ts'
import {PassStore} from './pass-store.ts'
import {Outbox} from './outbox.ts'
import type {CalendarInput} from './validation.ts'

export type Row = Record<string, unknown>

const GIB = 1024 ** 3
/** A fixed moment, so the seeded data reads the same on every start. */
const SEED_TIME = 1_735_689_600 // 2025-01-01T00:00:00Z

export const SEED_MESSAGES = [
  ['Welcome to the Proton sandbox', 'Proton Sandbox', 'sandbox@proton.test'],
  ['Your March invoice', 'Billing', 'billing@shop.test'],
  ['Team lunch on Friday?', 'Alex Martin', 'alex@example.test'],
  ['Flight confirmation ABC123', 'Airline', 'noreply@airline.test'],
  ['Re: quarterly report', 'Sam Lee', 'sam@example.test'],
  ['Weekly newsletter', 'News', 'news@newsletter.test'],
  ['Password changed', 'Security', 'security@proton.test'],
] as const

export interface NewMessage {
  subject: string
  senderName: string
  senderAddress: string
  /** The armored OpenPGP message. */
  body: string
  mimeType: string
  /** ID: the test's own (a hostile one, say), else a new one. */
  attachments: Array<{ID?: string; Name: string; MIMEType: string; KeyPackets: string; Data: string; Signature: string | null}>
  /** The sender's public key (armored), served at /core/v4/keys/all from now on. */
  senderPublicKey?: string
}

/** A message's metadata as the service lists it: received in the inbox by `to`, with what varies from one to another. */
function inboxMessage(to: Row, own: Row): Row {
  const fixed = {BCCList: [], CCList: [], ConversationID: newId(), ExpirationTime: 0, Flags: 1, ID: newId(), IsReplied: 0, LabelIDs: ['0', '5']}
  const {Unread, ...rest} = own
  return {AddressID: to.ID, ...fixed, ...rest, ToList: [{Address: to.Email, Name: to.DisplayName}], Unread}
}

export class SandboxState {
  readonly user: Row
  readonly addresses: Row[]
  readonly messages: Row[]
  /** The volumes as seeded; GET /drive/volumes lists them through `volumes`. */
  private readonly seededVolumes: Row[]
  /** The regular volume's share, folders and files (src/sandbox/backend/drive-store.ts); none for a user who never opened Drive. */
  readonly drive: DriveStore
  readonly labels = new LabelStore()
  readonly calendars = new CalendarStore()
  /** The address book (src/sandbox/backend/contacts-store.ts), seeded with src/sandbox/fixtures/contact-fixture.ts. */
  readonly contacts = new ContactStore(() => Date.now())
  /** The Pass vaults and items (src/sandbox/backend/pass-store.ts), seeded with src/sandbox/fixtures/pass-fixture.ts. */
  readonly pass = new PassStore(() => Date.now())
  readonly calendarEvents = new EventStore()
  /** GET /core/v4/keys/salts: one salt per user key. */
  readonly keySalts: Row[] = []
  /** What GET /mail/v4/messages/ID adds to a message's metadata (Body, MIMEType, Attachments …), by ID. */
  readonly messageDetails = new Map<string, Row>()
  /** Public keys by email, for GET /core/v4/keys/all. */
  readonly publicKeys = new Map<string, string>()
  /** An attachment's encrypted data packet (base64) by attachment ID. */
  readonly attachmentData = new Map<string, string>()
  /** Drafts, uploads and sends (src/sandbox/backend/outbox.ts). */
  readonly outbox = new Outbox(this)

  constructor(username: string, keys?: SandboxKeys) {
    const userId = newId()
    const email = `${username}@proton.test`
    this.user = {
      CreateTime: SEED_TIME,
      Credit: 0,
      Currency: 'EUR',
      Delinquent: 0,
      DisplayName: username,
      Email: email,
      ID: userId,
      Keys: [],
      MaxSpace: 5 * GIB,
      MaxUpload: 25 * 1024 ** 2,
      Name: username,
      Private: 1,
      Role: 0,
      Services: 1,
      Subscribed: 0,
      Type: 1,
      UsedSpace: 3_481_222,
    }
    this.addresses = [
      {DisplayName: username, Email: email, Order: 1, Type: 1},
      {DisplayName: username, Email: `${username}.alias@proton.test`, Order: 2, Type: 2},
    ].map((address) => ({...address, DomainID: newId(), ID: newId(), Keys: [], Receive: 1, Send: 1, Signature: '', Status: 1}))
    const [primary] = this.addresses
    this.messages = SEED_MESSAGES.map(([Subject, Name, Address], index) =>
      inboxMessage(primary, {
        NumAttachments: index === 1 ? 1 : 0,
        Order: SEED_MESSAGES.length - index,
        Sender: {Address, Name},
        Size: 2048 + index * 731,
        Subject,
        Time: SEED_TIME - index * 3600,
        Unread: index < 3 ? 1 : 0,
      }),
    )
    // WebClients interfaces/drive/volume.ts DriveVolume (CreateTime; go-proton-api volume_types.go calls it CreationTime):
    // State 1 active (3 locked), Type 1 regular, 2 photos.
    this.drive = new DriveStore(
      () => Date.now(),
      () => this.driveOwner(),
    )
    this.seededVolumes = [
      {Type: 1, UsedSpace: 1_048_576},
      {Type: 2, UsedSpace: 524_288},
    ].map(({Type, UsedSpace}) => {
      const ID = newId()
      const ShareID = newId()
      return {
        CreateTime: SEED_TIME,
        DownloadedBytes: 0,
        ID,
        MaxSpace: 5 * GIB,
        ModifyTime: SEED_TIME,
        RestoreStatus: null,
        Share: {ID: ShareID, LinkID: newId(), ShareID},
        State: 1,
        Type,
        UploadedBytes: 0,
        UsedSpace,
        VolumeID: ID,
      }
    })
    for (const label of [
      {Color: '#8080FF', Name: 'Work', Type: 1},
      {Color: '#DB60D6', Name: 'Family', Type: 1},
      {Color: '#54473F', Name: 'Invoices', Type: FOLDER_TYPE},
      {Color: '#179FD9', Name: 'Friends', Type: 2},
    ]) {
      this.labels.create(label)
    }

    const [work] = this.labels.list([1])
    // One message labelled Work, one starred (label "10").
    this.messages[2].LabelIDs = [...(this.messages[2].LabelIDs as string[]), String(work.ID)]
    this.messages[1].LabelIDs = [...(this.messages[1].LabelIDs as string[]), '10']
    for (const contact of CONTACT_FIXTURE.contacts) this.contacts.add(contact)
    // Alice's work address is in the contact group Friends.
    const [friends] = this.labels.list([2])
    const [alice] = this.contacts.emails('alice@example.test', 0, 1).items
    alice.LabelIDs = [String(friends.ID)]
    const [invoices] = this.labels.list([FOLDER_TYPE])
    this.labels.create({Color: '#54473F', Name: '2024', ParentID: String(invoices.ID), Type: FOLDER_TYPE})
    const seeded = this.createCalendar({AddressID: String(primary.ID), Color: '#7272a7', Description: '', Display: 1, Name: 'My calendar'})
    // The seeded calendar is one the account's own client has set up already: with the account's keys, its real key
    // and encrypted events (scripts/generate-sandbox-calendar.js); without them, stand-ins that open nothing.
    const calendarId = String(seeded.ID)
    const keySetup = keys
      ? {AddressID: String(primary.ID), ...CALENDAR_FIXTURE.keySetup}
      : {
          AddressID: String(primary.ID),
          Passphrase: {DataPacket: Buffer.from('sandbox data packet').toString('base64'), KeyPacket: Buffer.from('sandbox key packet').toString('base64')},
          PrivateKey: '-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n(the sandbox keeps no real key)\n-----END PGP PRIVATE KEY BLOCK-----\n',
          Signature: '-----BEGIN PGP SIGNATURE-----\n\n(the sandbox signs nothing)\n-----END PGP SIGNATURE-----\n',
        }
    this.calendars.setUpKeys(calendarId, keySetup)
    // The calendar the README's examples name (--calendar Work), empty; set up with the same key (test data only).
    const workCalendar = this.createCalendar({AddressID: String(primary.ID), Color: '#179fd9', Description: '', Display: 1, Name: 'Work'})
    this.calendars.setUpKeys(String(workCalendar.ID), keySetup)
    if (keys) {
      const context = {author: String(primary.Email), calendarId, memberId: String(this.calendars.member(calendarId).ID), now: SEED_TIME}
      const answer = this.calendarEvents.sync({Events: CALENDAR_FIXTURE.events.map((Event) => ({Event, Overwrite: 0})), MemberID: context.memberId}, context)
      if ((answer.Responses as Row[]).some((item) => (item.Response as Row).Code !== 1000)) throw new Error(`the seeded events were refused: ${JSON.stringify(answer)}`)
    }

    if (keys) this.installKeys(keys)
  }

  /**
   * The account's keys as the service keeps them (go-proton-api keyring.go Key): the user key locked with the key
   * passphrase, each address key locked with a token encrypted to the user key and signed by it; each seeded
   * message's body encrypted to the primary address key.
   */
  private installKeys(keys: SandboxKeys): void {
    const key = (PrivateKey: string, extra: Row = {}): Row => ({Active: 1, Flags: 3, ID: newId(), Primary: 1, PrivateKey, Version: 3, ...extra})
    const userKey = key(keys.userKey)
    this.user.Keys = [userKey]
    this.keySalts.push({ID: userKey.ID, KeySalt: keys.keySalt})
    this.addresses.forEach((address, index) => {
      const own = keys.addressKeys[index]
      if (own) address.Keys = [key(own.PrivateKey, {Signature: own.Signature, Token: own.Token})]
    })
    this.publicKeys.set(SIGNING_SENDER, keys.senderPublicKey)
    this.publicKeys.set(keys.attachmentSigner.Email, keys.attachmentSigner.PublicKey)
    this.publicKeys.set(keys.pgpMime.senderAddress, keys.pgpMime.senderPublicKey)
    this.messages.forEach((message, index) => {
      // The message from the PGP/MIME sender carries the PGP/MIME body (text, HTML and a CSV inside, signed inside).
      const fromPgpMime = (message.Sender as Row).Address === keys.pgpMime.senderAddress
      const body = fromPgpMime ? keys.pgpMime : keys.bodies[index]
      if (!body) return
      const attachments: Row[] = []
      if (index === 1) {
        const {Data, KeyPackets, MIMEType, Name, Signature, Size} = keys.attachment
        const ID = newId()
        this.attachmentData.set(ID, Data)
        attachments.push({Disposition: 'attachment', Headers: {}, ID, KeyPackets, MIMEType, Name, Signature, Size})
      }

      message.NumAttachments = attachments.length
      this.messageDetails.set(String(message.ID), {
        Attachments: attachments,
        Body: body.Body,
        Header: `Subject: ${String(message.Subject)}\r\nMIME-Version: 1.0\r\nContent-Type: ${body.MIMEType}\r\n`,
        MIMEType: body.MIMEType,
        ParsedHeaders: {Subject: message.Subject},
        ReplyTos: [message.Sender],
      })
    })
  }

  /**
   * The account's keys locked again (PUT /__sandbox/keys), as the service keeps them after a password change or an
   * import: the same keys, each record's PrivateKey replaced (the user key's, then each address's by index), its ID,
   * Token and Signature kept. The bench serves the keys as GnuPG writes them this way. Answers how many were replaced.
   */
  relockKeys(userKey: string | undefined, addressKeys: readonly string[]): number {
    const replace = (keys: unknown, armored: string | undefined) => {
      const [record] = Array.isArray(keys) ? (keys as Row[]) : []
      if (!record || armored === undefined) return 0
      record.PrivateKey = armored
      return 1
    }

    return replace(this.user.Keys, userKey) + this.addresses.reduce((count, address, index) => count + replace(address.Keys, addressKeys[index]), 0)
  }

  /**
   * A message the tests bring (POST /__sandbox/messages): its Body armored as they encrypted it (GnuPG, say), each
   * attachment's KeyPackets and Data (base64) as given, so that a test can hand the client a hostile name or a
   * tampered data packet. Newest of all, in the inbox, to the primary address. Answers the new message's metadata.
   */
  addMessage(input: NewMessage): Row {
    const [primary] = this.addresses
    const latest = Math.max(...this.messages.map((message) => Number(message.Time)))
    const attachments = input.attachments.map(({Data, ID = newId(), KeyPackets, MIMEType, Name, Signature}) => {
      this.attachmentData.set(ID, Data)
      return {Disposition: 'attachment', Headers: {}, ID, KeyPackets, MIMEType, Name, Signature, Size: Buffer.from(Data, 'base64').length}
    })
    if (input.senderPublicKey !== undefined) this.publicKeys.set(input.senderAddress.toLowerCase(), input.senderPublicKey)
    const message = inboxMessage(primary, {
      NumAttachments: attachments.length,
      Order: this.messages.length + 1,
      Sender: {Address: input.senderAddress, Name: input.senderName},
      Size: input.body.length,
      Subject: input.subject,
      Time: latest + 60,
      Unread: 1,
    })
    this.messages.push(message)
    this.messageDetails.set(String(message.ID), {
      Attachments: attachments,
      Body: input.body,
      Header: `Subject: ${input.subject}\r\nMIME-Version: 1.0\r\nContent-Type: ${input.mimeType}\r\n`,
      MIMEType: input.mimeType,
      ParsedHeaders: {Subject: input.subject},
      ReplyTos: [message.Sender],
    })
    return message
  }

  /** GET /mail/v4/messages/ID: the metadata with Body, MIMEType, Header, ParsedHeaders, ReplyTos and Attachments. */
  fullMessage(id: string): Row | undefined {
    const message = this.messages.find((candidate) => candidate.ID === id)
    if (!message) return undefined
    return {...message, ...(this.messageDetails.get(id) ?? {Attachments: [], Body: '', MIMEType: 'text/plain'})}
  }

  /** The regular volume (while there is one) with the drive's IDs, and the photos volume. */
  get volumes(): Row[] {
    const share = this.drive.share
    return this.seededVolumes.flatMap((volume) => {
      if (volume.Type !== 1) return [volume]
      if (!share) return []
      const {CreateTime, LinkID, ShareID, VolumeID} = share
      return [{...volume, CreateTime, ID: VolumeID, ModifyTime: CreateTime, Share: {ID: ShareID, LinkID, ShareID}, VolumeID}]
    })
  }

  /** The drive share's address (the primary) and the emails the account may sign with. */
  driveOwner(): DriveOwner {
    const [primary] = this.addresses
    return {addressId: String(primary.ID), email: String(primary.Email), emails: new Set(this.addresses.map((address) => String(address.Email).toLowerCase()))}
  }

  get addressIds(): ReadonlySet<string> {
    return new Set(this.addresses.map((address) => String(address.ID)))
  }

  /** The addresses as alias mailboxes. */
  get mailboxes(): Array<{ID: string; Email: string}> {
    return this.addresses.map((address) => ({Email: String(address.Email), ID: String(address.ID)}))
  }

  createCalendar(input: CalendarInput): Row {
    const address = this.addresses.find((candidate) => candidate.ID === input.AddressID)
    return this.calendars.create(input, String(address?.Email))
  }
}
