/**
 * An ID as one path segment, the way the official clients write it into
 * their URLs (WebClients `mail/v4/filters/${filterID}`, go-proton-api
 * "/core/v4/addresses/" + addressID): the service's base64url IDs as they
 * are, `=` padding included; anything that would change the path (`/`,
 * `?`, `#`, `%`, spaces, non-ASCII) percent-encoded.
 */
export function idSegment(id: string): string {
  return encodeURIComponent(id).replaceAll('%3D', '=')
}
