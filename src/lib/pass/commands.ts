/**
 * The `pass` commands as plain functions (their oclif adapters: src/commands/proton/pass/…): vaults, items, one-time
 * codes and aliases of Proton Pass, decrypted and encrypted here (crypto.ts) with the share keys the user keys open.
 * What they send follows the official Pass CLI (protonpass/pass-cli; see service.ts for each route) and WebClients
 * packages/pass/lib/crypto/processes (item/create-item.ts, item/update-item.ts, vault/create-vault.ts).
 */
import {randomInt, randomUUID} from 'node:crypto'

import {create, toBinary} from '@bufbuild/protobuf'

import {isRecord, type JsonRecord} from '../core/records.ts'
import {escapeLine, escapeText} from '../core/escape.ts'
import {type Listing, wholeCell} from '../output/table-style.ts'
import {idSegment} from '../http/path-segment.ts'
import type {PlannedRequest} from '../run/dry-run.ts'
import {printData, showDryRun, writeListing} from '../run/printer.ts'
import {CliFailure, usageError} from '../core/errors.ts'
import {EXIT} from '../core/exit-status.ts'
import {InputLines} from '../cli/input-lines.ts'
import type {Invocation} from '../run/invocation.ts'
import {confirmWhat} from '../run/per-id.ts'
import {plainCommand} from '../run/plain-command.ts'
import {newKey, seal, sealShareKey} from './crypto.ts'
import {type Field, ITEM_TYPES, itemFields, itemType, totpUri} from './fields.ts'
import {findItem, findVault, findVaults, type StateFilter} from './find.ts'
import {type Item, ItemSchema, MetadataSchema} from './proto/item_v1_pb.ts'
import {VaultColor, VaultIcon, VaultSchema} from './proto/vault_v1_pb.ts'
import {ITEM_CONTENT_FORMAT_VERSION, type OpenedItem, type OpenedVault, PassSession, STATE_ACTIVE, STATE_TRASHED, VAULT_CONTENT_FORMAT_VERSION} from './service.ts'
import {totpCode} from './totp-uri.ts'

const quoted = (text: string) => `"${escapeLine(text)}"`
const iso = (seconds: unknown) => (typeof seconds === 'number' && Number.isFinite(seconds) ? new Date(seconds * 1000).toISOString().replace('.000Z', 'Z') : '')

/**
 * A request that changes something: sent, or with --dry-run printed (method, URL, body: its content encrypted as it
 * would be sent) and not sent; undefined then, and the command stops.
 */
async function write(pass: PassSession, planned: PlannedRequest, dryRun: boolean, subject?: string): Promise<JsonRecord | undefined> {
  if (!dryRun) return pass.request(planned, subject)
  await showDryRun(pass.invocation, [planned])
  return undefined
}

// ---------------------------------------------------------------------------------------------------------- vaults

const vaultRecord = (vault: OpenedVault) => ({
  CreateTime: vault.share.CreateTime,
  Description: vault.content.description,
  Name: vault.content.name,
  Owner: vault.share.Owner,
  ShareID: vault.shareId,
  VaultID: vault.vaultId,
})

export const passVaultsList = plainCommand({
  options: () => ({}),
  async run(invocation) {
    const pass = new PassSession(invocation)
    const vaults = await pass.vaults()
    await pass.keepNames()
    if (invocation.flags.output !== 'text') return printData(invocation, {Vaults: vaults.map(vaultRecord)}, () => '')
    if (vaults.length === 0) return invocation.note('No vaults.')
    writeListing(invocation, {
      giveFirst: [2],
      header: ['NAME', 'DESCRIPTION', 'SHARE ID'],
      rows: vaults.map((vault) => [wholeCell(vault.content.name), wholeCell(vault.content.description), wholeCell(vault.shareId)]),
    })
  },
})

export const passVaultsCreate = plainCommand({
  options: (line) => ({description: line.optionalString('description') ?? '', dryRun: line.boolean('dry-run'), name: line.arg('name')}),
  async run(invocation, {description, dryRun, name}) {
    if (name.trim() === '') throw usageError('the vault name must not be empty')
    const pass = new PassSession(invocation, {signing: true})
    const {primary} = await pass.keys()
    const addresses = await pass.request({method: 'GET', path: '/core/v4/addresses'})
    const address = (Array.isArray(addresses.Addresses) ? addresses.Addresses.filter(isRecord) : []).toSorted((a, b) => Number(a.Order) - Number(b.Order))[0]
    if (!address || !primary) throw new CliFailure('the account has no address to own a vault', EXIT.USAGE)
    // pass-cli vault/create.rs create_vault_request: the Vault protobuf under a new key (`vaultcontent`), the key to the primary user key, signed.
    const key = newKey()
    // The display pass-cli gives a new vault (pass-domain models/vault.rs: VaultIcon and VaultColor default to ICON1, COLOR1).
    const content = toBinary(VaultSchema, create(VaultSchema, {description, display: {color: VaultColor.COLOR1, icon: VaultIcon.ICON1}, name}))
    const body = {
      AddressID: String(address.ID),
      Content: seal(key, content, 'vaultcontent').toString('base64'),
      ContentFormatVersion: VAULT_CONTENT_FORMAT_VERSION,
      EncryptedVaultKey: await sealShareKey(key, primary),
    }
    const answer = await write(pass, {body, method: 'POST', path: '/pass/v1/vault'}, dryRun)
    if (!answer) return
    const share = isRecord(answer.Share) ? answer.Share : {}
    await pass.keepNames((names) => names.vault(String(share.ShareID), name))
    await printData(invocation, {Name: name, ShareID: share.ShareID, VaultID: share.VaultID}, () => String(share.ShareID ?? ''))
    invocation.note(`Created vault ${quoted(name)}.`)
  },
})

export const passVaultsDelete = plainCommand({
  options: (line) => ({dryRun: line.boolean('dry-run'), name: line.arg('vault'), yes: line.boolean('yes')}),
  async run(invocation, {dryRun, name, yes}) {
    const pass = new PassSession(invocation)
    const vault = await findVault(pass, name)
    if (!dryRun) await confirmWhat(`vault ${quoted(vault.content.name)} and every item in it`, 'nothing', yes)
    if (!(await write(pass, {method: 'DELETE', path: `/pass/v1/vault/${idSegment(vault.shareId)}`}, dryRun))) return
    await pass.keepNames((names) => names.dropVault(vault.shareId))
    await printData(invocation, {Deleted: vaultRecord(vault)}, () => vault.shareId)
    invocation.note(`Deleted vault ${quoted(vault.content.name)}.`)
  },
})

// ----------------------------------------------------------------------------------------------------------- items

/** An item as `items list` shows it: never a field of its content beyond its name and type. */
const itemSummary = (opened: OpenedItem) => ({
  ID: opened.itemId,
  ModifyTime: opened.revision.ModifyTime,
  Name: opened.item.metadata?.name ?? '',
  Revision: opened.revision.Revision,
  ShareID: opened.vault.shareId,
  State: opened.revision.State === STATE_TRASHED ? 'trashed' : 'active',
  Type: itemType(opened.item),
  Vault: opened.vault.content.name,
  ...(typeof opened.revision.AliasEmail === 'string' ? {AliasEmail: opened.revision.AliasEmail} : {}),
})

export const passItemsList = plainCommand({
  options: (line) => ({trashed: line.boolean('trashed'), type: line.optionalString('type'), vault: line.optionalString('vault')}),
  async run(invocation, {trashed, type, vault}) {
    if (type !== undefined && !(ITEM_TYPES as readonly string[]).includes(type)) throw usageError(`--type must be one of ${ITEM_TYPES.join(', ')}`)
    const pass = new PassSession(invocation)
    const rows: Array<ReturnType<typeof itemSummary>> = []
    for (const opened of await findVaults(pass, vault)) {
      await pass.eachItemPage(opened, async (revisions) => {
        for (const revision of revisions) {
          if (revision.State !== (trashed ? STATE_TRASHED : STATE_ACTIVE)) continue
          const summary = itemSummary(await pass.openItem(opened, revision))
          if (type === undefined || summary.Type === type) rows.push(summary)
        }
      })
    }

    await pass.keepNames()
    if (invocation.flags.output !== 'text') return printData(invocation, {Items: rows}, () => '')
    if (rows.length === 0) return invocation.note(trashed ? 'No items in the trash.' : 'No items.')
    const listing: Listing = {
      giveFirst: [4],
      header: ['NAME', 'TYPE', 'VAULT', 'MODIFIED', 'ID'],
      keep: [3],
      rows: rows.map((row) => [wholeCell(row.Name), row.Type, wholeCell(row.Vault), iso(row.ModifyTime), wholeCell(row.ID)]),
    }
    writeListing(invocation, listing)
  },
})

const fieldRecord = (field: Field, reveal: boolean) => ({Name: field.name, Secret: field.secret, ...(field.secret && !reveal ? {} : {Value: field.value})})

/** The raw value on a pipe; on a terminal, control characters made visible (the text is the service's). */
function writeRaw(invocation: Invocation, value: string): void {
  invocation.io.stdout.write(`${invocation.io.stdout.isTTY ? escapeText(value) : value}\n`)
}

export const passItemsGet = plainCommand({
  options: (line) => ({field: line.optionalString('field'), item: line.arg('item'), reveal: line.boolean('reveal'), vault: line.optionalString('vault')}),
  async run(invocation, {field, item, reveal, vault}) {
    const pass = new PassSession(invocation)
    const opened = await findItem(pass, item, vault, 'any')
    await pass.keepNames()
    const fields = itemFields(opened.item, typeof opened.revision.AliasEmail === 'string' ? opened.revision.AliasEmail : null)
    if (field !== undefined) {
      const wanted = field.toLowerCase()
      const values = wanted === 'name' ? [opened.item.metadata?.name ?? ''] : fields.filter((candidate) => candidate.name.toLowerCase() === wanted).map(({value}) => value)
      if (values.length === 0)
        throw new CliFailure(
          `item ${quoted(opened.item.metadata?.name ?? opened.itemId)} has no field ${quoted(field)} (its fields: ${['name', ...new Set(fields.map(({name}) => name))].join(', ')})`,
          EXIT.NOT_FOUND,
        )
      for (const value of values) writeRaw(invocation, value)
      return
    }

    const summary = itemSummary(opened)
    if (invocation.flags.output !== 'text')
      return printData(invocation, {Item: {...summary, CreateTime: opened.revision.CreateTime, Fields: fields.map((entry) => fieldRecord(entry, reveal))}}, () => '')
    const lines = [
      ['Name', summary.Name],
      ['Type', summary.Type],
      ['Vault', summary.Vault],
      ['ID', summary.ID],
      ['Modified', iso(summary.ModifyTime)],
      ...(summary.State === 'trashed' ? [['State', 'in the trash']] : []),
      ...fields.map((entry) => [entry.name, entry.secret && !reveal ? '(hidden: --reveal shows it)' : entry.value]),
    ]
    invocation.io.stdout.write(lines.map(([name, value]) => `${escapeLine(name)}: ${escapeText(value).replaceAll('\n', '\n  ')}\n`).join(''))
  },
})

export const passTotp = plainCommand({
  options: (line) => ({item: line.arg('item'), vault: line.optionalString('vault')}),
  async run(invocation, {item, vault}) {
    const pass = new PassSession(invocation)
    const opened = await findItem(pass, item, vault)
    await pass.keepNames()
    const uri = totpUri(opened.item)
    if (uri === undefined) throw new CliFailure(`item ${quoted(opened.item.metadata?.name ?? '')} has no TOTP URI`, EXIT.NOT_FOUND)
    let code
    try {
      code = totpCode(uri, invocation.io.now().getTime() / 1000)
    } catch (error) {
      throw new CliFailure(`item ${quoted(opened.item.metadata?.name ?? '')}: ${error instanceof Error ? error.message : String(error)}`, EXIT.UNAVAILABLE)
    }

    await printData(invocation, {Period: code.period, SecondsLeft: code.left, TOTP: code.code}, () => code.code)
    if (invocation.flags.output === 'text') invocation.note(`${code.left} s left (of ${code.period} s)`)
  },
})

// ------------------------------------------------------------------------------------------------- writing items

/** An item sealed as a new one (WebClients processes/item/create-item.ts): a new item key under the newest share key. */
async function newItemRequest(pass: PassSession, vault: OpenedVault, item: Item): Promise<Record<string, unknown>> {
  const {key: shareKey, rotation} = await pass.latestShareKey(vault.shareId)
  const itemKey = newKey()
  return {
    Content: seal(itemKey, toBinary(ItemSchema, item), 'itemcontent').toString('base64'),
    ContentFormatVersion: ITEM_CONTENT_FORMAT_VERSION,
    ItemKey: seal(shareKey, itemKey, 'itemkey').toString('base64'),
    KeyRotation: rotation,
  }
}

/** A password of `length` characters from letters, digits and symbols, drawn with node:crypto. */
function generatedPassword(length = 24): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789-_.!@#%+='
  return Array.from({length}, () => alphabet[randomInt(alphabet.length)]).join('')
}

/** The secrets of a new login from standard input, a line each: the password (--password-stdin), then the TOTP URI (--totp-stdin). */
async function secretsFromStdin(invocation: Invocation, {password, totp}: {password: boolean; totp: boolean}): Promise<{password?: string; totpUri?: string}> {
  const lines = new InputLines(() => invocation.io.stdin)
  const next = async (what: string) => {
    const line = await lines.next()
    const where = password && what === '--totp-stdin' ? 'the second line of standard input (the first is the password)' : 'standard input'
    if (line === undefined || line.trim() === '') throw usageError(`${what}: nothing on ${where}`)
    return line
  }

  const secrets: {password?: string; totpUri?: string} = {}
  if (password) secrets.password = await next('--password-stdin')
  if (totp) {
    secrets.totpUri = (await next('--totp-stdin')).trim()
    try {
      totpCode(secrets.totpUri, 0)
    } catch (error) {
      throw usageError(`--totp-stdin: ${error instanceof Error ? error.message : String(error)}`)
    }
  }

  return secrets
}

async function showWritten(pass: PassSession, vault: OpenedVault, answer: JsonRecord, name: string, verb: string): Promise<void> {
  const {invocation} = pass
  const written = isRecord(answer.Item) ? answer.Item : {}
  await pass.keepNames((names) => names.item(vault.shareId, String(written.ItemID ?? ''), name))
  const record = {
    ID: written.ItemID,
    Name: name,
    Revision: written.Revision,
    ShareID: vault.shareId,
    Vault: vault.content.name,
    ...(typeof written.AliasEmail === 'string' ? {AliasEmail: written.AliasEmail} : {}),
  }
  await printData(invocation, {Item: record}, () => String(written.AliasEmail ?? written.ItemID ?? ''))
  invocation.note(`${verb} ${quoted(name)} in vault ${quoted(vault.content.name)}.`)
}

const loginOptions = (line: {optionalString(name: string): string | undefined; boolean(name: string): boolean; strings(name: string): string[] | undefined}) => ({
  email: line.optionalString('email'),
  note: line.optionalString('note'),
  passwordStdin: line.boolean('password-stdin'),
  totpStdin: line.boolean('totp-stdin'),
  urls: line.strings('url'),
  username: line.optionalString('username'),
})

export const passItemsCreateLogin = plainCommand({
  options: (line) => ({...loginOptions(line), dryRun: line.boolean('dry-run'), generate: line.boolean('generate'), name: line.string('name'), vault: line.string('vault')}),
  async run(invocation, options) {
    if (options.passwordStdin === options.generate) throw usageError('give the password with --password-stdin, or --generate one (never on the command line)')
    const secrets = await secretsFromStdin(invocation, {password: options.passwordStdin, totp: options.totpStdin})
    const password = secrets.password ?? generatedPassword()
    const pass = new PassSession(invocation)
    const vault = await findVault(pass, options.vault)
    const item = create(ItemSchema, {
      content: {content: {case: 'login', value: {itemEmail: options.email ?? '', itemUsername: options.username ?? '', password, totpUri: secrets.totpUri ?? '', urls: options.urls ?? []}}},
      metadata: {itemUuid: randomUUID(), name: options.name, note: options.note ?? ''},
    })
    const answer = await write(pass, {body: await newItemRequest(pass, vault, item), method: 'POST', path: `/pass/v1/share/${idSegment(vault.shareId)}/item`}, options.dryRun)
    if (answer) await showWritten(pass, vault, answer, options.name, options.generate ? 'Created login (with a generated password)' : 'Created login')
  },
})

export const passItemsCreateNote = plainCommand({
  options: (line) => ({dryRun: line.boolean('dry-run'), name: line.string('name'), note: line.string('note'), vault: line.string('vault')}),
  async run(invocation, {dryRun, name, note, vault: vaultName}) {
    const pass = new PassSession(invocation)
    const vault = await findVault(pass, vaultName)
    const item = create(ItemSchema, {content: {content: {case: 'note', value: {}}}, metadata: {itemUuid: randomUUID(), name, note}})
    const answer = await write(pass, {body: await newItemRequest(pass, vault, item), method: 'POST', path: `/pass/v1/share/${idSegment(vault.shareId)}/item`}, dryRun)
    if (answer) await showWritten(pass, vault, answer, name, 'Created note')
  },
})

export const passItemsEdit = plainCommand({
  options: (line) => ({...loginOptions(line), dryRun: line.boolean('dry-run'), item: line.arg('item'), name: line.optionalString('name'), vault: line.optionalString('vault')}),
  async run(invocation, options) {
    const loginChange = options.username !== undefined || options.email !== undefined || options.passwordStdin || options.totpStdin || options.urls !== undefined
    if (!loginChange && options.name === undefined && options.note === undefined)
      throw usageError('nothing to change: give --name, --note, --username, --email, --url, --password-stdin or --totp-stdin')
    const {password, totpUri: newTotp} = await secretsFromStdin(invocation, {password: options.passwordStdin, totp: options.totpStdin})
    const pass = new PassSession(invocation)
    const found = await findItem(pass, options.item, options.vault)
    // The latest revision, edited in place: fields this tool does not know stay in the message (protobuf-es keeps them).
    const current = await pass.fetchItem(found.vault, found.itemId)
    const {item} = current
    const content = item.content?.content
    if (loginChange && content?.case !== 'login')
      throw usageError(`item ${quoted(item.metadata?.name ?? '')} is a ${itemType(item)}, not a login: --username, --email, --url, --password-stdin and --totp-stdin change logins only`)
    item.metadata ??= create(MetadataSchema, {})
    if (options.name !== undefined) item.metadata.name = options.name
    if (options.note !== undefined) item.metadata.note = options.note
    if (content?.case === 'login') {
      const login = content.value
      if (options.username !== undefined) login.itemUsername = options.username
      if (options.email !== undefined) login.itemEmail = options.email
      if (options.urls !== undefined) login.urls = options.urls
      if (password !== undefined) login.password = password
      if (newTotp !== undefined) login.totpUri = newTotp
    }

    // pass-cli item/update.rs, WebClients processes/item/update-item.ts: the same item key, LastRevision the revision read.
    const body = {
      Content: seal(current.itemKey, toBinary(ItemSchema, item), 'itemcontent').toString('base64'),
      ContentFormatVersion: ITEM_CONTENT_FORMAT_VERSION,
      KeyRotation: current.keyRotation,
      LastRevision: current.revision.Revision,
    }
    const answer = await write(pass, {body, method: 'PUT', path: `/pass/v1/share/${idSegment(current.vault.shareId)}/item/${idSegment(current.itemId)}`}, options.dryRun, `item ${current.itemId}`)
    if (answer) await showWritten(pass, current.vault, answer, item.metadata.name, 'Updated')
  },
})

/** trash, restore and delete: the item found in `states`, then one request naming {ItemID, Revision}. */
function itemStateCommand(states: StateFilter, verb: string, request: (opened: OpenedItem) => PlannedRequest, confirm?: (opened: OpenedItem) => string, gone = false) {
  return plainCommand({
    options: (line) => ({dryRun: line.boolean('dry-run'), item: line.arg('item'), vault: line.optionalString('vault'), yes: line.boolean('yes')}),
    async run(invocation, {dryRun, item, vault, yes}) {
      const pass = new PassSession(invocation)
      const opened = await findItem(pass, item, vault, states)
      if (confirm && !dryRun) await confirmWhat(confirm(opened), 'nothing', yes)
      if (!(await write(pass, request(opened), dryRun))) return
      await pass.keepNames(gone ? (names) => names.dropItem(opened.vault.shareId, opened.itemId) : undefined)
      await printData(invocation, {Item: itemSummary(opened)}, () => opened.itemId)
      invocation.note(`${verb} ${quoted(opened.item.metadata?.name ?? '')} (vault ${quoted(opened.vault.content.name)}).`)
    },
  })
}

const named = (opened: OpenedItem) => ({Items: [{ItemID: opened.itemId, Revision: opened.revision.Revision}]})

export const passItemsTrash = itemStateCommand('active', 'Moved to the trash:', (opened) => ({
  body: named(opened),
  method: 'POST',
  path: `/pass/v1/share/${idSegment(opened.vault.shareId)}/item/trash`,
}))

export const passItemsRestore = itemStateCommand('trashed', 'Restored', (opened) => ({body: named(opened), method: 'POST', path: `/pass/v1/share/${idSegment(opened.vault.shareId)}/item/untrash`}))

// pass-cli item/delete.rs: SkipTrash, so that an active item goes at once as a trashed one does.
export const passItemsDelete = itemStateCommand(
  'any',
  'Deleted for good:',
  (opened) => ({body: {...named(opened), SkipTrash: true}, method: 'DELETE', path: `/pass/v1/share/${idSegment(opened.vault.shareId)}/item`}),
  (opened) => `item ${quoted(opened.item.metadata?.name ?? '')} (${itemType(opened.item)}, vault ${quoted(opened.vault.content.name)}) for good`,
  true,
)

// --------------------------------------------------------------------------------------------------------- aliases

async function aliasOptionsOf(pass: PassSession, vaultName: string | undefined): Promise<{options: JsonRecord; vault: OpenedVault}> {
  const vaults = await findVaults(pass, vaultName)
  if (vaults.length === 0) throw new CliFailure('the account has no vault', EXIT.NOT_FOUND)
  const [vault] = vaults
  const answer = await pass.request({method: 'GET', path: `/pass/v1/share/${idSegment(vault.shareId)}/alias/options`})
  const options = isRecord(answer.Options) ? answer.Options : {}
  if (options.CanCreateAlias === false) throw new CliFailure("the service allows no new alias for this account (its plan's limit?)", EXIT.USAGE)
  return {options, vault}
}

const records = (value: unknown): JsonRecord[] => (Array.isArray(value) ? value.filter(isRecord) : [])

export const passAliasOptions = plainCommand({
  options: (line) => ({vault: line.optionalString('vault')}),
  async run(invocation, {vault}) {
    const {options} = await aliasOptionsOf(new PassSession(invocation), vault)
    if (invocation.flags.output !== 'text') return printData(invocation, {Options: options}, () => '')
    const lines = [...records(options.Suffixes).map((suffix) => `suffix\t${String(suffix.Suffix)}`), ...records(options.Mailboxes).map((mailbox) => `mailbox\t${String(mailbox.Email)}`)]
    invocation.io.stdout.write(lines.map((line) => `${escapeLine(line).replace('\\t', '\t')}\n`).join(''))
  },
})

export const passAliasCreate = plainCommand({
  options: (line) => ({
    dryRun: line.boolean('dry-run'),
    mailboxes: line.strings('mailbox'),
    name: line.optionalString('name'),
    note: line.optionalString('note'),
    prefix: line.string('prefix'),
    suffix: line.string('suffix'),
    vault: line.string('vault'),
  }),
  async run(invocation, {dryRun, mailboxes, name, note, prefix, suffix, vault: vaultName}) {
    const pass = new PassSession(invocation)
    const {options, vault} = await aliasOptionsOf(pass, vaultName)
    const suffixes = records(options.Suffixes)
    const chosen = suffixes.find((candidate) => candidate.Suffix === suffix)
    if (!chosen) throw usageError(`${quoted(suffix)} is not one of the suffixes offered: ${suffixes.map((candidate) => String(candidate.Suffix)).join(', ')}`)
    const boxes = records(options.Mailboxes)
    const picked = (mailboxes ?? [String(boxes[0]?.Email ?? '')]).map((email) => {
      const box = boxes.find((candidate) => String(candidate.Email).toLowerCase() === email.toLowerCase())
      if (!box) throw usageError(`${quoted(email)} is not one of the mailboxes offered: ${boxes.map((candidate) => String(candidate.Email)).join(', ')}`)
      return box.ID
    })
    const title = name ?? `${prefix}${suffix}`
    const item = create(ItemSchema, {content: {content: {case: 'alias', value: {}}}, metadata: {itemUuid: randomUUID(), name: title, note: note ?? ''}})
    // pass-cli item/alias/create.rs CreateAliasRequest: the signed suffix as offered, the mailboxes by ID, the item sealed as any new one.
    const body = {AliasName: name ?? null, Item: await newItemRequest(pass, vault, item), MailboxIDs: picked, Prefix: prefix, SignedSuffix: chosen.SignedSuffix}
    const answer = await write(pass, {body, method: 'POST', path: `/pass/v1/share/${idSegment(vault.shareId)}/alias/custom`}, dryRun)
    if (answer) await showWritten(pass, vault, answer, title, 'Created alias')
  },
})
