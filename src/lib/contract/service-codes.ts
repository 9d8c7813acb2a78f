/**
 * Codes the service answers with that the contract does not name, but that
 * the tool (and the sandbox standing in for the service) must act on.
 */
export const SERVICE_CODE = {
  /** Missing or bad x-pm-appversion. */
  APP_VERSION_BAD: 5001,
  /** Wrong password (SRP proof) or wrong second factor. */
  WRONG_CREDENTIALS: 8002,
  /** The service wants a person to prove they are one before it goes on. */
  HUMAN_VERIFICATION_REQUIRED: 9001,
  /** A refresh token that is unknown, already used or for another session. */
  REFRESH_TOKEN_INVALID: 10013,
} as const

/** The request headers that answer a human-verification challenge. */
export const HUMAN_VERIFICATION_HEADER = {
  TOKEN: 'x-pm-human-verification-token',
  TYPE: 'x-pm-human-verification-token-type',
} as const
