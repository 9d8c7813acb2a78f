/**
 * proton contacts import FILE.vcf: every vCard of the file (3.0 or 4.0; contacts/vcard.ts) added as a contact, its
 * cards made as the web client makes them from an imported file (contacts/add.ts), a UID the account has overwritten
 * as the web client's import does (OVERWRITE.IMPORT). The whole file is read and
 * checked before anything is sent: a file that is not a regular one, is over 10 MB (WebClients
 * MAX_IMPORT_FILE_SIZE), holds a vCard that cannot be parsed, one without FN or EMAIL, one with fields contacts
 * create refuses, or (without --force) one exported with a failed signature, is refused (exit 1), nothing sent.
 */
import {stat} from 'node:fs/promises'

import {addContacts, OVERWRITE, showAddDryRun} from '../add.ts'
import {UNVERIFIED_MARK} from '../contact-view.ts'
import {fieldProblem, parseVcards, type Property, valueText, VcardError} from '../vcard.ts'
import {escapeLine} from '../../core/escape.ts'
import {readNamedFile} from '../../files/named-file.ts'
import {fileFailure, usageError} from '../../core/errors.ts'
import {plainCommand} from '../../run/plain-command.ts'

/** WebClients contacts/constants.ts MAX_IMPORT_FILE_SIZE. */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024

export interface ContactsImportOptions {
  dryRun: boolean
  file: string
  force: boolean
}

/** A vCard's name for messages: its FN, else its first EMAIL. */
function nameOf(properties: readonly Property[]): string | undefined {
  const named = properties.find(([name]) => name === 'fn') ?? properties.find(([name]) => name === 'email')
  const text = named === undefined ? '' : valueText(named).trim()
  return text === '' ? undefined : text
}

/**
 * Every vCard read and checked: fields by the rule contacts create applies (vcard.ts fieldProblem); one marked as
 * exported with a failed signature (UNVERIFIED_MARK) refused unless `force`, which drops the mark: importing signs
 * every field with the user key, so forged ones (a KEY, an X-PM-* pin) would become the user's word.
 */
export function importedContacts(text: string, file: string, force = false): {contacts: Property[][]; names: string[]} {
  let contacts: Property[][]
  try {
    contacts = parseVcards(text)
  } catch (error) {
    if (error instanceof VcardError) throw usageError(`${file}: ${error.message}; nothing imported`)
    throw error
  }

  const names = contacts.map((properties, index) => {
    const name = nameOf(properties)
    if (name === undefined) throw usageError(`${file}: vCard ${index + 1} has neither FN nor EMAIL; nothing imported`)
    const problem = fieldProblem(properties)
    if (problem !== undefined) throw usageError(`${file}: vCard ${index + 1} (${escapeLine(JSON.stringify(name))}): its ${problem}; nothing imported`)
    const mark = properties.find(([field]) => field === UNVERIFIED_MARK)
    if (mark && !force) {
      throw usageError(
        `${file}: vCard ${index + 1} (${escapeLine(JSON.stringify(name))}) was exported with its signature ${escapeLine(valueText(mark))} (${UNVERIFIED_MARK.toUpperCase()}): its fields may not be yours, and importing signs them with your key; check them, then give --force; nothing imported`,
      )
    }

    return name
  })
  return {contacts: contacts.map((properties) => properties.filter(([field]) => field !== UNVERIFIED_MARK)), names}
}

export const contactsImport = plainCommand<ContactsImportOptions>({
  options: (line) => ({dryRun: line.boolean('dry-run'), file: line.arg('file'), force: line.boolean('force')}),
  async run(invocation, {dryRun, file, force}) {
    if (file.trim() === '') throw usageError('give the .vcf file to import')
    const stats = await stat(file).catch((error: unknown) => {
      throw fileFailure('read', file, error)
    })
    if (!stats.isFile()) throw usageError(`${file} is not a regular file`)
    if (stats.size > MAX_IMPORT_BYTES) throw usageError(`${file} is over 10 MiB (${stats.size} bytes): split it; nothing imported`)
    const text = (await readNamedFile(file, 'FILE')).toString('utf8')
    const {contacts, names} = importedContacts(text, file, force)
    if (dryRun) return showAddDryRun(invocation, contacts, OVERWRITE.IMPORT)
    await addContacts(invocation, contacts, names, OVERWRITE.IMPORT)
  },
})
