/**
 * The mailbox part of the sandbox: the account's settings, its mail
 * settings, its Sieve filters, and deleting a calendar, in the shapes the
 * official clients read and send:
 *
 * - GET /core/v4/settings → {UserSettings} (WebClients
 *   interfaces/UserSettings.ts; go-proton-api core_settings.go);
 * - GET /mail/v4/settings → {MailSettings} (WebClients
 *   interfaces/MailSettings.ts, its values those of DEFAULT_MAIL_SETTINGS in
 *   mail/mailSettings.ts; go-proton-api mail_settings.go);
 * - /mail/v4/filters (WebClients api/filters.ts): GET → {Filters}, POST
 *   {Name, Sieve, Version} → {Filter}, DELETE /{id}, PUT /{id}/enable and
 *   /{id}/disable → {Filter}; a filter is {ID, Name, Status (FILTER_STATUS
 *   1 enabled, 0 disabled), Priority, Version, Sieve, Simple, Tree};
 * - DELETE /calendar/v1/{id} (WebClients api/calendars.ts removeCalendar;
 *   the store is calendars.ts).
 *
 * Kept beside the account's state (state.ts), one per sandbox.
 */
import {CODE} from '../../../lib/contract/contract.ts'
import {FILTER_STATUS, SIEVE_FILTER_VERSION} from '../../../lib/contract/mailbox-enums.ts'
import {SandboxError} from '../../backend/api-error.ts'
import {newId} from '../../backend/ids.ts'
import type {Route} from '../../backend/route-types.ts'
import type {Row, SandboxState} from '../../backend/state.ts'
import {type JsonObject, NAME_MAX} from '../../backend/validation.ts'

const ENABLED = 1
const DISABLED = 0
/** The longest Sieve script the sandbox keeps. */
export const SIEVE_MAX = 64 * 1024

function invalid(message: string): SandboxError {
  return new SandboxError(422, CODE.INVALID_REQUIREMENT_ERROR, message)
}

/**
 * What the sandbox checks of a Sieve script (the service compiles it; the
 * sandbox only refuses what no compiler would take): quoted strings and
 * multi-line strings and comments closed, braces and brackets balanced,
 * the script ending with a command (`;`) or a block (`}`).
 */
export function sieveProblem(script: string): string | undefined {
  const closers: string[] = []
  let last = ''
  for (let index = 0; index < script.length; index++) {
    const char = script[index]
    if (char === '#') {
      const end = script.indexOf('\n', index)
      index = end === -1 ? script.length : end
      continue
    }

    if (char === '/' && script[index + 1] === '*') {
      const end = script.indexOf('*/', index + 2)
      if (end === -1) return 'a comment is not closed'
      index = end + 1
      continue
    }

    // A multi-line string: text: up to a line holding a single dot.
    if (script.startsWith('text:', index)) {
      const end = /\r?\n\.\r?\n/.exec(script.slice(index))
      if (!end) return 'a multi-line string (text:) is not closed'
      index += end.index + end[0].length - 1
      last = '.'
      continue
    }

    if (char === '"') {
      let end = index + 1
      while (end < script.length && script[end] !== '"') end += script[end] === '\\' ? 2 : 1
      if (end >= script.length) return 'a quoted string is not closed'
      index = end
      last = '"'
      continue
    }

    if (char === '{' || char === '[' || char === '(') closers.push({'(': ')', '[': ']', '{': '}'}[char])
    else if (char === '}' || char === ']' || char === ')') {
      if (closers.pop() !== char) return `unexpected "${char}"`
    }

    if (!/\s/.test(char)) last = char
  }

  if (closers.length > 0) return `"${closers.at(-1)}" is missing`
  if (last !== ';' && last !== '}') return 'the script must end with a command (";") or a block ("}")'
  return undefined
}

export interface FilterInput {
  Name: string
  Sieve: string
  Version: number
}

/** The body of POST /mail/v4/filters as the web client's addSieveFilter sends it. */
export function filterInput(body: JsonObject): FilterInput {
  const name = body.Name
  if (name === undefined || name === null) throw invalid('Name is required')
  if (typeof name !== 'string') throw invalid('Name must be a string')
  if (name.trim() === '') throw invalid('Name must not be empty')
  if (name.length > NAME_MAX) throw invalid(`Name must be at most ${NAME_MAX} characters`)
  const version = body.Version
  if (version === undefined || version === null) throw invalid('Version is required')
  if (version !== 1 && version !== SIEVE_FILTER_VERSION) throw invalid(`Version must be 1 or ${SIEVE_FILTER_VERSION} (an integer)`)
  const sieve = body.Sieve
  if (sieve === undefined || sieve === null) throw invalid('Sieve is required')
  if (typeof sieve !== 'string') throw invalid('Sieve must be a string')
  if (sieve.trim() === '') throw invalid('Sieve must not be empty')
  if (sieve.length > SIEVE_MAX) throw invalid(`Sieve must be at most ${SIEVE_MAX} characters`)
  const problem = sieveProblem(sieve)
  if (problem) throw invalid(`Invalid Sieve script: ${problem}`)
  return {Name: name, Sieve: sieve, Version: version}
}

export class MailboxState {
  readonly userSettings: Row
  readonly mailSettings: Row
  private readonly filters: Row[] = []

  constructor(state: SandboxState) {
    const email = String(state.user.Email)
    this.userSettings = {
      '2FA': {Allowed: 3, Enabled: 0, ExpirationTime: null, RegisteredKeys: []},
      AppWelcome: {},
      CrashReports: 1,
      DateFormat: 0,
      Density: 0,
      DeviceRecovery: 1,
      EarlyAccess: 0,
      Email: {Notify: 1, Reset: 0, Status: 1, Value: email.replace('@proton.test', '@recovery.test')},
      Flags: {Welcomed: 1},
      HideSidePanel: 0,
      HighSecurity: {Eligible: 0, Value: 0},
      InvoiceText: '',
      Locale: 'en_US',
      LogAuth: 1,
      News: 0,
      Password: {ExpirationTime: null, Mode: 1},
      Phone: {Notify: 0, Reset: 0, Status: 0, Value: ''},
      SessionAccountRecovery: 1,
      Telemetry: 1,
      Theme: null,
      ThemeType: 0,
      TimeFormat: 0,
      WeekStart: 0,
      Welcome: 1,
      WelcomeFlag: 1,
    }
    this.mailSettings = {
      AlmostAllMail: 0,
      AttachPublicKey: 0,
      AutoDeleteSpamAndTrashDays: null,
      AutoResponder: {DaysSelected: [], EndTime: 0, IsEnabled: false, Message: '', Repeat: 0, StartTime: 0, Subject: 'Auto', Zone: 'Europe/Zurich'},
      AutoSaveContacts: 1,
      BlockSenderConfirmation: null,
      ComposerMode: 0,
      ConfirmLink: 1,
      DelaySendSeconds: 10,
      DisplayName: String(state.user.DisplayName),
      DraftMIMEType: 'text/html',
      EnableFolderColor: 0,
      FontFace: null,
      FontSize: null,
      HideEmbeddedImages: 0,
      HideRemoteImages: 0,
      HideSenderImages: 0,
      ImageProxy: 2,
      InheritParentFolderColor: 1,
      KT: 0,
      MessageButtons: 0,
      NextMessageOnMove: 1,
      PGPScheme: 16,
      PMSignature: 0,
      PMSignatureReferralLink: 0,
      PageSize: 50,
      PromptPin: 0,
      ReceiveMIMEType: 'text/html',
      RecipientLimit: 100,
      RightToLeft: 0,
      Shortcuts: 1,
      ShowMIMEType: 'text/html',
      ShowMoved: 0,
      Sign: 0,
      Signature: '<div>Sent from the Proton sandbox</div>',
      SpamAction: null,
      StickyLabels: 0,
      SwipeLeft: 3,
      SwipeRight: 0,
      Theme: '',
      UnreadFavicon: 0,
      ViewLayout: 1,
      ViewMode: 0,
    }
    this.createFilter({
      Name: 'Shop receipts',
      Sieve: 'require ["fileinto"];\nif address :domain :is "from" "shop.test" {\n  fileinto "Invoices";\n}\n',
      Version: SIEVE_FILTER_VERSION,
    })
  }

  listFilters(): Row[] {
    return this.filters
  }

  /** A new filter is enabled, last in priority. */
  createFilter(input: FilterInput): Row {
    const filter = {...input, ID: newId(), Priority: this.filters.length + 1, Simple: null, Status: ENABLED, Tree: null}
    this.filters.push(filter)
    return filter
  }

  deleteFilter(id: string): void {
    this.filters.splice(this.filters.indexOf(this.filter(id)), 1)
  }

  setFilterStatus(id: string, status: keyof typeof FILTER_STATUS): Row {
    const filter = this.filter(id)
    filter.Status = status
    return filter
  }

  private filter(id: string): Row {
    const filter = this.filters.find((candidate) => candidate.ID === id)
    if (!filter) throw new SandboxError(404, CODE.NOT_FOUND_ERROR, 'Filter does not exist')
    return filter
  }
}

/** The mailbox state of a sandbox's state, made on first use. */
const mailboxes = new WeakMap<SandboxState, MailboxState>()

export function mailboxOf(state: SandboxState): MailboxState {
  let mailbox = mailboxes.get(state)
  if (!mailbox) {
    mailbox = new MailboxState(state)
    mailboxes.set(state, mailbox)
  }

  return mailbox
}

const ID = '([^/]+)'

/** One mail setting changed to one of the values it takes. */
function setMailSetting(settings: Row, name: string, value: unknown, allowed: number[]): JsonObject {
  if (typeof value !== 'number' || !allowed.includes(value)) throw invalid(`${name} must be one of ${allowed.join(', ')}`)
  settings[name] = value
  return settings as JsonObject
}

export function mailboxRoutes(state: SandboxState): Route[] {
  const mailbox = mailboxOf(state)
  const success = {Code: CODE.SINGLE_SUCCESS}
  return [
    {access: 'full', handle: () => ({...success, UserSettings: mailbox.userSettings}), method: 'GET', path: /^\/core\/v4\/settings$/},
    {access: 'full', handle: () => ({...success, MailSettings: mailbox.mailSettings}), method: 'GET', path: /^\/mail\/v4\/settings$/},
    // WebClients packages/shared/lib/api/mailSettings.ts updateSign ({Sign}: 0 or 1), updatePGPScheme ({PGPScheme}: 8 or 16).
    {access: 'full', handle: (request) => ({...success, MailSettings: setMailSetting(mailbox.mailSettings, 'Sign', request.json().Sign, [0, 1])}), method: 'PUT', path: /^\/mail\/v4\/settings\/sign$/},
    {
      access: 'full',
      handle: (request) => ({...success, MailSettings: setMailSetting(mailbox.mailSettings, 'PGPScheme', request.json().PGPScheme, [8, 16])}),
      method: 'PUT',
      path: /^\/mail\/v4\/settings\/pgpscheme$/,
    },
    {access: 'full', handle: () => ({...success, Filters: mailbox.listFilters()}), method: 'GET', path: /^\/mail\/v4\/filters$/},
    {access: 'full', handle: (request) => ({...success, Filter: mailbox.createFilter(filterInput(request.json()))}), method: 'POST', path: /^\/mail\/v4\/filters$/},
    {
      access: 'full',
      handle: ({params}) => {
        mailbox.deleteFilter(params[0])
        return success
      },
      method: 'DELETE',
      path: new RegExp(`^/mail/v4/filters/${ID}$`),
    },
    {access: 'full', handle: ({params}) => ({...success, Filter: mailbox.setFilterStatus(params[0], ENABLED)}), method: 'PUT', path: new RegExp(`^/mail/v4/filters/${ID}/enable$`)},
    {access: 'full', handle: ({params}) => ({...success, Filter: mailbox.setFilterStatus(params[0], DISABLED)}), method: 'PUT', path: new RegExp(`^/mail/v4/filters/${ID}/disable$`)},
    {
      access: 'full',
      handle: ({params}) => {
        state.calendars.delete(params[0])
        state.calendarEvents.removeCalendar(params[0])
        return success
      },
      method: 'DELETE',
      path: new RegExp(`^/calendar/v1/${ID}$`),
    },
  ]
}
