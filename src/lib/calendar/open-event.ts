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

import {type CardData, openCard, openSessionKey, type PartVerification} from './calendar-event-crypto.ts'
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
}

/** The event's Author's keys: the caller's lookup (own addresses, else published keys), asked once per Author. */
export type AuthorKeys = (email: string) => Promise<PublicKey[]>

const cardsOf = (value: unknown): CardData[] => (Array.isArray(value) ? value.filter((card): card is CardData => isRecord(card) && typeof card.Data === 'string' && typeof card.Type === 'number') : [])

async function sessionKey(packet: unknown, calendar: OpenCalendar): Promise<SessionKey | undefined> {
  return typeof packet === 'string' && packet !== '' ? openSessionKey(packet, calendar.keys) : undefined
}

/** Decrypt, verify and merge; a part that cannot be decrypted or parsed is an Error naming it. */
export async function openEvent(raw: JsonRecord, calendar: OpenCalendar, authorKeys: AuthorKeys): Promise<OpenedEvent> {
  const [shared, calendarKey] = await Promise.all([sessionKey(raw.SharedKeyPacket, calendar), sessionKey(raw.CalendarKeyPacket, calendar)])
  // Personal parts are per member (CalendarPersonalEventData.MemberID): this member's alone.
  const personal = cardsOf(raw.PersonalEvents).filter((card: CardData & {MemberID?: unknown}) => card.MemberID === undefined || card.MemberID === calendar.memberId)
  const groups: Array<[string, CardData[], SessionKey | undefined]> = [
    ['shared', cardsOf(raw.SharedEvents), shared],
    ['calendar', cardsOf(raw.CalendarEvents), calendarKey],
    ['personal', personal, undefined],
    ['attendees', cardsOf(raw.AttendeesEvents), shared],
  ]
  const author = typeof raw.Author === 'string' ? raw.Author : ''
  const opened = await Promise.all(
    groups.flatMap(([part, cards, key]) =>
      cards.map(async (card) => {
        const keys = await authorKeys(typeof card.Author === 'string' && card.Author !== '' ? card.Author : author)
        try {
          const {text, verification} = await openCard(card, key, keys)
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
    parts: opened.map(({part, type, verification: verdict}) => ({part, type, verification: verdict})),
    raw,
    verification,
    vevent: mergeCards(opened.map(({card}) => card)),
  }
}
