/**
 * What the service reads from a contact's signed card (Type 2, in clear), with the sandbox's own content-line
 * reader: FN, UID and each EMAIL with its group and TYPEs, and which groups carry settings of their own (KEY,
 * X-PM-…; WebClients packages/shared/lib/contacts/keyProperties.ts reads them by group). RFC 6350: FN and EMAIL are
 * TEXT; UID is a URI unless VALUE=text (§6.7.6), so only then decoded.
 */
import {type Block, ContentError, type ContentLine, first, onlyBlock, textValue} from './content-lines.ts'

export interface CardEmail {
  email: string
  group?: string
  /** TYPE=work,voice and TYPE=work;TYPE=voice alike. */
  types: string[]
}

export interface CardFields {
  fn?: string
  uid?: string
  emails: CardEmail[]
  /** Groups (lower case) holding a KEY or an X-PM-… property. */
  groupsWithSettings: Set<string>
}

const typesOf = (line: ContentLine) => (line.params.get('type') ?? []).flatMap((value) => value.split(',')).filter((type) => type !== '')

function cardOf(text: string): Block {
  const card = onlyBlock(text, 'vcard')
  if (card.blocks.length > 0) throw new ContentError('a block inside the vCard')
  const version = first(card, 'version')?.value
  if (version !== '4.0' && version !== '3.0') throw new ContentError(`VERSION must be 4.0 or 3.0, not ${JSON.stringify(version ?? null)}`)
  return card
}

/** The fields of a vCard text holding exactly one vCard; ContentError when it is anything else. */
export function cardFields(text: string): CardFields {
  const card = cardOf(text)
  const fn = first(card, 'fn')
  const uid = first(card, 'uid')
  const groupsWithSettings = new Set(card.lines.flatMap(({group, name}) => (group !== undefined && (name === 'key' || name.startsWith('x-pm-')) ? [group] : [])))
  return {
    emails: card.lines.filter((line) => line.name === 'email').map((line) => ({email: textValue(line.value), types: typesOf(line), ...(line.group === undefined ? {} : {group: line.group})})),
    fn: fn && textValue(fn.value),
    groupsWithSettings,
    uid: uid && (uid.params.get('value')?.[0]?.toLowerCase() === 'text' ? textValue(uid.value) : uid.value),
  }
}
