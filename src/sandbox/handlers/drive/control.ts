/**
 * The drive's test controls under /__sandbox/drive/ (control.ts checks their secret):
 * - GET /__sandbox/drive/requests → {Requests: [{Method, Path, Body (base64 of the raw body)}], Dropped};
 *   DELETE clears them (recorder.ts);
 * - POST /__sandbox/drive/tamper {LinkID, Part?: "block" (default) | "manifest" | "key" | "content-key" | "name-author" | "node-key", Index?}: "block" changes
 *   one byte of a stored block (Index, from 1) of the file's active revision, so that a download fails its integrity
 *   check (the block's hash); "manifest" swaps in another file's manifest signature (the download's signature check
 *   fails); "key" swaps in another link's node passphrase signature (the SDK reports the key's author unverified);
 *   "content-key" swaps in another file's content key packet (it decrypts with no key of this file's);
 *   "name-author" names sandbox@proton.test as the name's signer (its signature then verifies with no key of theirs);
 *   "node-key" armors the node key anew, with an armor header (the same key, another record: a seal does not hold it);
 * - POST /__sandbox/drive/reset {Volume: false} leaves the user without a volume (as one who never opened Drive:
 *   GET /drive/v2/shares/my-files answers 2501); {Volume: true} puts the seeded volume back.
 */
import {CODE} from '../../../lib/contract/contract.ts'
import type {Route} from '../../backend/route-types.ts'
import {invalid, type DriveStore, TAMPER_PARTS, type TamperPart} from '../../backend/drive-store.ts'

export function driveControlRoutes(store: DriveStore): Route[] {
  const success = {Code: CODE.SINGLE_SUCCESS}
  return [
    {access: 'none', handle: () => ({...success, ...store.requests.toJSON()}), method: 'GET', path: /^\/__sandbox\/drive\/requests$/},
    {
      access: 'none',
      handle: () => {
        store.requests.clear()
        return success
      },
      method: 'DELETE',
      path: /^\/__sandbox\/drive\/requests$/,
    },
    {
      access: 'none',
      handle: (request) => {
        const {Index: index = 1, LinkID: linkId, Part: part = 'block'} = request.json()
        if (typeof linkId !== 'string') throw invalid('LinkID must be a string')
        if (!Number.isInteger(index)) throw invalid('Index must be an integer')
        if (!(TAMPER_PARTS as readonly unknown[]).includes(part)) throw invalid(`Part must be one of ${TAMPER_PARTS.join(', ')}`)
        store.tamper(linkId, part as TamperPart, index as number)
        return success
      },
      method: 'POST',
      path: /^\/__sandbox\/drive\/tamper$/,
    },
    {
      access: 'none',
      handle: (request) => {
        const {Volume: volume} = request.json()
        if (typeof volume !== 'boolean') throw invalid('Volume must be true or false')
        store.reset(volume)
        return success
      },
      method: 'POST',
      path: /^\/__sandbox\/drive\/reset$/,
    },
  ]
}
