/**
 * What mail download says and does with each file it publishes: the private staging directory "-" makes its file
 * in, the copy of that file to standard output, the notes about a name made safe or taken, and the line about the
 * file's signature.
 */
import {createReadStream} from 'node:fs'
import {rm} from 'node:fs/promises'
import {join} from 'node:path'
import {Writable} from 'node:stream'

import type {Published} from '../files/download-directory.ts'
import {ensurePrivateDirectory} from '../files/private-directory.ts'
import {shownName, visibleName} from '../files/safe-name.ts'
import type {Verification} from '../crypto/keyring.ts'
import {printable} from '../core/escape.ts'
import type {Invocation} from '../run/invocation.ts'

/** Whose signature an attachment's is: its own detached one, or (embedded in a PGP/MIME tree) the message's. */
export type Signer = 'message' | 'own'

/**
 * The line on stderr about a file's signature. `signer`: the attachment's own detached signature, or (embedded in a
 * PGP/MIME tree) the message's, which covers the tree. A failure is a warning that is never silenced (--quiet or not).
 */
export function signatureLine(what: string, verification: Verification, signer: Signer, sender: string | undefined, path: string): {line: string; warning: boolean} {
  const from = sender === undefined ? 'the sender' : printable(sender)
  const its = signer === 'own' ? 'its signature' : 'the message’s signature (over its whole MIME tree)'
  switch (verification) {
    case 'verified': {
      return {line: `${what}: signature verified (signed by ${from}${signer === 'own' ? '' : ': the message’s signature, over its whole MIME tree'})`, warning: false}
    }

    case 'unsigned': {
      return {line: `${what}: unverified: ${signer === 'own' ? 'it carries' : 'the message it came in carries'} no signature`, warning: false}
    }

    case 'unverified': {
      return {line: `${what}: unverified: no public key of ${from} is known to check ${its} with`, warning: false}
    }

    case 'failed': {
      return {line: `WARNING: ${what}: ${its} FAILED verification against the keys of ${from}: the file may have been tampered with; written all the same as ${path}`, warning: true}
    }
  }
}

/** Where "-" makes its file before copying it out: the user's cache, owner-only. */
export function privateStaging(cacheDir: string): string {
  const dir = join(cacheDir, 'spool', 'download')
  ensurePrivateDirectory(dir)
  return dir
}

/** A finished file copied to standard output, then removed (whatever happens to the copy). */
export async function copyOut(invocation: Invocation, path: string): Promise<void> {
  try {
    const {stdout} = invocation.io
    for await (const chunk of createReadStream(path)) {
      if (stdout instanceof Writable && stdout.write === Writable.prototype.write)
        await new Promise<void>((resolve, reject) => stdout.write(chunk as Buffer, (error) => (error ? reject(error) : resolve())))
      else stdout.write(chunk as Buffer)
    }
  } finally {
    await rm(path, {force: true})
  }
}

/** The notes about a file's name: made safe, or taken by another file. */
export function noteName(invocation: Invocation, aid: string, given: unknown, {path, renamedTo, taken}: Published): void {
  if (renamedTo !== undefined)
    invocation.note(`Note: attachment ${printable(aid)}: its name ${shownName(typeof given === 'string' ? given : '')} is not a safe file name; written as ${printable(renamedTo)}`)
  if (taken !== undefined) invocation.note(`Note: ${printable(taken)} exists and was left as it is; written as ${printable(path)}`)
}

/** "attachment AID (name)", safe to print. */
export function describe(aid: unknown, name: unknown): string {
  return `attachment ${printable(String(aid))} (${visibleName(typeof name === 'string' ? name : '')})`
}
