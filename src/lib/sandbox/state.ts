/**
 * The sandbox account's data, in memory: the user, two addresses, seven
 * inbox messages, labels, folders and a contact group, one calendar and one
 * drive volume, with the contract's field names and enumerations.
 */
import {CODE} from '../contract/contract.ts'
import {SandboxError} from './api-error.ts'
import {newId} from './ids.ts'
import type {CalendarInput, LabelInput} from './validation.ts'

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
  private readonly labels: Row[] = []
  private readonly calendars: Row[] = []

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
    this.volumes = [
      {
        CreateTime: SEED_TIME,
        DownloadedBytes: 0,
        ID: newId(),
        MaxSpace: 5 * GIB,
        ModifyTime: SEED_TIME,
        Share: {ID: newId(), LinkID: newId(), ShareID: newId()},
        State: 1,
        UploadedBytes: 0,
        UsedSpace: 1_048_576,
      },
    ].map((volume) => ({...volume, VolumeID: volume.ID}))
    for (const label of [
      {Color: '#8080FF', Name: 'Work', Type: 1},
      {Color: '#DB60D6', Name: 'Family', Type: 1},
      {Color: '#54473F', Name: 'Invoices', Type: 3},
      {Color: '#179FD9', Name: 'Friends', Type: 2},
    ]) {
      this.createLabel(label)
    }

    this.createCalendar({AddressID: String(primary.ID), Color: '#7272a7', Description: '', Display: 1, Name: 'My calendar'})
  }

  get addressIds(): ReadonlySet<string> {
    return new Set(this.addresses.map((address) => String(address.ID)))
  }

  listLabels(type?: number): Row[] {
    return this.labels.filter((label) => type === undefined || label.Type === type)
  }

  createLabel(input: LabelInput): Row {
    const taken = this.labels.some((label) => label.Type === input.Type && String(label.Name).toLowerCase() === input.Name.toLowerCase())
    if (taken) throw new SandboxError(409, CODE.ALREADY_EXISTS_ERROR, `A label or folder with the name "${input.Name}" already exists`)
    const label = {
      ...input,
      Display: 1,
      Expanded: 0,
      ID: newId(),
      Notify: input.Type === 3 ? 1 : 0,
      Order: this.labels.filter((other) => other.Type === input.Type).length + 1,
      Path: input.Name,
      Sticky: 0,
    }
    this.labels.push(label)
    return label
  }

  deleteLabel(id: string): void {
    const index = this.labels.findIndex((label) => label.ID === id)
    if (index === -1) throw new SandboxError(404, CODE.NOT_FOUND_ERROR, 'Label does not exist')
    this.labels.splice(index, 1)
  }

  listCalendars(): Row[] {
    return this.calendars
  }

  createCalendar(input: CalendarInput): Row {
    const address = this.addresses.find((candidate) => candidate.ID === input.AddressID)
    const calendar = {
      ...input,
      Email: address?.Email,
      Flags: 1,
      ID: newId(),
      Permissions: 127,
      Priority: this.calendars.length + 1,
      Type: 0,
    }
    this.calendars.push(calendar)
    return calendar
  }
}
