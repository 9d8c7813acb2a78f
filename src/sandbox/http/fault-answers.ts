/** What a fault makes of an answer: a dropped connection, an HTML 502, a 429, a 503, a verification demand, any status. */
import type {IncomingMessage, ServerResponse} from 'node:http'

import {HUMAN_VERIFICATION_HEADER} from '../../lib/contract/service-codes.ts'
import {SandboxError} from '../backend/api-error.ts'
import {SANDBOX_CODE} from '../backend/codes.ts'
import {CONTROL_PREFIX} from '../handlers/control.ts'
import type {FaultRule} from './faults.ts'
import {envelope, header, writeJson} from './http-io.ts'
import type {LoggedRequest} from '../backend/stats.ts'
import type {Verifications} from '../handlers/verification.ts'

const BAD_GATEWAY_PAGE = '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n'

function retryAfter(rule: FaultRule): Record<string, string> {
  return rule.RetryAfter === undefined ? {} : {'retry-after': String(rule.RetryAfter)}
}

/** Answer as the fault says; false when the fault only marks the answer (truncate) or is passed (a completed verification). */
export function answerFault(rule: FaultRule, request: IncomingMessage, response: ServerResponse, entry: LoggedRequest, verifications: Verifications): boolean {
  switch (rule.Kind) {
    case 'drop': {
      entry.Status = 0
      request.socket.destroy()
      return true
    }

    case 'html-502': {
      entry.Status = 502
      response.writeHead(502, {'content-length': String(Buffer.byteLength(BAD_GATEWAY_PAGE)), 'content-type': 'text/html'})
      response.end(BAD_GATEWAY_PAGE)
      return true
    }

    case 'rate-limit': {
      entry.Status = 429
      const error = new SandboxError(429, SANDBOX_CODE.TOO_MANY_REQUESTS, 'Too many recent API requests')
      writeJson(response, 429, envelope(error), retryAfter(rule))
      return true
    }

    case 'unavailable': {
      entry.Status = 503
      writeJson(response, 503, {Code: SANDBOX_CODE.UNAVAILABLE, Error: 'Service temporarily unavailable'}, retryAfter(rule))
      return true
    }

    case 'app-version': {
      // As the service answers an app version it no longer supports.
      entry.Status = 400
      writeJson(response, 400, {Code: SANDBOX_CODE.APP_VERSION_BAD, Error: 'This version of the app is no longer supported, please update to continue using the app'})
      return true
    }

    case 'human-verification': {
      // Passed by the verification headers: the token it issued, and the type of a method it offered.
      // Other headers get 12087 (verify again), as the service answers a token it does not accept.
      const token = `sandbox-hv-${rule.ID}`
      const methods = rule.Methods ?? ['captcha', 'email']
      const sentToken = header(request, HUMAN_VERIFICATION_HEADER.TOKEN)
      const sentType = header(request, HUMAN_VERIFICATION_HEADER.TYPE)
      // Lax (the default): the token issued with the type of a method offered, or the methods joined (Bridge's way).
      const offered = sentType !== undefined && sentType.split(',').every((method) => methods.includes(method))
      if (rule.Strict ? verifications.passes(sentToken, sentType, token, methods) : sentToken === token && offered) return false
      const refused = sentToken !== undefined
      entry.Status = 422
      const webUrl = rule.WebUrl === false ? {} : {WebUrl: `http://${request.headers.host ?? 'sandbox'}${CONTROL_PREFIX}verify?token=${token}`}
      writeJson(response, 422, {
        Code: refused ? SANDBOX_CODE.HUMAN_VERIFICATION_INVALID_TOKEN : SANDBOX_CODE.HUMAN_VERIFICATION_REQUIRED,
        Details: {HumanVerificationMethods: methods, HumanVerificationToken: token, ...webUrl},
        Error: refused ? 'Invalid verification token' : 'Human verification required',
      })
      return true
    }

    case 'status': {
      entry.Status = rule.Status ?? 500
      writeJson(response, entry.Status, rule.Body)
      return true
    }

    default: {
      return false
    }
  }
}
