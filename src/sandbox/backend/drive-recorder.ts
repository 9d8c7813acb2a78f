/**
 * The drive request recorder: the raw body of every request to /drive/… and to the block storage, in order, so a
 * test can prove that no body carries a file's content or name in clear (GET /__sandbox/drive/requests). Bounded:
 * past MAX_RECORDED_BYTES of bodies the oldest go first, and `dropped` counts them.
 */
const MAX_RECORDED_BYTES = 64 * 1024 * 1024

export interface RecordedRequest {
  Method: string
  Path: string
  body: Buffer
}

export class RequestRecorder {
  requests: RecordedRequest[] = []
  dropped = 0
  private bytes = 0

  record(method: string, path: string, body: Buffer): void {
    this.requests.push({body, Method: method, Path: path})
    this.bytes += body.length
    while (this.bytes > MAX_RECORDED_BYTES && this.requests.length > 0) {
      this.bytes -= this.requests.shift()?.body.length ?? 0
      this.dropped += 1
    }
  }

  clear(): void {
    this.requests = []
    this.dropped = 0
    this.bytes = 0
  }

  toJSON(): Record<string, unknown> {
    return {Dropped: this.dropped, Requests: this.requests.map(({body, Method, Path}) => ({Body: body.toString('base64'), Method, Path}))}
  }
}

/** The requests recorded: the drive API's and the block storage's. */
export function isDrivePath(path: string): boolean {
  return /^\/{1,2}(drive|storage)\//.test(path)
}
