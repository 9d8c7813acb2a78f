/**
 * Enumerations the contract does not list but the official clients publish,
 * for the dedicated commands' text views. Each names its source.
 */
import type {Enumeration} from './contract.ts'

/** A drive volume's State: go-proton-api volume_types.go (VolumeStateActive 1, VolumeStateLocked 3). */
export const VOLUME_STATE = {1: 'Active', 3: 'Locked'} as const satisfies Enumeration

/** A drive volume's Type: WebClients packages/shared/lib/interfaces/drive/volume.ts (VolumeType). */
export const VOLUME_TYPE = {1: 'Regular', 2: 'Photos'} as const satisfies Enumeration

/** User.Role: WebClients packages/shared/lib/constants.ts (USER_ROLES); interfaces/User.ts types Role with it. */
export const USER_ROLES = {0: 'FREE_ROLE', 1: 'MEMBER_ROLE', 2: 'ADMIN_ROLE'} as const satisfies Enumeration

/** User.Type: WebClients packages/shared/lib/interfaces/User.ts (UserType). */
export const USER_TYPE = {1: 'PROTON', 2: 'MANAGED', 3: 'EXTERNAL'} as const satisfies Enumeration

/**
 * User.Subscribed and User.Services, bit sets: WebClients
 * packages/shared/lib/constants.ts (PRODUCT_BIT, "synced with ProductGroup in
 * API"). 32 is DOCS there (NEUTRON, Docs' inner name, in a later version,
 * which adds 64 LUMO).
 */
export const PRODUCT_BIT = {1: 'MAIL', 2: 'DRIVE', 4: 'VPN', 8: 'PASS', 16: 'WALLET', 32: 'DOCS', 64: 'LUMO'} as const satisfies Enumeration

/** User.MnemonicStatus: WebClients packages/shared/lib/interfaces/User.ts (MNEMONIC_STATUS). */
export const MNEMONIC_STATUS = {0: 'DISABLED', 1: 'ENABLED', 2: 'OUTDATED', 3: 'SET', 4: 'PROMPT'} as const satisfies Enumeration

/** User.LockedFlags, a bit set: WebClients packages/shared/lib/interfaces/User.ts (UserLockedFlags). */
export const USER_LOCKED_FLAGS = {
  1: 'BASE_STORAGE_EXCEEDED',
  2: 'DRIVE_STORAGE_EXCEEDED',
  4: 'ORG_ISSUE_FOR_PRIMARY_ADMIN',
  8: 'ORG_ISSUE_FOR_MEMBER',
  16: 'USER_WITH_A_DOMAIN',
} as const satisfies Enumeration
