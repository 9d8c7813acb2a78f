/**
 * `pass vaults list|create|delete` as plain functions: the vaults the user keys open, a new one sealed, one deleted.
 * Their oclif adapters: src/commands/proton/pass/…; what they send follows the official Pass CLI (protonpass/pass-cli;
 * see service.ts for each route).
 */
import {isRecord} from '../../core/records.ts'
import {CliFailure, usageError} from '../../core/errors.ts'
import {EXIT} from '../../core/exit-status.ts'
import {idSegment} from '../../http/path-segment.ts'
import {wholeCell} from '../../output/table-style.ts'
import {confirmWhat} from '../../run/per-id.ts'
import {printData, writeListing} from '../../run/printer.ts'
import {plainCommand} from '../../run/plain-command.ts'
import {findVault} from '../find.ts'
import {type OpenedVault, PassSession} from '../service.ts'
import {quoted} from '../views.ts'
import {newVaultRequest, write} from '../writes.ts'

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
    const body = await newVaultRequest(primary, String(address.ID), name, description)
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
