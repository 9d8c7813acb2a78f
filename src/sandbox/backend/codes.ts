/**
 * Response codes the sandbox answers with that the contract does not name
 * (auth and request-shape codes the service uses); the contract's own come
 * from src/lib/contract/contract.ts.
 */
import {API_CODES} from '../../lib/contract/contract.ts'
import {SERVICE_CODE} from '../../lib/contract/service-codes.ts'

/** A code the contract names, by its name (CODE carries only the ones the tool acts on). */
function contractCode(name: (typeof API_CODES)[keyof typeof API_CODES]): number {
  return Number(Object.entries(API_CODES).find(([, value]) => value === name)?.[0])
}

export const SANDBOX_CODE = {
  NOT_ALLOWED: contractCode('NOT_ALLOWED_ERROR'),
  APP_VERSION_MISSING: SERVICE_CODE.APP_VERSION_MISSING,
  APP_VERSION_BAD: SERVICE_CODE.APP_VERSION_BAD,
  WRONG_CREDENTIALS: SERVICE_CODE.WRONG_CREDENTIALS,
  HUMAN_VERIFICATION_REQUIRED: SERVICE_CODE.HUMAN_VERIFICATION_REQUIRED,
  HUMAN_VERIFICATION_INVALID_TOKEN: SERVICE_CODE.HUMAN_VERIFICATION_INVALID_TOKEN,
  REFRESH_TOKEN_INVALID: SERVICE_CODE.REFRESH_TOKEN_INVALID,
  /** The envelope Code of a 401: the same number as the HTTP status. */
  UNAUTHORIZED: 401,
  /** Envelope Codes of the injected 429 and 5xx faults. */
  TOO_MANY_REQUESTS: 2028,
  UNAVAILABLE: 503,
  INTERNAL: 500,
} as const
