/**
 * Codes the service answers with that the contract does not name, but that
 * the tool (and the sandbox standing in for the service) must act on.
 */
export const SERVICE_CODE = {
  /** No x-pm-appversion header, or one the service cannot read. */
  APP_VERSION_MISSING: 5001,
  /** "This version of the app is no longer supported": the service refuses the x-pm-appversion given. */
  APP_VERSION_BAD: 5003,
  /** Wrong password (SRP proof) or wrong second factor. */
  WRONG_CREDENTIALS: 8002,
  /** The service wants a person to prove they are one before it goes on. */
  HUMAN_VERIFICATION_REQUIRED: 9001,
  /** A refresh token that is unknown, already used or for another session. */
  REFRESH_TOKEN_INVALID: 10013,
  /** The human-verification token sent was not accepted: verify again (go-proton-api HumanValidationInvalidToken; python-proton-core raises ProtonAPIHumanVerificationNeeded for it). */
  HUMAN_VERIFICATION_INVALID_TOKEN: 12087,
} as const

/** The names of those codes, for error lines (go-proton-api's names where it has them). */
export const SERVICE_CODE_NAMES: Readonly<Record<number, string>> = Object.fromEntries(Object.entries(SERVICE_CODE).map(([name, code]) => [code, name]))

/** The request headers that answer a human-verification challenge. */
export const HUMAN_VERIFICATION_HEADER = {
  TOKEN: 'x-pm-human-verification-token',
  TYPE: 'x-pm-human-verification-token-type',
} as const
