/**
 * The global flags a line may begin with, before the command
 * (resolve-line.ts moves them behind it; the completion offers them there).
 */
import {GLOBAL_FLAGS} from './global-flags.ts'
import type {LeadingFlags} from './resolve-line.ts'

export const VALUED_GLOBAL_FLAGS: ReadonlySet<string> = new Set(GLOBAL_FLAGS.filter((flag) => flag.kind !== 'boolean').map((flag) => `--${flag.name}`))
export const BOOLEAN_GLOBAL_FLAGS: ReadonlySet<string> = new Set(GLOBAL_FLAGS.filter((flag) => flag.kind === 'boolean').map((flag) => `--${flag.name}`))
export const LEADING_GLOBAL_FLAGS: LeadingFlags = {boolean: BOOLEAN_GLOBAL_FLAGS, valued: VALUED_GLOBAL_FLAGS}
