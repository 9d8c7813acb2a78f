/** A refusal the sandbox answers as a JSON envelope: HTTP status, Code and Error text. */
export class SandboxError extends Error {
  readonly status: number
  readonly code: number
  readonly headers: Record<string, string>

  constructor(status: number, code: number, message: string, headers: Record<string, string> = {}) {
    super(message)
    this.name = 'SandboxError'
    this.status = status
    this.code = code
    this.headers = headers
  }
}
