/**
 * The HTTP client @protontech/drive-sdk sends through (ProtonDriveHTTPClient,
 * src/interface/httpClient.ts), built on the project's own (http/client.ts):
 *
 * - fetchJson: the SDK's path, wherever its base URL says, goes to the
 *   session's own API URL with the session's headers, through
 *   Invocation.request (refresh on 401, retries, --timeout, --verbose
 *   redaction, the held-answer bound);
 * - fetchBlob: a block's storage URL, as the service gave it (https://, or
 *   http:// on loopback only), with its pm-storage-token and never the
 *   session's credentials; a block is at most 4 MiB (the SDK's
 *   FILE_CHUNK_SIZE), so each is held whole, within BLOCK_BOUND.
 *
 * A failure of ours (timeout, network, Ctrl-C, a bound) is kept and thrown
 * again at once on any later call: the SDK retries a throwing request once
 * (src/internal/apiService/apiService.ts fetch), and the command reports the
 * first failure, not the SDK's wrapping of it.
 *
 * The SDK creates a volume when GET drive/v2/shares/my-files finds none
 * (src/internal/shares/manager.ts getRootIDs): POST drive/volumes is refused
 * here unless the command is `drive init`.
 */
import type {ProtonDriveHTTPClient, ProtonDriveHTTPClientBlobRequest, ProtonDriveHTTPClientJsonRequest} from '@protontech/drive-sdk'

import {buildRequestUrl, isLoopbackHost} from '../http/api-url.ts'
import {type ApiRequest, collectBody, createTransport, type Received, sendTo} from '../http/client.ts'
import {collect} from '../core/collect-garbage.ts'
import {CliFailure, TimeoutFailure, unavailableError, usageError} from '../core/errors.ts'
import {formBody} from './form-body.ts'
import {LightHeaders, LightResponse} from './light-response.ts'
import type {Invocation} from '../run/invocation.ts'
import type {ActiveSession} from '../session/session.ts'

/** The host the SDK is told its API is on: only the path of what it asks for is used. */
export const SDK_BASE_HOST = 'drive-sdk.invalid'

/** A block is at most 4 MiB of data (SDK src/internal/upload/blockVerifier.ts, FILE_CHUNK_SIZE) plus its OpenPGP framing. */
export const BLOCK_BOUND = 8 * 1024 ** 2

/**
 * Block requests in flight at once. The SDK would have ten downloads (src/internal/download/fileDownloader.ts
 * MAX_DOWNLOAD_BLOCK_SIZE) and five uploads in flight, each a 4 MiB block held in memory, twice once decrypted:
 * queued here, the rest wait with no data, so memory stays the same for 8 MiB and 1 GiB.
 */
export const BLOCKS_IN_FLIGHT = 2

/**
 * Pages one listing (a folder's children, the trash) may take. The SDK follows a folder's children for as long as
 * the service says More with an AnchorID (src/internal/nodes/apiService.ts iterateChildrenNodeUids), and the trash
 * until a page comes back empty (iterateTrashedNodeUids): a service that always has more would be followed for
 * ever. A listing also ends at --timeout from its first page (each request has its own --timeout too).
 */
export const MAX_LISTING_PAGES = 1000

/** The paths of those listings: a folder's children (its first page without AnchorID), the trash (Page=0 first). */
const LISTING_PATH = /^\/drive\/(?:v2\/volumes\/[^/]+\/folders\/[^/]+\/children|volumes\/[^/]+\/trash)$/

/** Headers of the SDK's that say who is asking; the project's client sets Accept and Content-Type itself. */
const PASSED_HEADERS = ['language', 'x-pm-drive-sdk-version']

/** The missing-volume line every command but `drive init` ends with. */
export class DriveSetupMissing extends CliFailure {}

function passed(headers: Headers): Record<string, string> {
  const kept: Record<string, string> = {}
  for (const name of PASSED_HEADERS) {
    const value = headers.get(name)
    if (value !== null) kept[name] = value
  }

  return kept
}

/** The answer as the SDK reads it: a LightResponse, so that no answer loads undici. */
function asResponse({body, headers, statusCode}: Received<Buffer>): Response {
  const kept = new LightHeaders()
  for (const name of ['content-type', 'retry-after']) {
    const value = headers[name]
    if (typeof value === 'string') kept.set(name, value)
  }

  const empty = statusCode === 204 || statusCode === 304
  // A view of the received bytes, not a copy: a block is 4 MiB.
  return new LightResponse(empty ? null : new Uint8Array(body.buffer, body.byteOffset, body.length), {headers: kept, status: statusCode}) as unknown as Response
}

/** A storage URL the service gave: https, or http to this machine only. */
function storageUrl(text: string): URL {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw unavailableError(`the service gave a block URL that is not a URL`)
  }

  if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname))) return url
  throw unavailableError(`the service gave a block URL on ${url.origin}: only https:// (or http:// on loopback) is used`)
}

export interface DriveHttpOptions {
  /** Whether POST drive/volumes may be sent: `drive init` only. */
  createVolume?: boolean
  /** What the command tells the user to run to create My Files (`proton drive init`). */
  initCommand: string
  /** Answers already in hand, by path, each given to the SDK once instead of being sent again. */
  preset?: Record<string, Received<Buffer>>
}

export class DriveHttp implements ProtonDriveHTTPClient {
  /** The first failure of ours: thrown again by every later call, and reported by the command. */
  failure?: Error

  /** Block requests waiting for a place among BLOCKS_IN_FLIGHT, first come first served. */
  private readonly waiting: Array<() => void> = []
  private inFlight = 0
  /** The listings under way, by path: pages asked for, and when the listing must be complete. */
  private readonly listings = new Map<string, {pages: number; deadline: number}>()

  private readonly invocation: Invocation
  private readonly session: ActiveSession
  private readonly options: DriveHttpOptions

  constructor(invocation: Invocation, session: ActiveSession, options: DriveHttpOptions) {
    this.invocation = invocation
    this.session = session
    this.options = options
  }

  async fetchJson(request: ProtonDriveHTTPClientJsonRequest): Promise<Response> {
    return this.guard(async () => {
      const sdkUrl = new URL(request.url)
      const path = `/${sdkUrl.pathname.replace(/^\/+/, '')}`
      if (request.method.toUpperCase() === 'POST' && path === '/drive/volumes' && !this.options.createVolume) {
        throw new DriveSetupMissing(`My Files is missing on this account: run "${this.options.initCommand}" to create it`)
      }

      const preset = request.method.toUpperCase() === 'GET' && sdkUrl.search === '' ? this.options.preset?.[path] : undefined
      if (preset) {
        delete this.options.preset?.[path]
        return asResponse(preset)
      }

      if (request.method.toUpperCase() === 'GET' && LISTING_PATH.test(path)) this.listingPage(path, sdkUrl.searchParams)
      const url = buildRequestUrl(this.session.apiUrl, path, [...sdkUrl.searchParams])
      const body = request.json === undefined ? undefined : Buffer.from(JSON.stringify(request.json))
      const response = await this.invocation.request(this.session, {body, headers: passed(request.headers), method: request.method.toUpperCase(), url})
      return asResponse(response)
    })
  }

  /** Another page of a listing: past MAX_LISTING_PAGES, or past its --timeout, the listing ends (exit 5). */
  private listingPage(path: string, query: URLSearchParams): void {
    const first = !query.has('AnchorID') && (query.get('Page') ?? '0') === '0'
    const {timeout} = this.invocation.flags
    const listing = (first ? undefined : this.listings.get(path)) ?? {deadline: Date.now() + timeout * 1000, pages: 0}
    this.listings.set(path, listing)
    listing.pages++
    const what = path.endsWith('/trash') ? 'the trash' : "a folder's children"
    if (listing.pages > MAX_LISTING_PAGES) throw unavailableError(`the service still had more of ${what} after ${MAX_LISTING_PAGES} pages: stopped; nothing printed`)
    if (Date.now() > listing.deadline) throw new TimeoutFailure(`the listing of ${what} was not complete within ${timeout} s (timeout; see --timeout); nothing printed`)
  }

  async fetchBlob(request: ProtonDriveHTTPClientBlobRequest): Promise<Response> {
    if (this.inFlight >= BLOCKS_IN_FLIGHT) await new Promise<void>((resolve) => this.waiting.push(resolve))
    this.inFlight++
    try {
      return await this.sendBlob(request)
    } finally {
      this.inFlight--
      this.waiting.shift()?.()
    }
  }

  private async sendBlob(request: ProtonDriveHTTPClientBlobRequest): Promise<Response> {
    return this.guard(async () => {
      const url = storageUrl(request.url)
      const headers: Record<string, string> = {...passed(request.headers)}
      const token = request.headers.get('pm-storage-token')
      if (token !== null) headers['pm-storage-token'] = token
      let body: ApiRequest['body']
      // FormData is looked at only when there is a body: the global's first touch loads undici (light-response.ts).
      const form = request.body !== undefined && request.body !== null && request.body instanceof FormData ? request.body : undefined
      if (form) {
        // The SDK posts a block as multipart form data (field Block): streamed from the block's Blob (form-body.ts).
        const framed = formBody(form)
        body = framed.open
        headers['content-type'] = framed.contentType
        headers['content-length'] = String(framed.length)
        // The copies made of the block so far (encrypted, verified, hashed) freed before it is sent (collect-garbage.ts).
        collect()
      } else if (request.body !== undefined && request.body !== null) {
        // Any other body the SDK's type allows (it sends none): as the platform encodes it.
        body = request.body instanceof URLSearchParams ? Buffer.from(String(request.body)) : Buffer.from(await new LightResponse(request.body).arrayBuffer())
      }

      const transport = this.invocation.transport(this.session)
      const client = createTransport(transport)
      const sent: ApiRequest = {body, headers, method: request.method.toUpperCase(), url}
      const response = await sendTo(client, sent, collectBody, {...transport, maxBytes: BLOCK_BOUND, maxBytesName: `a block's bound (${BLOCK_BOUND / 1024 ** 2} MiB)`})
      // The block's own size (not the form's framing): the SDK adds these up into the file's progress.
      const block = form ? form.get('Block') : null
      if (block instanceof Blob && response.statusCode < 300) request.onProgress?.(block.size)
      return asResponse(response)
    })
  }

  private async guard(send: () => Promise<Response>): Promise<Response> {
    if (this.failure) throw this.failure
    try {
      return await send()
    } catch (error) {
      this.failure = error instanceof Error ? error : usageError(String(error))
      throw this.failure
    }
  }
}
