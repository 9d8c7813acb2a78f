/**
 * `pass alias options|create` as plain functions: the suffixes and mailboxes the service offers, and a new alias.
 * Their oclif adapters: src/commands/proton/pass/…; what they send follows the official Pass CLI (protonpass/pass-cli;
 * see service.ts for each route).
 */
import {randomUUID} from 'node:crypto'

import {create} from '@bufbuild/protobuf'

import {escapeLine} from '../../core/escape.ts'
import {CliFailure, usageError} from '../../core/errors.ts'
import {EXIT} from '../../core/exit-status.ts'
import {isRecord, type JsonRecord} from '../../core/records.ts'
import {idSegment} from '../../http/path-segment.ts'
import {printData} from '../../run/printer.ts'
import {plainCommand} from '../../run/plain-command.ts'
import {findVaults} from '../find.ts'
import {ItemSchema} from '../proto/item_v1_pb.ts'
import {type OpenedVault, PassSession} from '../service.ts'
import {quoted} from '../views.ts'
import {newItemRequest, showWritten, write} from '../writes.ts'

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
