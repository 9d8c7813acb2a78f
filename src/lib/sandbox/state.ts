/**
 * The sandbox account's data, in memory: the user, two addresses, seven
 * inbox messages, labels, folders (one nested) and a contact group, one
 * calendar (its keys set up) and two drive volumes (regular and photos), with
 * the contract's field names and enumerations and the official clients'
 * shapes (see labels.ts, calendars.ts, messages.ts).
 */
import {CalendarStore} from './calendars.ts'
import {newId} from './ids.ts'
import {FOLDER_TYPE, LabelStore} from './labels.ts'
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

export class SandboxState {
  readonly user: Row
  readonly addresses: Row[]
  readonly messages: Row[]
  readonly volumes: Row[]
  readonly labels = new LabelStore()
  readonly calendars = new CalendarStore()

  constructor(username: string) {
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
    this.messages = SEED_MESSAGES.map(([Subject, Name, Address], index) => ({
      AddressID: primary.ID,
      BCCList: [],
      CCList: [],
      ConversationID: newId(),
      ExpirationTime: 0,
      Flags: 1,
      ID: newId(),
      IsReplied: 0,
      LabelIDs: ['0', '5'],
      NumAttachments: index === 1 ? 1 : 0,
      Order: SEED_MESSAGES.length - index,
      Sender: {Address, Name},
      Size: 2048 + index * 731,
      Subject,
      Time: SEED_TIME - index * 3600,
      ToList: [{Address: email, Name: username}],
      Unread: index < 3 ? 1 : 0,
    }))
    // WebClients interfaces/drive/volume.ts DriveVolume (CreateTime; go-proton-api volume_types.go calls it CreationTime):
    // State 1 active (3 locked), Type 1 regular, 2 photos.
    this.volumes = [
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
    const [invoices] = this.labels.list([FOLDER_TYPE])
    this.labels.create({Color: '#54473F', Name: '2024', ParentID: String(invoices.ID), Type: FOLDER_TYPE})
    const seeded = this.createCalendar({AddressID: String(primary.ID), Color: '#7272a7', Description: '', Display: 1, Name: 'My calendar'})
    // The seeded calendar is one the account's own client has set up already.
    this.calendars.setUpKeys(String(seeded.ID), {
      AddressID: String(primary.ID),
      Passphrase: {DataPacket: Buffer.from('sandbox data packet').toString('base64'), KeyPacket: Buffer.from('sandbox key packet').toString('base64')},
      PrivateKey: '-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n(the sandbox keeps no real key)\n-----END PGP PRIVATE KEY BLOCK-----\n',
      Signature: '-----BEGIN PGP SIGNATURE-----\n\n(the sandbox signs nothing)\n-----END PGP SIGNATURE-----\n',
    })
  }

  get addressIds(): ReadonlySet<string> {
    return new Set(this.addresses.map((address) => String(address.ID)))
  }

  createCalendar(input: CalendarInput): Row {
    const address = this.addresses.find((candidate) => candidate.ID === input.AddressID)
    return this.calendars.create(input, String(address?.Email))
  }
}
