/**
 * The manifest check of a file's active revision, without its blocks: what drive download checks at its end
 * (the SDK's FileDownloader verifies the manifest only after every block is fetched, and exports no check of its own).
 *
 * The revision's block listing (GET drive/v2/volumes/{volume}/files/{node}/revisions/{revision}, paged by
 * FromBlockIndex: SDK src/internal/download/apiService.ts iterateRevisionBlocks) gives each thumbnail's and block's
 * SHA-256, thumbnails first, and the ManifestSignature; the signature is verified over those hashes joined, with the
 * content author's public keys (SDK src/internal/download/cryptoService.ts verifyManifest), through the SDK's crypto
 * module. Whether each block's content matches its hash is still checked only by drive download.
 */
import {isRecord} from '../core/records.ts'
import {unavailableError} from '../core/errors.ts'
import type {Drive} from './client.ts'
import {MAX_LISTING_PAGES, SDK_BASE_HOST} from './http.ts'
import {SIGNED_AND_VALID} from './drive-crypto.ts'

/** Blocks per page, as the SDK asks (src/internal/download/apiService.ts BLOCKS_PAGE_SIZE). */
const PAGE_SIZE = 20

/** "verified (EMAIL, N hashes)", "FAILED (…)", or why it is not checked here. */
export async function manifestCheck(drive: Drive, revisionUid: string, signer: string | null | undefined): Promise<string> {
  if (!signer) return 'not checked here (no content author: the SDK checks it with the node key, on download)'
  const [volumeId, nodeId, revisionId] = revisionUid.split('~')
  if (!volumeId || !nodeId || !revisionId) throw unavailableError(`the revision UID "${revisionUid}" is not one the service gives`)
  const base = `https://${SDK_BASE_HOST}/drive/v2/volumes/${volumeId}/files/${nodeId}/revisions/${revisionId}`

  const hashes: Buffer[] = []
  let signature: unknown
  let from = 1
  for (let page = 0; ; page++) {
    if (page >= MAX_LISTING_PAGES) throw unavailableError(`the service still had more of the revision's blocks after ${MAX_LISTING_PAGES} pages: stopped`)
    const response = await drive.http.fetchJson({headers: new Headers(), method: 'GET', timeoutMs: 0, url: `${base}?PageSize=${PAGE_SIZE}&FromBlockIndex=${from}`})
    const answer: unknown = await response.json()
    const revision = isRecord(answer) && isRecord(answer.Revision) ? answer.Revision : undefined
    if (!response.ok || !revision) throw unavailableError(`the service did not list the revision's blocks (HTTP ${response.status})`)
    const blocks = Array.isArray(revision.Blocks) ? revision.Blocks.filter((block) => isRecord(block)) : []
    if (page === 0) {
      signature = revision.ManifestSignature
      for (const thumbnail of Array.isArray(revision.Thumbnails) ? revision.Thumbnails : []) hashes.push(hashOf(thumbnail))
    }
    if (blocks.length === 0) break
    for (const block of blocks) {
      hashes.push(hashOf(block))
      const index = Number(block.Index)
      if (!Number.isSafeInteger(index) || index < from) throw unavailableError("the service listed the revision's blocks out of order")
      from = index + 1
    }
  }

  if (typeof signature !== 'string' || signature === '') return 'FAILED (the revision has no manifest signature)'
  const keys = await drive.account.getPublicKeys(signer)
  if (keys.length === 0) return `FAILED (no public key of ${signer} to check it with)`
  // A signature that does not even parse fails the check as one that does not verify.
  const verified = await drive.crypto.verifyArmored(Buffer.concat(hashes), signature, keys).then(
    (result) => Number(result.verified),
    () => undefined,
  )
  return verified === SIGNED_AND_VALID ? `verified (${signer}, over ${hashes.length} hash${hashes.length === 1 ? '' : 'es'})` : `FAILED (not signed by ${signer} over the revision's block hashes)`
}

function hashOf(block: unknown): Buffer {
  const hash = isRecord(block) ? block.Hash : undefined
  if (typeof hash !== 'string') throw unavailableError('the service listed a block of the revision without its hash')
  return Buffer.from(hash, 'base64')
}
