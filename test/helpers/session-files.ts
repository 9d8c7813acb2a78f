/** Temporary config directories holding session files, as the tool stores them. */
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {SessionStore, type StoredSession} from '../../src/lib/session/store.ts'

export const TOKENS = {
  AccessToken: 'acc-7c1f0e5a9b3d4e21-secret',
  RefreshToken: 'ref-0b9d2c6e4f8a1357-secret',
  UID: 'uid-5f3e2d1c',
}

/** The session as environment variables (PROTON_UID, PROTON_ACCESS_TOKEN) with the base URL it is for. */
export function environmentSession(apiUrl: string): NodeJS.ProcessEnv {
  return {PROTON_ACCESS_TOKEN: TOKENS.AccessToken, PROTON_API_URL: apiUrl, PROTON_UID: TOKENS.UID}
}

export interface TempHome {
  /** XDG_CONFIG_HOME: sessions live in <home>/proton-cli/sessions. */
  home: string
  store: SessionStore
  writeSession(apiUrl: string, profile?: string, extra?: Partial<StoredSession>): Promise<void>
  remove(): void
}

export function tempHome(): TempHome {
  const home = mkdtempSync(join(tmpdir(), 'proton-cli-test-'))
  const store = new SessionStore(join(home, 'proton-cli'))
  return {
    home,
    remove: () => rmSync(home, {force: true, recursive: true}),
    store,
    writeSession: (apiUrl, profile = 'default', extra = {}) => store.write(profile, {...TOKENS, APIURL: apiUrl, ...extra}),
  }
}
