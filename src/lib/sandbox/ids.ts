/** Identifiers shaped like the service's: 64 random bytes in URL-safe base64 with its padding. */
import {randomBytes} from 'node:crypto'

export function newId(): string {
  return `${randomBytes(64).toString('base64url')}==`
}

/** An opaque secret token (access and refresh tokens, SRP sessions). */
export function newToken(): string {
  return randomBytes(16).toString('hex')
}
