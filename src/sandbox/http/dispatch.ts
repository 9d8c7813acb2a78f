/**
 * One request, answered: read (bounded), the controls (behind their secret), faults, the x-pm-appversion rule, then
 * the API's routes; always a JSON envelope, whatever the input, except for the faults that exist to break that rule.
 */
import type {IncomingMessage, ServerResponse} from 'node:http'

import {CODE, HEADER} from '../../lib/contract/contract.ts'
import {SandboxError} from '../backend/api-error.ts'
import {SANDBOX_CODE} from '../backend/codes.ts'
import {isDrivePath} from '../backend/drive-recorder.ts'
import type {LoggedRequest} from '../backend/stats.ts'
import {CONTROL_PREFIX, controlRoutes} from '../handlers/control.ts'
import {STORAGE_MAX_BODY_BYTES, STORAGE_PATH} from '../handlers/drive/transfers.ts'
import {VERIFY_PATH} from '../handlers/verification.ts'
import {answerFault} from './fault-answers.ts'
import {ATTACHMENT_MAX_BODY_BYTES, ATTACHMENTS_PATH, DRAIN_LIMIT_BYTES, envelope, header, MAX_BODY_BYTES, readBody, writeAnswer, writeJson} from './http-io.ts'
import {apiRoutes} from './router.ts'
import {callRoute, checkControlSecret} from './routing.ts'
import type {SandboxOptions, Services} from './services.ts'

export function requestHandler({auth, controlSecret, faults, forks, keyPassword, state, stats, verifications}: Services, options: SandboxOptions, clock: () => number) {
  const maxBodyBytes = options.maxBodyBytes ?? MAX_BODY_BYTES
  const api = apiRoutes(state, auth, forks, verifications)
  const control = controlRoutes(stats, faults, auth, state, {forks, keyPassword, verifications})

  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const method = (request.method ?? 'GET').toUpperCase()
    let url: URL
    try {
      url = new URL(request.url ?? '/', 'http://sandbox.invalid')
    } catch {
      url = new URL('http://sandbox.invalid/')
    }

    // An attachment's upload carries up to the account's MaxUpload (25 MiB) of data, a drive block up to 4 MiB and its
    // encryption: their own bounds, above the API's.
    const storage = url.pathname === STORAGE_PATH
    const bodyLimit = url.pathname === ATTACHMENTS_PATH ? Math.max(maxBodyBytes, ATTACHMENT_MAX_BODY_BYTES) : storage ? Math.max(maxBodyBytes, STORAGE_MAX_BODY_BYTES) : maxBodyBytes
    const body = await readBody(request, bodyLimit)
    const entry: LoggedRequest = {
      Method: method,
      Path: url.pathname,
      Query: url.search.slice(1),
      Status: 0,
      Time: new Date(clock()).toISOString(),
      UID: header(request, HEADER.UID),
      AppVersion: header(request, HEADER.APP_VERSION),
    }
    let truncate = false
    try {
      if (!body.complete && body.size > DRAIN_LIMIT_BYTES) response.setHeader('connection', 'close')
      if (body.size > bodyLimit) throw new SandboxError(413, CODE.INVALID_REQUIREMENT_ERROR, `The body is larger than ${bodyLimit} bytes`)
      if (url.pathname.startsWith(CONTROL_PREFIX)) {
        // The verification page is opened by a person's browser, which has no secret; it can only mark a challenge solved.
        if (url.pathname !== VERIFY_PATH) checkControlSecret(request, controlSecret)
        writeAnswer(response, await callRoute(auth, control, method, url, request, body.bytes))
        return
      }

      stats.log(entry)
      const plan = faults.plan(method, url.pathname)
      if (plan.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, plan.delayMs).unref())
      if (plan.rule && answerFault(plan.rule, request, response, entry, verifications)) return
      truncate = plan.rule?.Kind === 'truncate'
      if (isDrivePath(url.pathname)) state.drive.requests.record(method, url.pathname, body.bytes)
      // The storage server authenticates by its token alone (WebClients sends blocks without the app version).
      if (!header(request, HEADER.APP_VERSION) && !storage) {
        throw new SandboxError(400, SANDBOX_CODE.APP_VERSION_MISSING, `The ${HEADER.APP_VERSION} header is required`)
      }

      const answer = await callRoute(auth, api, method, url, request, body.bytes)
      entry.Status = 200
      writeAnswer(response, answer, truncate)
    } catch (error) {
      if (error instanceof SandboxError) {
        entry.Status = error.status
        writeJson(response, error.status, envelope(error), error.headers, truncate)
        return
      }

      options.onError?.(error, method, url.pathname)
      entry.Status = 500
      writeJson(response, 500, {Code: SANDBOX_CODE.INTERNAL, Error: 'Internal sandbox error'})
    }
  }
}
