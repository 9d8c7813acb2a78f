/**
 * The account's keys read straight from the seal (key-seal.ts) with crypto/direct, without OpenPGP.js: what lets an
 * encrypted read skip loading it (some 50 ms a run: issue 45). Only when the seal holds every key the read needs, and
 * each is of a kind crypto/direct reads; else the read goes the usual way (keys.ts accountKeys, which also derives and
 * seals what is missing). The same requests as keys.ts, shared with it (accountRecords, sessionClientKey): a read that
 * falls back sends nothing twice.
 */
import {type DirectKeySet, readKey} from '../crypto/direct/keys.ts'
import {s2kRuns} from '../crypto/iterated-s2k.ts'
import {need} from '../crypto/direct/packets.ts'
import {type ApiKey, isActiveKey, keyEntries, malformedNote} from '../crypto/keyring.ts'
import {openPassphrase} from '../crypto/local-key.ts'
import type {JsonRecord} from '../core/records.ts'
import type {Invocation} from '../run/invocation.ts'

import {readPrivateFile, sealPath, unseal, entryName} from './key-seal.ts'
import {accountRecords, ownArmoredKeys, primaryFirst, sessionClientKey, sessionWithKeys} from './keys.ts'

export interface DirectAccount {
  user: JsonRecord
  addresses: readonly JsonRecord[]
  /** The active user keys, the primary first. */
  userKeys: DirectKeySet[]
  /** The address's active keys, the primary first; Unsupported unless the seal holds them all. */
  addressKeys(addressId: string): DirectKeySet[]
  /** addressKeys with each key's ID (drive names keys by ID, as keys.ts ownAddressKeys). */
  ownAddressKeys(addressId: string): Array<{id: string; key: DirectKeySet}>
  /** Another key sealed under its record (a calendar's, a drive node's); Unsupported when the seal does not hold it. */
  otherKey(record: ApiKey): DirectKeySet
  /** The public keys of one of this account's addresses, by email (what it signed is checked with them); none for another address. */
  ownPublicKeys(email: string): DirectKeySet[]
  /** Says, with DEBUG set, that a read was done without OpenPGP.js (the tests count it). */
  done(what: string): void
  /** Says, with DEBUG set, why a read goes to OpenPGP.js after all. */
  fellBack(what: string): (reason: string) => void
}

const runs = new WeakMap<Invocation, Promise<DirectAccount | undefined>>()

/** The account's sealed keys for this run (once), or undefined when the seal cannot give them: the read takes the usual way. */
export function directAccount(invocation: Invocation): Promise<DirectAccount | undefined> {
  let run = runs.get(invocation)
  if (!run) {
    run = open(invocation).catch(() => undefined)
    runs.set(invocation, run)
  }

  return run
}

async function open(invocation: Invocation): Promise<DirectAccount | undefined> {
  const {sealed: passphrase, session} = await sessionWithKeys(invocation)
  if (session.source !== 'file') return undefined
  const bytes = readPrivateFile(sealPath(invocation.context.cacheDir, session.profile))
  if (!bytes) return undefined
  const [records, clientKey] = await Promise.all([accountRecords(invocation), sessionClientKey(invocation)])
  // The session file's key passphrase must open too, as keys.ts requires before any key is used: a file whose
  // passphrase another session sealed is refused there (in its words), not read around here.
  if (openPassphrase(passphrase, clientKey, session.uid) === undefined) return undefined
  const entries = unseal(bytes, clientKey, session.uid, String(records.user.ID ?? ''))
  if (!entries) return undefined
  const debug = (line: string) => {
    if (invocation.io.env.DEBUG) invocation.io.stderr.write(`${line}\n`)
  }

  const parsed = new Map<string, DirectKeySet>()
  const sealed = (name: string): DirectKeySet => {
    let set = parsed.get(name)
    if (!set) {
      const binary = entries.get(name)
      need(binary, 'a key the seal does not hold')
      set = readKey(Buffer.from(binary))
      parsed.set(name, set)
    }

    return set
  }

  /** The active keys of a list, each from the seal (with its ID), the primary first, with the DEBUG count keys.ts prints. */
  const listed = (keys: unknown, where: string): Array<{id: string; key: DirectKeySet}> => {
    const entries = keyEntries(keys)
    // Said as keys.ts says it, once per list.
    const note = malformedNote(entries, where)
    if (note) invocation.note(note)
    const active = primaryFirst(entries.keys.filter((key) => isActiveKey(key) && typeof key.PrivateKey === 'string' && key.PrivateKey !== ''))
    need(active.length > 0, 'no active key')
    const sets = active.map((key) => ({id: String(key.ID), key: sealed(entryName(key))}))
    debug(`proton-cli:keys ${sets.length} keys opened from the seal, 0 derived (${s2kRuns()} S2K runs so far)`)
    return sets
  }

  const userKeys = listed(records.user.Keys, 'User.Keys').map(({key}) => key)
  const memo = new Map<string, Array<{id: string; key: DirectKeySet}>>()
  const ownAddressKeys = (addressId: string) => {
    let keys = memo.get(addressId)
    if (!keys) {
      const address = records.addresses.find((candidate) => candidate.ID === addressId)
      need(address, 'an address not of this account')
      keys = listed(address.Keys, `the keys of address ${String(address.Email)}`)
      memo.set(addressId, keys)
    }

    return keys
  }

  return {
    addresses: records.addresses,
    addressKeys: (addressId) => ownAddressKeys(addressId).map(({key}) => key),
    done: (what) => debug(`proton-cli:direct ${what} without OpenPGP.js`),
    fellBack: (what) => (reason) => debug(`proton-cli:direct ${what} with OpenPGP.js: ${reason.replaceAll(/\s+/g, ' ').slice(0, 200)}`),
    otherKey: (record) => sealed(entryName(record, true)),
    ownAddressKeys,
    ownPublicKeys: (email) => ownArmoredKeys(records.addresses, email).map((armored) => readKey(armored)),
    user: records.user,
    userKeys,
  }
}
