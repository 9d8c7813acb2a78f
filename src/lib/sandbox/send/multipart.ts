/**
 * A multipart/form-data body taken apart (POST /mail/v4/attachments): each
 * part's name and bytes. The body is bounded by the sandbox's MAX_BODY_BYTES
 * before it gets here.
 */
import {SandboxError} from '../api-error.ts'
import {CODE} from '../../contract/contract.ts'

export function formParts(contentType: string | undefined, body: Buffer): Map<string, Buffer> {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '')
  if (!boundary) throw new SandboxError(422, CODE.INVALID_REQUIREMENT_ERROR, 'A multipart/form-data body is required')
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`)
  const parts = new Map<string, Buffer>()
  let start = body.indexOf(delimiter)
  while (start !== -1) {
    const headStart = start + delimiter.length
    if (body.subarray(headStart, headStart + 2).toString() === '--') break
    const next = body.indexOf(delimiter, headStart)
    if (next === -1) break
    const part = body.subarray(headStart + 2, next - 2)
    const split = part.indexOf('\r\n\r\n')
    if (split !== -1) {
      const name = /name="([^"]*)"/i.exec(part.subarray(0, split).toString('utf8'))
      if (name) parts.set(name[1], part.subarray(split + 4))
    }

    start = next
  }

  return parts
}
