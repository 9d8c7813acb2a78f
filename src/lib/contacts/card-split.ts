/**
 * A contact's properties split into the cards the web client makes (WebClients packages/shared/lib/contacts/
 * encrypt.ts splitProperties and prepareCards, constants.ts CLEAR_FIELDS, SIGNED_FIELDS, VCARD_KEY_FIELDS,
 * properties.ts addPref and addGroup): FN, UID, EMAIL and the key fields in the signed card (Type 2), with a UID
 * made when there is none and FN "Unknown" when there is none; CATEGORIES in a clear card (Type 0) only when there
 * are some; everything else in the encrypted and signed card (Type 3). EMAIL, TEL, ADR, KEY and FN carry PREF in
 * their order, and each EMAIL a group (item1, item2 …) for the settings the web client keeps beside it.
 */
import {randomUUID} from 'node:crypto'

import {type Property, printVcard, textProperty} from './vcard.ts'

const VCARD_KEY_FIELDS = ['key', 'x-pm-mimetype', 'x-pm-encrypt', 'x-pm-encrypt-untrusted', 'x-pm-sign', 'x-pm-scheme', 'x-pm-tls']
const CLEAR_FIELDS = ['version', 'prodid', 'categories']
const SIGNED_FIELDS = ['version', 'prodid', 'fn', 'uid', 'email', ...VCARD_KEY_FIELDS]
const FIELDS_WITH_PREF = ['fn', 'email', 'tel', 'adr', 'key', 'photo']

/** The vCard text of each card to make; undefined: no such card. */
export interface SplitCards {
  clear?: string
  signed: string
  encrypted?: string
}

/** A UID as the web client makes one (WebClients packages/shared/lib/helpers/uid.ts generateProtonWebUID: "proton-web-" and a UUID). */
export const newContactUid = () => `proton-web-${randomUUID()}`

/** A property's PREF as a number; none: after every one that has one (properties.ts compareVCardPropertyByPref). */
const prefOf = ([, params]: Property) => {
  const pref = Number(params.pref)
  return Number.isInteger(pref) && pref > 0 ? pref : Number.POSITIVE_INFINITY
}

/**
 * PREF 1, 2 … on the fields whose order counts, as the web client saves a contact (surgery.ts prepareForSaving,
 * properties.ts FIELDS_WITH_PREF): each field's properties in the order of the PREF they have (those without last,
 * in their order), then numbered from 1.
 */
function withPref(properties: readonly Property[]): Property[] {
  const sorted = new Map<string, Property[]>()
  for (const name of FIELDS_WITH_PREF)
    sorted.set(
      name,
      properties.filter(([field]) => field === name).sort((a, b) => prefOf(a) - prefOf(b)),
    )
  const counts = new Map<string, number>()
  return properties.map((property) => {
    const [name] = property
    const ordered = sorted.get(name)
    if (!ordered) return property
    const pref = (counts.get(name) ?? 0) + 1
    counts.set(name, pref)
    const [, params, type, ...values] = ordered[pref - 1]
    return [name, {...params, pref: String(pref)}, type, ...values]
  })
}

/** A group (item1, item2 …, names not already taken) on every EMAIL without one (properties.ts addGroup). */
function withGroups(properties: readonly Property[]): Property[] {
  const taken = new Set(properties.map(([, params]) => params.group).filter((group): group is string => typeof group === 'string'))
  let next = 1
  return properties.map((property) => {
    const [name, params, type, ...values] = property
    if (name !== 'email' || typeof params.group === 'string') return property
    while (taken.has(`item${next}`)) next++
    const group = `item${next}`
    taken.add(group)
    return [name, {...params, group}, type, ...values]
  })
}

export function splitCards(given: readonly Property[]): SplitCards {
  const properties = withGroups(withPref(given.filter(([name]) => name !== 'version')))
  const hasCategories = properties.some(([name, , , ...values]) => name === 'categories' && values.some((value) => value !== ''))
  const clear: Property[] = []
  const signed: Property[] = []
  const encrypted: Property[] = []
  for (const property of properties) {
    const [name] = property
    if (hasCategories && CLEAR_FIELDS.includes(name)) {
      clear.push(property)
      if (SIGNED_FIELDS.includes(name)) signed.push(property)
    } else if (SIGNED_FIELDS.includes(name)) signed.push(property)
    else encrypted.push(property)
  }

  if (!signed.some(([name]) => name === 'uid')) signed.push(textProperty('uid', newContactUid()))
  if (!signed.some(([name]) => name === 'fn')) signed.push(textProperty('fn', 'Unknown'))
  return {
    clear: clear.length > 0 ? printVcard(clear) : undefined,
    encrypted: encrypted.length > 0 ? printVcard(encrypted) : undefined,
    signed: printVcard(signed),
  }
}
