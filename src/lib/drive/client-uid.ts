/**
 * The drive client UID of a profile, as the official Drive CLI keeps one per installation (ProtonDriveApps/sdk
 * cli/src/clientUid.ts getOrGenerateClientUid: `<prefix>-<UUID>`, kept in its app data) and hands it to the SDK
 * (client/js/src/interface/config.ts clientUid): a file draft the service still holds from an interrupted upload
 * is then known as this client's own, and the SDK deletes it and uploads again (internal/upload/manager.ts, the
 * ConflictDraftClientUID check) rather than refusing a name the user cannot see. Kept in
 * <configDir>/drive/<profile>.client-uid, a private directory, the file owner-only and never read through a link;
 * when it cannot be kept, this run's UID is used alone (an interrupted upload then needs the name freed by hand).
 */
import {randomUUID} from 'node:crypto'
import {closeSync, constants, fstatSync, openSync, readSync} from 'node:fs'
import {join} from 'node:path'

import {checkProfileName} from '../session/store.ts'
import {replaceFileSync} from '../files/atomic-file.ts'
import {ensurePrivateDirectory} from '../files/private-directory.ts'

const PREFIX = 'proton-cli'
const UID = new RegExp(`^${PREFIX}-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`)

function kept(file: string): string | undefined {
  try {
    const fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK)
    try {
      const stat = fstatSync(fd)
      const uid = process.getuid?.()
      if (!stat.isFile() || stat.size > 200 || (uid !== undefined && stat.uid !== uid) || (stat.mode & 0o077) !== 0) return undefined
      const buffer = Buffer.alloc(stat.size)
      const text = buffer.toString('utf8', 0, readSync(fd, buffer, 0, stat.size, 0)).trim()
      return UID.test(text) ? text : undefined
    } finally {
      closeSync(fd)
    }
  } catch {
    return undefined
  }
}

/** The profile's client UID: the one kept, else a new one, kept for the next run. */
export function driveClientUid(configDir: string, profile: string): string {
  const directory = join(configDir, 'drive')
  const file = join(directory, `${checkProfileName(profile)}.client-uid`)
  const found = kept(file)
  if (found) return found
  const made = `${PREFIX}-${randomUUID()}`
  try {
    ensurePrivateDirectory(directory)
    replaceFileSync(file, `${made}\n`, {mode: 0o600})
  } catch {
    // Not kept: this run's uploads still carry it.
  }

  return made
}
