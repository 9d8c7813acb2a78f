/**
 * The service's enumerations and named codes, exactly as the contract (the
 * service description this project was specified against; docs/development.md,
 * "Where the official clients override the contract") lists them. One module,
 * so every command decodes a value the same way.
 */

/** A value → name table. */
export type Enumeration = Readonly<Record<number, string>>

export const API_CODES = {
  1000: 'SINGLE_SUCCESS',
  1001: 'GLOBAL_SUCCESS',
  2000: 'INVALID_REQUIREMENT_ERROR',
  2001: 'INVALID_LINK_TYPE',
  2011: 'NOT_ALLOWED_ERROR',
  2023: 'TOO_SHORT',
  2024: 'TOO_LARGE',
  2027: 'OAUTH_INSUFFICIENT_SCOPES',
  2061: 'INVALID_ID_ERROR',
  2500: 'ALREADY_EXISTS_ERROR',
  2501: 'NOT_FOUND_ERROR',
  2900: 'IMAP_CONNECTION_ERROR',
  2901: 'AUTHENTICATION_ERROR',
  2902: 'BANDWIDTH_LIMIT',
  10300: 'AUTH_DEVICE_NOT_FOUND',
  10301: 'AUTH_DEVICE_NOT_ACTIVE',
  10302: 'AUTH_DEVICE_TOKEN_INVALID',
  10303: 'AUTH_DEVICE_REJECTED',
  250000: 'CommitIdOutOfSync',
  250004: 'NeedsReadonlyMode',
} as const satisfies Enumeration

/** Named codes the tool itself acts on. */
export const CODE = {
  SINGLE_SUCCESS: 1000,
  GLOBAL_SUCCESS: 1001,
  INVALID_REQUIREMENT_ERROR: 2000,
  INVALID_ID_ERROR: 2061,
  ALREADY_EXISTS_ERROR: 2500,
  NOT_FOUND_ERROR: 2501,
} as const

export const SUCCESS_CODES: ReadonlySet<number> = new Set([CODE.SINGLE_SUCCESS, CODE.GLOBAL_SUCCESS])

export const HTTP_STATUS = {
  200: 'OK',
  204: 'NO_CONTENT',
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  422: 'UNPROCESSABLE_ENTITY',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
} as const satisfies Enumeration

export const LABEL_TYPE = {
  1: 'MESSAGE_LABEL',
  2: 'CONTACT_GROUP',
  3: 'MESSAGE_FOLDER',
  4: 'SYSTEM_FOLDER',
} as const satisfies Enumeration

export const MAILBOX_LABEL_IDS = {
  0: 'INBOX',
  1: 'ALL_DRAFTS',
  2: 'ALL_SENT',
  3: 'TRASH',
  4: 'SPAM',
  5: 'ALL_MAIL',
  6: 'ARCHIVE',
  7: 'SENT',
  8: 'DRAFTS',
  9: 'OUTBOX',
  10: 'STARRED',
  12: 'SCHEDULED',
  15: 'ALMOST_ALL_MAIL',
  16: 'SNOOZED',
  20: 'CATEGORY_SOCIAL',
  21: 'CATEGORY_PROMOTIONS',
  22: 'CATEGORY_UPDATES',
  24: 'CATEGORY_DEFAULT',
  25: 'CATEGORY_NEWSLETTERS',
  26: 'CATEGORY_TRANSACTIONS',
  40: 'SOFT_DELETED',
} as const satisfies Enumeration

export const CALENDAR_TYPE = {0: 'PERSONAL', 1: 'SUBSCRIPTION', 2: 'HOLIDAYS'} as const satisfies Enumeration
export const CALENDAR_DISPLAY = {0: 'HIDDEN', 1: 'VISIBLE'} as const satisfies Enumeration
export const CALENDAR_STATUS = {1: 'ACTIVE', 2: 'DELETED'} as const satisfies Enumeration

/** Bit values; 0 names the empty set. */
export const CALENDAR_FLAGS = {
  0: 'INACTIVE',
  1: 'ACTIVE',
  2: 'UPDATE_PASSPHRASE',
  4: 'RESET_NEEDED',
  8: 'INCOMPLETE_SETUP',
  16: 'LOST_ACCESS',
  32: 'SELF_DISABLED',
  64: 'SUPER_OWNER_DISABLED',
} as const satisfies Enumeration

/** Bit values. */
export const CALENDAR_PERMISSIONS = {
  1: 'SUPER_OWNER',
  2: 'OWNER',
  4: 'ADMIN',
  8: 'READ_MEMBER_LIST',
  16: 'WRITE',
  32: 'READ',
  64: 'AVAILABILITY',
} as const satisfies Enumeration

export const ADDRESS_STATUS = {0: 'STATUS_DISABLED', 1: 'STATUS_ENABLED', 2: 'STATUS_DELETING'} as const satisfies Enumeration
export const ADDRESS_TYPE = {
  1: 'TYPE_ORIGINAL',
  2: 'TYPE_ALIAS',
  3: 'TYPE_CUSTOM_DOMAIN',
  4: 'TYPE_PREMIUM',
  5: 'TYPE_EXTERNAL',
  6: 'TYPE_GROUP',
} as const satisfies Enumeration
export const MEMBER_ROLE = {0: 'ORGANIZATION_NONE', 1: 'ORGANIZATION_MEMBER', 2: 'ORGANIZATION_ADMIN'} as const satisfies Enumeration
export const MEMBER_TYPE = {0: 'first-party', 1: 'MANAGED'} as const satisfies Enumeration
export const LINK_TYPE = {1: 'FOLDER', 2: 'FILE', 3: 'ALBUM'} as const satisfies Enumeration
export const MEETING_TYPE = {0: 'INSTANT', 1: 'PERSONAL', 2: 'SCHEDULED', 3: 'RECURRING', 4: 'PERMANENT'} as const satisfies Enumeration
export const CYCLE = {
  1: 'MONTHLY',
  3: 'THREE',
  6: 'SIX',
  12: 'YEARLY',
  15: 'FIFTEEN',
  18: 'EIGHTEEN',
  24: 'TWO_YEARS',
  30: 'THIRTY',
} as const satisfies Enumeration
export const INVOICE_TYPE = {
  0: 'Other',
  1: 'Subscription',
  2: 'Cancellation',
  3: 'Credit',
  4: 'Donation',
  5: 'Chargeback',
  6: 'Renewal',
  7: 'Refund',
  8: 'Modification',
  9: 'Addition',
  10: 'CurrencyConversion',
  12: 'Product',
  13: 'Manual',
} as const satisfies Enumeration
export const CLIENT_TYPES = {
  1: 'MAIL',
  2: 'VPN',
  4: 'DRIVE',
  5: 'PASS',
  6: 'WALLET',
  7: 'SPACES',
  9: 'LUMO',
  10: 'AUTHENTICATOR',
  11: 'MEET',
} as const satisfies Enumeration

export const INVOICE_STATE = {0: 'Unpaid', 1: 'Paid', 2: 'Void', 3: 'Billed', 4: 'Writeoff'} as const satisfies Enumeration
export const API_IMPORTER_STATE = {
  0: 'QUEUED',
  1: 'RUNNING',
  2: 'DONE',
  3: 'FAILED',
  4: 'PAUSED',
  5: 'CANCELED',
  6: 'DELAYED',
} as const satisfies Enumeration
export const LINK_STATE = {0: 'DRAFT', 1: 'ACTIVE', 2: 'TRASHED'} as const satisfies Enumeration
export const MEMBER_STATE = {0: 'STATUS_DISABLED', 1: 'STATUS_ENABLED', 2: 'STATUS_INVITED'} as const satisfies Enumeration
export const MEETING_STATE = {0: 'DELETED', 1: 'ACTIVE'} as const satisfies Enumeration
export const PAYMENT_TOKEN_STATUS = {
  0: 'PENDING',
  1: 'CHARGEABLE',
  2: 'FAILED',
  3: 'CONSUMED',
  4: 'NOT_SUPPORTED',
} as const satisfies Enumeration
export const REFERRAL_STATE = {0: 'INVITED', 1: 'SIGNED_UP', 2: 'TRIAL', 3: 'COMPLETED', 4: 'REWARDED'} as const satisfies Enumeration
export const FORWARDING_STATE = {0: 'Pending', 1: 'Active', 2: 'Outdated', 3: 'Paused', 4: 'Rejected'} as const satisfies Enumeration
export const ORGANIZATION_STATE = {0: 'DISABLED', 1: 'ACTIVE', 2: 'DELINQUENT'} as const satisfies Enumeration
export const AUTH_DEVICE_STATE = {
  0: 'Inactive',
  1: 'Active',
  2: 'PendingActivation',
  3: 'PendingAdminActivation',
  4: 'Rejected',
  5: 'NoSession',
} as const satisfies Enumeration

export const SESSION_SOURCE = {0: 'Proton-native', 1: 'Saml', 2: 'Oauth', 3: 'Msp'} as const satisfies Enumeration
/** Bit values of a user's `2FA.Enabled`. */
export const SETTINGS_2FA_ENABLED = {1: 'OTP', 2: 'FIDO2'} as const satisfies Enumeration
export const ORGANIZATION_TWOFA_SETTING = {
  0: 'NOT_REQUIRED',
  1: 'REQUIRED_ADMIN_ONLY',
  2: 'REQUIRED_ALL',
} as const satisfies Enumeration

export const EVENT_ACTIONS = {0: 'DELETE', 1: 'CREATE', 2: 'UPDATE', 3: 'UPDATE_FLAGS'} as const satisfies Enumeration
export const EVENT_TYPES = {0: 'DELETE', 1: 'CREATE', 2: 'UPDATE', 3: 'UPDATE_METADATA'} as const satisfies Enumeration
export const ACTION_EVENT_V6 = {0: 'Delete', 1: 'Create', 2: 'Update'} as const satisfies Enumeration

/** The three headers every authenticated request carries. */
export const HEADER = {
  AUTHORIZATION: 'authorization',
  UID: 'x-pm-uid',
  APP_VERSION: 'x-pm-appversion',
} as const

export const DEFAULT_API_URL = 'https://mail.proton.me/api'

/** The name of a value in an enumeration, or undefined when it has none. */
export function nameOf(enumeration: Enumeration, value: number): string | undefined {
  return Object.hasOwn(enumeration, value) ? enumeration[value] : undefined
}

/** Every set bit of a bit-set value by name; unnamed bits as numbers. */
export function bitNames(enumeration: Enumeration, value: number): string[] {
  if (value === 0) return nameOf(enumeration, 0) === undefined ? [] : [enumeration[0]]
  const names: string[] = []
  for (let bit = 1; bit <= value && bit <= 2 ** 30; bit *= 2) {
    if ((value & bit) !== 0) names.push(nameOf(enumeration, bit) ?? String(bit))
  }

  return names
}
