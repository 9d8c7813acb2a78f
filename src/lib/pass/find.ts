/**
 * Vaults and items named on the command line: a vault by its name, share ID or vault ID; an item by its ID or its
 * name (exact, else the same letters in another case), in one vault (--vault) or in all. A name several match is
 * refused with the matches listed, never guessed.
 */
import {CliFailure, usageError} from '../core/errors.ts'
import {EXIT} from '../core/exit-status.ts'
import {escapeLine} from '../core/escape.ts'
import {itemType} from './fields.ts'
import {type OpenedItem, type OpenedVault, type PassSession, STATE_ACTIVE, STATE_TRASHED} from './service.ts'

const notFound = (message: string) => new CliFailure(message, EXIT.NOT_FOUND)
const quoted = (text: string) => `"${escapeLine(text)}"`

/** The vault `name` names; undefined `name`: every vault. */
export async function findVaults(pass: PassSession, name: string | undefined): Promise<OpenedVault[]> {
  if (name === undefined) return pass.vaults()
  // A share or vault ID opens that vault alone: one that does not open cannot hide the one asked for.
  const byId = (await pass.vaultShares()).find((share) => share.ShareID === name || share.VaultID === name)
  if (byId) return [await pass.openVault(byId)]
  const vaults = await pass.vaults()
  let matches = vaults.filter((vault) => vault.content.name === name)
  if (matches.length === 0) matches = vaults.filter((vault) => vault.content.name.toLowerCase() === name.toLowerCase())
  if (matches.length === 0)
    throw notFound(`no vault named ${quoted(name)} (${vaults.length === 0 ? 'the account has no vault' : `its vaults: ${vaults.map((vault) => quoted(vault.content.name)).join(', ')}`})`)
  if (matches.length > 1) throw usageError(`${matches.length} vaults are named ${quoted(name)}: give one's share ID (${matches.map((vault) => vault.shareId).join(', ')})`)
  return matches
}

export async function findVault(pass: PassSession, name: string): Promise<OpenedVault> {
  const [vault] = await findVaults(pass, name)
  return vault
}

export type StateFilter = 'active' | 'any' | 'trashed'

const inState = (state: unknown, filter: StateFilter) => filter === 'any' || state === (filter === 'trashed' ? STATE_TRASHED : STATE_ACTIVE)

/** Matches named in a refusal, at most. */
const LISTED = 10

/**
 * The items that match: every one counted, but only the first LISTED and the first active one kept, so that a name
 * thousands of items share costs no more memory than a name one item has.
 */
class Matches {
  count = 0
  active = 0
  firstActive?: OpenedItem
  readonly listed: OpenedItem[] = []

  add(item: OpenedItem): void {
    this.count++
    if (this.listed.length < LISTED) this.listed.push(item)
    if (item.revision.State === STATE_ACTIVE && this.active++ === 0) this.firstActive = item
  }
}

/** The one item `query` names (an ID or a name) among the vaults' items in `states`. */
export async function findItem(pass: PassSession, query: string, vaultName: string | undefined, states: StateFilter = 'active'): Promise<OpenedItem> {
  const vaults = await findVaults(pass, vaultName)
  const exact = new Matches()
  const folded = new Matches()
  for (const vault of vaults) {
    await pass.eachItemPage(vault, async (revisions) => {
      for (const revision of revisions) {
        if (!inState(revision.State, states)) continue
        const opened = await pass.openItem(vault, revision)
        const name = opened.item.metadata?.name ?? ''
        if (revision.ItemID === query || name === query) exact.add(opened)
        else if (name.toLowerCase() === query.toLowerCase()) folded.add(opened)
      }
    })
  }

  const matches = exact.count > 0 ? exact : folded
  // Any state: an active item before trashed ones of the same name.
  if (states === 'any' && matches.active === 1) return matches.firstActive as OpenedItem
  const where = vaultName === undefined ? '' : ` in vault ${quoted(vaultName)}`
  const which = states === 'trashed' ? ' in the trash' : ''
  if (matches.count === 0) throw notFound(`no item ${quoted(query)}${where}${which}`)
  if (matches.count > 1) {
    const listed = matches.listed.map((match) => `${match.itemId} (${itemType(match.item)} in ${quoted(match.vault.content.name)})`)
    throw usageError(`${matches.count} items match ${quoted(query)}: give its ID${vaultName === undefined ? ' or --vault' : ''}: ${listed.join(', ')}${matches.count > LISTED ? ', …' : ''}`)
  }

  return matches.listed[0]
}
