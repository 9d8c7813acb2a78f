/**
 * An item's fields as the commands show them: its type, its named fields in order, each marked secret or not.
 * Secrets (passwords, hidden fields, TOTP URIs, card numbers and codes, private keys) leave only with --reveal or
 * --field NAME; `items list` never reads them. The field names follow the official Pass CLI's views (pass-cli
 * pass-domain/src/models/item/mod.rs ItemContent and its display) and the protobuf's (vendor/pass-proto/item_v1.proto).
 */
import type {ExtraField, Item} from './proto/item_v1_pb.ts'

export interface Field {
  /** The field's name, as --field takes it: `password`, `url`, or a custom field's own name. */
  name: string
  value: string
  secret: boolean
}

/** The item's type, as `--type` names it: login, note, alias, credit-card, identity, ssh-key, wifi, custom. */
export const ITEM_TYPES = ['login', 'note', 'alias', 'credit-card', 'identity', 'ssh-key', 'wifi', 'custom'] as const
export type ItemType = (typeof ITEM_TYPES)[number] | 'unknown'

const TYPE_OF: Readonly<Record<string, ItemType>> = {alias: 'alias', creditCard: 'credit-card', custom: 'custom', identity: 'identity', login: 'login', note: 'note', sshKey: 'ssh-key', wifi: 'wifi'}

export function itemType(item: Item): ItemType {
  const kind = item.content?.content.case
  return (kind && TYPE_OF[kind]) || 'unknown'
}

/** The fields of named sections (wifi, SSH keys, identities, custom items), each named SECTION/FIELD. */
function sectionFields(sections: ReadonlyArray<{sectionName: string; sectionFields: readonly ExtraField[]}>): Field[] {
  return sections.flatMap((section) => extraFields(section.sectionFields, section.sectionName))
}

function extraFields(fields: readonly ExtraField[], section = ''): Field[] {
  return fields.flatMap((field): Field[] => {
    const name = section ? `${section}/${field.fieldName}` : field.fieldName
    const {content} = field
    switch (content.case) {
      case 'hidden':
        return [{name, secret: true, value: content.value.content}]
      case 'text':
        return [{name, secret: false, value: content.value.content}]
      case 'timestamp':
        return [{name, secret: false, value: content.value.timestamp ? new Date(Number(content.value.timestamp.seconds) * 1000).toISOString() : ''}]
      case 'totp':
        return [{name, secret: true, value: content.value.totpUri}]
      default:
        return []
    }
  })
}

const shown = (name: string, value: string): Field => ({name, secret: false, value})
const hidden = (name: string, value: string): Field => ({name, secret: true, value})

/** The fields of an item's content (empty ones left out), then its custom fields; `aliasEmail` for an alias. */
export function itemFields(item: Item, aliasEmail?: string | null): Field[] {
  const fields: Field[] = []
  const {content} = item.content ?? {content: {case: undefined}}
  switch (content.case) {
    case 'login': {
      const login = content.value
      fields.push(
        shown('username', login.itemUsername),
        shown('email', login.itemEmail),
        ...login.urls.map((url) => shown('url', url)),
        hidden('password', login.password),
        hidden('totp', login.totpUri),
      )
      break
    }

    case 'alias':
      fields.push(shown('alias', aliasEmail ?? ''))
      break
    case 'creditCard': {
      const card = content.value
      fields.push(shown('cardholder', card.cardholderName), hidden('number', card.number), hidden('cvv', card.verificationNumber), shown('expiration', card.expirationDate), hidden('pin', card.pin))
      break
    }

    case 'wifi':
      fields.push(shown('ssid', content.value.ssid), hidden('password', content.value.password), ...sectionFields(content.value.sections))
      break
    case 'sshKey':
      fields.push(shown('public-key', content.value.publicKey), hidden('private-key', content.value.privateKey), ...sectionFields(content.value.sections))
      break
    case 'identity': {
      const identity = content.value
      const secretNames = new Set(['socialSecurityNumber', 'passportNumber', 'licenseNumber'])
      for (const [key, value] of Object.entries(identity)) {
        if (typeof value !== 'string' || key.startsWith('$')) continue
        const name = key.replaceAll(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)
        fields.push(secretNames.has(key) ? hidden(name, value) : shown(name, value))
      }

      fields.push(...extraFields([...identity.extraPersonalDetails, ...identity.extraAddressDetails, ...identity.extraContactDetails, ...identity.extraWorkDetails]))
      fields.push(...sectionFields(identity.extraSections))
      break
    }

    case 'custom':
      fields.push(...sectionFields(content.value.sections))
      break
    default:
      break
  }

  fields.push(...extraFields(item.extraFields))
  const note = item.metadata?.note ?? ''
  if (note !== '') fields.push(shown('note', note))
  return fields.filter((field) => field.value !== '')
}

/** The item's TOTP URI: the login's, else the first TOTP custom field's. */
export function totpUri(item: Item): string | undefined {
  const {content} = item.content ?? {content: {case: undefined}}
  if (content.case === 'login' && content.value.totpUri !== '') return content.value.totpUri
  const field = item.extraFields.find((candidate) => candidate.content.case === 'totp' && candidate.content.value.totpUri !== '')
  return field?.content.case === 'totp' ? field.content.value.totpUri : undefined
}
