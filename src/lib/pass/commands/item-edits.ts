/**
 * `pass items create login|note` and `pass items edit` as plain functions: a new item sealed (its secrets from
 * standard input, or a password generated), or an item changed in place.
 * Their oclif adapters: src/commands/proton/pass/…; what they send follows the official Pass CLI (protonpass/pass-cli;
 * see service.ts for each route).
 */
import {randomInt, randomUUID} from 'node:crypto'

import {create} from '@bufbuild/protobuf'

import {usageError} from '../../core/errors.ts'
import {idSegment} from '../../http/path-segment.ts'
import {InputLines} from '../../cli/input-lines.ts'
import type {Invocation} from '../../run/invocation.ts'
import {plainCommand} from '../../run/plain-command.ts'
import {itemType} from '../fields.ts'
import {findItem, findVault} from '../find.ts'
import {ItemSchema, MetadataSchema} from '../proto/item_v1_pb.ts'
import {PassSession} from '../service.ts'
import {totpCode} from '../totp-uri.ts'
import {quoted} from '../views.ts'
import {editedItemRequest, newItemRequest, showWritten, write} from '../writes.ts'

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

    const body = editedItemRequest(current, item)
    const answer = await write(pass, {body, method: 'PUT', path: `/pass/v1/share/${idSegment(current.vault.shareId)}/item/${idSegment(current.itemId)}`}, options.dryRun, `item ${current.itemId}`)
    if (answer) await showWritten(pass, current.vault, answer, item.metadata.name, 'Updated')
  },
})
