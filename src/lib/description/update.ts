/**
 * `api spec update`: fetch (or revalidate) the full description, parse it
 * once and store it as JSON in the cache directory (the command refreshes
 * the completion word list). The stored description is replaced only by one
 * that loads.
 */
import {createHash} from 'node:crypto'

import {usageError} from '../core/errors.ts'
import {fetchDescription, normaliseSource} from './fetch-description.ts'
import {loadDescription} from './openapi-load.ts'
import {readStored, STORE_FORMAT, writeStored} from './store.ts'
import type {StoredDescription} from './types.ts'

export interface UpdateResult {
  changed: boolean
  stored: StoredDescription
}

/** What the update is doing, for a progress line: the download's bytes, then reading the description. */
export type OnUpdate = (what: {bytes: number; total?: number} | 'reading') => void

export async function updateDescription(cacheDir: string, from: string | undefined, now = new Date(), onUpdate?: OnUpdate): Promise<UpdateResult> {
  const {stored: previous} = readStored(cacheDir)
  const source = from === undefined ? previous?.source : normaliseSource(from)
  if (!source) throw usageError('no API description is stored yet: give its file or URL with --from')
  const fetched = await fetchDescription(source, previous, (bytes, total) => onUpdate?.({bytes, total}))
  const checkedAt = now.toISOString()
  let result: UpdateResult
  if (!fetched.changed) {
    result = {changed: false, stored: {...fetched.current, checkedAt}}
  } else {
    const sha256 = createHash('sha256').update(fetched.text).digest('hex')
    const validators = {etag: fetched.etag, lastModified: fetched.lastModified}
    if (previous?.source === source && previous.sha256 === sha256) {
      result = {changed: false, stored: {...previous, ...validators, checkedAt}}
    } else {
      onUpdate?.('reading')
      const loaded = loadDescription(fetched.text, source)
      if (loaded.operations.length === 0) throw usageError(`the API description ${source} has no operations; the stored one is kept`)
      result = {changed: true, stored: {...loaded, ...validators, checkedAt, format: STORE_FORMAT, sha256, source}}
    }
  }

  writeStored(cacheDir, result.stored)
  return result
}
