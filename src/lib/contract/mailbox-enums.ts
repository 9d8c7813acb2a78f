/**
 * Enumerations of the mailbox commands (addresses, account and mail
 * settings, filters) whose meaning the official clients publish, with the
 * clients' own names. The contract (contract.ts) names only the address
 * ones; the rest come from:
 *
 * - WebClients packages/shared/lib/constants.ts: FILTER_STATUS, DENSITY
 *   (ADDRESS_STATUS and ADDRESS_TYPE are the contract's, the same there);
 * - WebClients packages/shared/lib/interfaces/UserSettings.ts: the
 *   SETTINGS_* enumerations and DRAWER_VISIBILITY of GET /core/v4/settings;
 * - WebClients packages/shared/lib/mail/mailSettings.ts: those of
 *   GET /mail/v4/settings;
 * - go-proton-api core_settings_type.go (SettingsBool: Telemetry,
 *   CrashReports), mail_settings_types.go (Sign) and message_send_types.go
 *   (EncryptionScheme, the same bits as PACKAGE_TYPE).
 *
 * A value a table does not list stays visible as its number.
 */
import type {Enumeration} from './contract.ts'

/** Filter Status (FILTER_STATUS). */
export const FILTER_STATUS = {0: 'DISABLED', 1: 'ENABLED'} as const satisfies Enumeration
/** The Version the web client sends for a Sieve filter (FILTER_VERSION, filters/constants.ts). */
export const SIEVE_FILTER_VERSION = 2

// GET /core/v4/settings (UserSettings).
const SETTINGS_STATUS = {0: 'UNVERIFIED', 1: 'VERIFIED', 2: 'INVALID'} as const satisfies Enumeration
const SETTINGS_PASSWORD_MODE = {1: 'ONE_PASSWORD_MODE', 2: 'TWO_PASSWORD_MODE'} as const satisfies Enumeration
const SETTINGS_LOG_AUTH_STATE = {0: 'DISABLE', 1: 'BASIC', 2: 'ADVANCED'} as const satisfies Enumeration
const SETTINGS_PROTON_SENTINEL_STATE = {0: 'DISABLED', 1: 'ENABLED'} as const satisfies Enumeration
const SETTINGS_WEEK_START = {
  0: 'LOCALE_DEFAULT',
  1: 'MONDAY',
  2: 'TUESDAY',
  3: 'WEDNESDAY',
  4: 'THURSDAY',
  5: 'FRIDAY',
  6: 'SATURDAY',
  7: 'SUNDAY',
} as const satisfies Enumeration
const SETTINGS_DATE_FORMAT = {0: 'LOCALE_DEFAULT', 1: 'DDMMYYYY', 2: 'MMDDYYYY', 3: 'YYYYMMDD'} as const satisfies Enumeration
const SETTINGS_TIME_FORMAT = {0: 'LOCALE_DEFAULT', 1: 'H24', 2: 'H12'} as const satisfies Enumeration
/** Bits of 2FA.Enabled and 2FA.Allowed (SETTINGS_2FA_ENABLED). */
const SETTINGS_2FA = {1: 'OTP', 2: 'FIDO2'} as const satisfies Enumeration
const DENSITY = {0: 'COMFORTABLE', 1: 'COMPACT'} as const satisfies Enumeration
const DRAWER_VISIBILITY = {0: 'SHOW', 1: 'HIDE'} as const satisfies Enumeration
/** go-proton-api SettingsBool. */
const SETTINGS_BOOL = {0: 'DISABLED', 1: 'ENABLED'} as const satisfies Enumeration

/** How a settings value is named: one value, or every set bit of a bit set. */
export interface Decoder {
  kind: 'bits' | 'enum'
  values: Enumeration
}

const one = (values: Enumeration): Decoder => ({kind: 'enum', values})
const bits = (values: Enumeration): Decoder => ({kind: 'bits', values})

/** GET /core/v4/settings, by the field's path (2FA.Enabled, Email.Status). */
export const USER_SETTINGS_DECODERS: Readonly<Record<string, Decoder>> = {
  '2FA.Allowed': bits(SETTINGS_2FA),
  '2FA.Enabled': bits(SETTINGS_2FA),
  CrashReports: one(SETTINGS_BOOL),
  DateFormat: one(SETTINGS_DATE_FORMAT),
  Density: one(DENSITY),
  'Email.Status': one(SETTINGS_STATUS),
  'HighSecurity.Value': one(SETTINGS_PROTON_SENTINEL_STATE),
  HideSidePanel: one(DRAWER_VISIBILITY),
  LogAuth: one(SETTINGS_LOG_AUTH_STATE),
  'Password.Mode': one(SETTINGS_PASSWORD_MODE),
  'Phone.Status': one(SETTINGS_STATUS),
  Telemetry: one(SETTINGS_BOOL),
  TimeFormat: one(SETTINGS_TIME_FORMAT),
  WeekStart: one(SETTINGS_WEEK_START),
}

// GET /mail/v4/settings (MailSettings).
const DISABLED_ENABLED = {0: 'DISABLED', 1: 'ENABLED'} as const satisfies Enumeration
const SHOW_MOVED = {0: 'NONE', 1: 'DRAFTS', 2: 'SENT', 3: 'DRAFTS_AND_SENT'} as const satisfies Enumeration
const SHOW_HIDE = {0: 'SHOW', 1: 'HIDE'} as const satisfies Enumeration
/** IMAGE_PROXY_FLAGS: 0 NONE, 3 ALL (both bits). */
const IMAGE_PROXY_FLAGS = {0: 'NONE', 1: 'INCORPORATOR', 2: 'PROXY'} as const satisfies Enumeration
const VIEW_LAYOUT = {0: 'COLUMN', 1: 'ROW'} as const satisfies Enumeration
const VIEW_MODE = {0: 'GROUP', 1: 'SINGLE'} as const satisfies Enumeration
const COMPOSER_MODE = {0: 'POPUP', 1: 'MAXIMIZED'} as const satisfies Enumeration
const MESSAGE_BUTTONS = {0: 'READ_UNREAD', 1: 'UNREAD_READ'} as const satisfies Enumeration
const CONFIRM_LINK = {0: 'DISABLED', 1: 'CONFIRM'} as const satisfies Enumeration
const PM_SIGNATURE = {0: 'DISABLED', 1: 'ENABLED', 2: 'LOCKED'} as const satisfies Enumeration
/** PACKAGE_TYPE (go-proton-api EncryptionScheme). */
const PACKAGE_TYPE = {1: 'SEND_PM', 2: 'SEND_EO', 4: 'SEND_CLEAR', 8: 'SEND_PGP_INLINE', 16: 'SEND_PGP_MIME', 32: 'SEND_CLEAR_MIME'} as const satisfies Enumeration
const DIRECTION = {0: 'LEFT_TO_RIGHT', 1: 'RIGHT_TO_LEFT'} as const satisfies Enumeration
const SPAM_ACTION = {0: 'JustSpam', 1: 'SpamAndUnsub'} as const satisfies Enumeration
const SWIPE_ACTION = {
  [-1]: 'None',
  0: 'Trash',
  1: 'Spam',
  2: 'Star',
  3: 'Archive',
  4: 'MarkAsRead',
  5: 'LabelAs',
  6: 'MoveTo',
} as const satisfies Enumeration
const NEXT_MESSAGE_ON_MOVE = {0: 'DISABLED', 1: 'DEFAULT', 2: 'ENABLED'} as const satisfies Enumeration
const BLOCK_SENDER_CONFIRMATION = {1: 'DO_NOT_ASK'} as const satisfies Enumeration
/** AutoResponder.Repeat (AutoReplyDuration, constants.ts). */
const AUTO_REPLY_DURATION = {0: 'FIXED', 1: 'DAILY', 2: 'WEEKLY', 3: 'MONTHLY', 4: 'PERMANENT'} as const satisfies Enumeration

/** GET /mail/v4/settings, by the field's path. */
export const MAIL_SETTINGS_DECODERS: Readonly<Record<string, Decoder>> = {
  AlmostAllMail: one(DISABLED_ENABLED),
  AttachPublicKey: one(DISABLED_ENABLED),
  'AutoResponder.Repeat': one(AUTO_REPLY_DURATION),
  AutoSaveContacts: one(DISABLED_ENABLED),
  BlockSenderConfirmation: one(BLOCK_SENDER_CONFIRMATION),
  ComposerMode: one(COMPOSER_MODE),
  ConfirmLink: one(CONFIRM_LINK),
  EnableFolderColor: one(DISABLED_ENABLED),
  HideEmbeddedImages: one(SHOW_HIDE),
  HideRemoteImages: one(SHOW_HIDE),
  HideSenderImages: one(SHOW_HIDE),
  ImageProxy: bits(IMAGE_PROXY_FLAGS),
  InheritParentFolderColor: one(DISABLED_ENABLED),
  KT: one(DISABLED_ENABLED),
  MessageButtons: one(MESSAGE_BUTTONS),
  NextMessageOnMove: one(NEXT_MESSAGE_ON_MOVE),
  PGPScheme: one(PACKAGE_TYPE),
  PMSignature: one(PM_SIGNATURE),
  PMSignatureReferralLink: one(DISABLED_ENABLED),
  PromptPin: one(DISABLED_ENABLED),
  RightToLeft: one(DIRECTION),
  Shortcuts: one(DISABLED_ENABLED),
  ShowMoved: one(SHOW_MOVED),
  Sign: one(DISABLED_ENABLED),
  SpamAction: one(SPAM_ACTION),
  StickyLabels: one(DISABLED_ENABLED),
  SwipeLeft: one(SWIPE_ACTION),
  SwipeRight: one(SWIPE_ACTION),
  UnreadFavicon: one(DISABLED_ENABLED),
  ViewLayout: one(VIEW_LAYOUT),
  ViewMode: one(VIEW_MODE),
}
