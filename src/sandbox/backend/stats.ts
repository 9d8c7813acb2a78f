/**
 * What tests read back: every API request the sandbox received (method,
 * path, query, status, the session's UID and the app version it announced;
 * never a token or another header) and the refresh counts.
 */
export interface LoggedRequest {
  Method: string
  Path: string
  Query: string
  /** The HTTP status answered; 0 for a dropped connection. */
  Status: number
  /** The session the request named in x-pm-uid, if any. */
  UID?: string
  /** What x-pm-appversion said, if anything. */
  AppVersion?: string
  Time: string
}

/** Older entries go first past this many, so memory stays bounded. */
export const LOG_LIMIT = 5000

export class SandboxStats {
  requests: LoggedRequest[] = []
  /** Refreshes that rotated tokens. */
  refreshes = 0
  /** Refreshes refused (unknown, used or mismatched refresh token, bad body). */
  refreshesRefused = 0

  log(entry: LoggedRequest): void {
    this.requests.push(entry)
    if (this.requests.length > LOG_LIMIT) this.requests.splice(0, this.requests.length - LOG_LIMIT)
  }

  reset(): void {
    this.requests = []
    this.refreshes = 0
    this.refreshesRefused = 0
  }

  toJSON(): Record<string, unknown> {
    return {Refreshes: this.refreshes, RefreshesRefused: this.refreshesRefused, Requests: this.requests}
  }
}
