/**
 * An ID as one path segment, the way the official clients write it into
 * their URLs (WebClients `mail/v4/filters/${filterID}`, go-proton-api
 * "/core/v4/addresses/" + addressID): the service's base64url IDs as they
 * are, `=` padding included; anything that would change the path (`/`,
 * `?`, `#`, `%`, spaces, non-ASCII) percent-encoded.
 *
 * Before that, pathId refuses what is no ID at all: the URL parser resolves
 * "." and ".." (`calendar delete ..` would send DELETE /calendar/), a
 * separator or a percent-encoded one (%2F, %5C, %2E …) reads as a path to
 * some servers and proxies, and a control character is no ID either.
 */
import {escapeLine} from '../core/escape.ts'
import {usageError} from '../core/errors.ts'

export function idSegment(id: string): string {
  return encodeURIComponent(id).replaceAll('%3D', '=')
}

/** What is no ID, and why. */
const NOT_IDS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\p{Cc}/u, 'it holds a control character'],
  [/^\.{1,2}$/, '"." and ".." name a directory, not an item'],
  [/[/\\]/, 'it holds a path separator'],
  [/%[0-9A-Fa-f]{2}/, 'it is percent-encoded (give the ID as the service writes it)'],
]

/** Why `id` cannot stand as one path segment ("must not be empty", "\"..\" is refused: …"), or undefined when it can. */
export function idProblem(id: string): string | undefined {
  if (id.trim() === '') return 'must not be empty'
  const why = NOT_IDS.find(([pattern]) => pattern.test(id))?.[1]
  return why === undefined ? undefined : `"${escapeLine(id)}" is refused: ${why}`
}

/** The ID as one path segment; `what` ("a calendar ID") names it in the usage error (exit 1, one line) when it is none. */
export function pathId(id: string, what: string): string {
  const problem = idProblem(id)
  if (problem !== undefined) throw usageError(`${what} ${problem}`)
  return idSegment(id)
}
