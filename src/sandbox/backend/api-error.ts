/** A refusal the sandbox answers as a JSON envelope: HTTP status, Code and Error text. */
export class SandboxError extends Error {
  readonly status: number
  readonly code: number
  readonly headers: Record<string, string>
  /** The envelope's Details, when the service gives some (drive's ConflictLinkID of a name taken). */
  readonly details?: Record<string, unknown>

  constructor(status: number, code: number, message: string, headers: Record<string, string> = {}, details?: Record<string, unknown>) {
    super(message)
    this.name = 'SandboxError'
    this.status = status
    this.code = code
    this.headers = headers
    if (details) this.details = details
  }
}
