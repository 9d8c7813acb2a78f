/**
 * A multipart/form-data body taken apart (POST /mail/v4/attachments, drive block uploads): each part's name and
 * bytes. RFC 2046 5.1.1: a delimiter is CRLF "--" boundary at the start of a line (the body may begin with it
 * bare), transport padding may follow it; RFC 7578 4.2: the part's name is the `name` parameter of its
 * Content-Disposition (not `filename`'s), quoted or a token. The body is bounded by the sandbox's MAX_BODY_BYTES
 * before it gets here.
 */
import {SandboxError} from './api-error.ts'
import {CODE} from '../../lib/contract/contract.ts'

const DISPOSITION_NAME = /;\s*name\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s;"]+))/i

/** The name parameter of a part's Content-Disposition header, if it has one. */
function partName(head: string): string | undefined {
  const disposition = head.split('\r\n').find((line) => /^content-disposition\s*:/i.test(line))
  const match = disposition === undefined ? null : DISPOSITION_NAME.exec(disposition)
  if (!match) return undefined
  return match[1] === undefined ? match[2] : match[1].replaceAll(/\\(.)/g, '$1')
}

export function formParts(contentType: string | undefined, body: Buffer): Map<string, Buffer> {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '')
  if (!boundary) throw new SandboxError(422, CODE.INVALID_REQUIREMENT_ERROR, 'A multipart/form-data body is required')
  const dashed = Buffer.from(`--${boundary[1] ?? boundary[2]}`)
  const delimiter = Buffer.concat([Buffer.from('\r\n'), dashed])
  const parts = new Map<string, Buffer>()
  const opening = body.subarray(0, dashed.length).equals(dashed) ? 0 : body.indexOf(delimiter)
  let at = opening === -1 ? -1 : opening + (opening === 0 ? dashed.length : delimiter.length)
  while (at !== -1 && body.subarray(at, at + 2).toString('latin1') !== '--') {
    const lineEnd = body.indexOf('\r\n', at)
    if (lineEnd === -1 || !/^[ \t]*$/.test(body.subarray(at, lineEnd).toString('latin1'))) break
    const next = body.indexOf(delimiter, lineEnd)
    if (next === -1) break
    const part = body.subarray(lineEnd + 2, next)
    const split = part.indexOf('\r\n\r\n')
    const name = split === -1 ? undefined : partName(part.subarray(0, split).toString('utf8'))
    if (name !== undefined) parts.set(name, part.subarray(split + 4))
    at = next + delimiter.length
  }

  return parts
}
