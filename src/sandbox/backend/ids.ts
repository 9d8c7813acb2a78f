/**
 * Identifiers shaped like the service's: 64 random bytes in URL-safe base64 with its padding. One in 64 of
 * those begins with "-", which a command line takes for a flag unless it comes after "--" (docs/commands-guide.md,
 * "What they share"); the sandbox draws again rather than make its examples and tests fail at random.
 */
import {randomBytes} from 'node:crypto'

export function newId(): string {
  for (;;) {
    const id = `${randomBytes(64).toString('base64url')}==`
    if (!id.startsWith('-')) return id
  }
}

/** An opaque secret token (access and refresh tokens, SRP sessions). */
export function newToken(): string {
  return randomBytes(16).toString('hex')
}
