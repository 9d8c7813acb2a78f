/**
 * What `mail send` checks before anything is sent: each address well formed,
 * at least one recipient, the body from one place, every attachment a
 * readable regular file within the service's size limit.
 */
import {open, readFile, stat} from 'node:fs/promises'
import {basename} from 'node:path'

import {readAll} from '../core/stdin.ts'
import {usageError} from '../core/errors.ts'
import {escapeLine} from '../core/escape.ts'

/** An address as the service takes one: local@domain.tld, no spaces, quotes or angle brackets (RFC 5321's 254 at most). */
const ADDRESS = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]+$/u

export interface Recipients {
  to: string[]
  cc: string[]
  bcc: string[]
}

/** Each address checked (one line naming the first bad one); none at all is refused. Repeated ones are kept once. */
export function checkRecipients({bcc, cc, to}: Recipients): Recipients {
  const seen = new Set<string>()
  const check = (flag: string) => (address: string) => {
    const trimmed = address.trim()
    if (trimmed.length > 254 || !ADDRESS.test(trimmed)) throw usageError(`${flag}: "${escapeLine(address)}" is not an email address`)
    return trimmed
  }
  const unique = (addresses: string[]) =>
    addresses.filter((address) => {
      const key = address.toLowerCase()
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
  const result = {bcc: [] as string[], cc: [] as string[], to: unique(to.map(check('--to')))}
  result.cc = unique(cc.map(check('--cc')))
  result.bcc = unique(bcc.map(check('--bcc')))
  if (result.to.length + result.cc.length + result.bcc.length === 0) throw usageError('no recipient: give --to, --cc or --bcc')
  return result
}

export interface BodySource {
  body?: string
  bodyFile?: string
  stdin: NodeJS.ReadableStream & {isTTY?: boolean}
}

/**
 * The body: --body, --body-file (`-`: standard input, as everywhere; a file of that name is `./-`), else standard
 * input when it is not a terminal; never two of them.
 */
export async function readBody({body, bodyFile, stdin}: BodySource): Promise<string> {
  if (body !== undefined && bodyFile !== undefined) throw usageError('--body and --body-file: give one of them')
  if (body !== undefined) return body
  if (bodyFile === '-') return (await readAll(stdin)).toString('utf8')
  if (bodyFile !== undefined) {
    try {
      return await readFile(bodyFile, 'utf8')
    } catch (error) {
      throw usageError(`--body-file ${escapeLine(bodyFile)}: cannot read it (${(error as NodeJS.ErrnoException).code ?? String(error)})`)
    }
  }

  if (stdin.isTTY) throw usageError('no body: give --body or --body-file, or pipe it on standard input')
  return (await readAll(stdin)).toString('utf8')
}

export interface AttachmentFile {
  path: string
  name: string
  size: number
}

/** Every attachment a regular file that can be opened, each and all together within `maxBytes` (the user's MaxUpload). */
export async function checkAttachments(paths: string[], maxBytes: number): Promise<AttachmentFile[]> {
  const files: AttachmentFile[] = []
  for (const path of paths) {
    try {
      const info = await stat(path)
      if (!info.isFile()) throw usageError(`--attach ${escapeLine(path)}: not a regular file`)
      await (await open(path)).close()
      files.push({name: basename(path), path, size: info.size})
    } catch (error) {
      if (error instanceof Error && 'exitStatus' in error) throw error
      throw usageError(`--attach ${escapeLine(path)}: cannot read it (${(error as NodeJS.ErrnoException).code ?? String(error)})`)
    }
  }

  const total = files.reduce((sum, file) => sum + file.size, 0)
  const over = files.find((file) => file.size > maxBytes)
  if (over) throw usageError(`--attach ${escapeLine(over.path)}: ${over.size} bytes, over the service's limit of ${maxBytes} bytes`)
  if (total > maxBytes) throw usageError(`--attach: ${total} bytes in all, over the service's limit of ${maxBytes} bytes`)
  return files
}
