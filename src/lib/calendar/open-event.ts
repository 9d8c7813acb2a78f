/**
 * One event of the service opened: its session keys from SharedKeyPacket and
 * CalendarKeyPacket with the calendar keys, each part opened and checked
 * against its Author's keys (calendar/calendar-event-crypto.ts), and the parts
 * merged into one VEVENT, as the web client reads an event (WebClients
 * packages/shared/lib/calendar/deserialize.ts readSessionKeys,
 * readCalendarEvent, decrypt.ts decryptAndVerifyCalendarEvent,
 * getAggregatedEventVerificationStatus). A part whose signature fails is
 * still read, and named: the caller shows it flagged, never as trusted.
 */
import type {PublicKey, SessionKey} from 'openpgp'

import {type CardData, openCard, type OpenedCard, openSessionKey, type PartVerification} from './calendar-event-crypto.ts'
import type {SessionKey as DirectSessionKey} from '../crypto/direct/decrypt.ts'
import type {DirectKeySet} from '../crypto/direct/keys.ts'
import {directly} from '../crypto/direct/open.ts'
import {openCardDirectly, sessionKeyDirectly} from './event-crypto-direct.ts'
import {isRecord, type JsonRecord} from '../core/records.ts'
import type {OpenCalendar} from './calendars.ts'
import {type Component, mergeCards, parseCard} from './vevent.ts'

export interface OpenedEvent {
  raw: JsonRecord
  calendar: OpenCalendar
  vevent: Component
  /** Each part read: shared, calendar, personal or attendees, its Type and verdict. */
  parts: Array<{part: string; type: number; verification: PartVerification}>
  /** getAggregatedEventVerificationStatus: failed if any failed, verified if all were. */
  verification: PartVerification
  /** Whether it was opened without OpenPGP.js (crypto/direct; DEBUG counts them). */
  direct: boolean
}

/**
 * The event's Author's keys: the caller's lookup (own addresses, else published keys), asked once per Author; as
 * OpenPGP.js keys, or read directly (crypto/direct: Unsupported when one cannot be).
 */
export interface AuthorKeys {
  pgp(email: string): Promise<PublicKey[]>
  direct(email: string): Promise<DirectKeySet[]>
  /** Hears why an event goes to OpenPGP.js after all (DEBUG prints it). */
  fellBack?: (reason: string) => void
}

const cardsOf = (value: unknown): CardData[] => (Array.isArray(value) ? value.filter((card): card is CardData => isRecord(card) && typeof card.Data === 'string' && typeof card.Type === 'number') : [])

/** How an event's parts are opened: with OpenPGP.js, or directly. */
interface PartCrypto<S> {
  sessionKey(packet: string): Promise<S> | S
  openCard(card: CardData, sessionKey: S | undefined, author: string): Promise<OpenedCard>
}

/** Decrypt, verify and merge with `crypto`; a part that cannot be decrypted or parsed is an Error naming it. */
async function openWith<S>(raw: JsonRecord, calendar: OpenCalendar, crypto: PartCrypto<S>): Promise<OpenedEvent> {
  const sessionKey = async (packet: unknown) => (typeof packet === 'string' && packet !== '' ? crypto.sessionKey(packet) : undefined)
  const [shared, calendarKey] = await Promise.all([sessionKey(raw.SharedKeyPacket), sessionKey(raw.CalendarKeyPacket)])
  // Personal parts are per member (CalendarPersonalEventData.MemberID): this member's alone.
  const personal = cardsOf(raw.PersonalEvents).filter((card: CardData & {MemberID?: unknown}) => card.MemberID === undefined || card.MemberID === calendar.memberId)
  const groups: Array<[string, CardData[], S | undefined]> = [
    ['shared', cardsOf(raw.SharedEvents), shared],
    ['calendar', cardsOf(raw.CalendarEvents), calendarKey],
    ['personal', personal, undefined],
    ['attendees', cardsOf(raw.AttendeesEvents), shared],
  ]
  const author = typeof raw.Author === 'string' ? raw.Author : ''
  const opened = await Promise.all(
    groups.flatMap(([part, cards, key]) =>
      cards.map(async (card) => {
        try {
          const {text, verification} = await crypto.openCard(card, key, typeof card.Author === 'string' && card.Author !== '' ? card.Author : author)
          return {card: parseCard(text), part, type: card.Type, verification}
        } catch (error) {
          throw new Error(`its ${part} part (Type ${card.Type}): ${error instanceof Error ? error.message : String(error)}`, {cause: error})
        }
      }),
    ),
  )
  if (!opened.some(({part}) => part === 'shared')) throw new Error('it has no shared part')
  const verdicts = opened.filter(({type}) => type >= 2).map(({verification}) => verification)
  const verification: PartVerification = verdicts.includes('failed') ? 'failed' : verdicts.length > 0 && verdicts.every((verdict) => verdict === 'verified') ? 'verified' : 'unverified'
  return {
    calendar,
    direct: false,
    parts: opened.map(({part, type, verification: verdict}) => ({part, type, verification: verdict})),
    raw,
    verification,
    vevent: mergeCards(opened.map(({card}) => card)),
  }
}

/**
 * Decrypt, verify and merge: without OpenPGP.js when the calendar's keys came from the seal and every part is of the
 * kinds crypto/direct reads and checks out (issue 45); else with OpenPGP.js, which has the last word.
 */
export async function openEvent(raw: JsonRecord, calendar: OpenCalendar, authorKeys: AuthorKeys): Promise<OpenedEvent> {
  const {direct} = calendar
  if (direct) {
    const opened = await directly(
      () =>
        openWith<DirectSessionKey>(raw, calendar, {
          openCard: async (card, key, author) => openCardDirectly(card, key, await authorKeys.direct(author), calendar.sessionKeys),
          sessionKey: (packet) => sessionKeyDirectly(packet, direct, calendar.sessionKeys),
        }),
      authorKeys.fellBack,
    )
    if (opened) return {...opened, direct: true}
  }

  const keys = await calendar.keys()
  return openWith<SessionKey>(raw, calendar, {
    openCard: async (card, key, author) => openCard(card, key, await authorKeys.pgp(author)),
    sessionKey: (packet) => openSessionKey(packet, keys),
  })
}
