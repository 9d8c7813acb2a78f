/**
 * `pass items list|get` as plain functions: items found and decrypted, listed by name and type, or one shown (its
 * secrets only with --reveal).
 * Their oclif adapters: src/commands/proton/pass/…; what they send follows the official Pass CLI (protonpass/pass-cli;
 * see service.ts for each route).
 */
import {escapeLine, escapeText} from '../../core/escape.ts'
import {CliFailure, usageError} from '../../core/errors.ts'
import {EXIT} from '../../core/exit-status.ts'
import {type Listing, wholeCell} from '../../output/table-style.ts'
import type {Invocation} from '../../run/invocation.ts'
import {printData, writeListing} from '../../run/printer.ts'
import {plainCommand} from '../../run/plain-command.ts'
import {type Field, ITEM_TYPES, itemFields} from '../fields.ts'
import {findItem, findVaults} from '../find.ts'
import {PassSession, STATE_ACTIVE, STATE_TRASHED} from '../service.ts'
import {iso, itemSummary, quoted} from '../views.ts'

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
