/**
 * The packages of one send, made from the message and its recipients (buildPackage, buildMimePackage for each kind
 * of recipient): only the packages someone needs (WebClients sendTopPackages.ts generateTopPackages).
 */
import {readFile} from 'node:fs/promises'

import type {PrivateKey} from 'openpgp'

import {mediaTypeOf} from '../files/media-type.ts'
import {encryptBody} from './send-crypto.ts'
import {inMime, type Recipient} from './recipients.ts'
import type {AttachmentFile} from './input.ts'
import {mimeTree} from './mime.ts'
import {buildMimePackage, buildPackage, type Package, type SentAttachment} from './packages.ts'

/** What of a message its packages are made of. */
export interface OutgoingBody {
  body: string
  mimeType: 'text/html' | 'text/plain'
  attachments: readonly AttachmentFile[]
  /** Its recipients, each with how they take mail. */
  kinds: Recipient[]
}

/** The user's own HTML as plain text for a recipient who takes no HTML: links kept, images left out, lines not wrapped. */
async function htmlAsText(html: string): Promise<string> {
  const {convert} = await import('html-to-text')
  return convert(html, {selectors: [{format: 'skip', selector: 'img'}], wordwrap: false})
}

/**
 * The packages of the send (buildPackage, buildMimePackage): the body's own (text/plain or text/html) for every recipient but those
 * who take plain text of an HTML message (a text/plain package) and those
 * signed or encrypted as PGP/MIME, and for those the MIME package, its tree (the body and the attachments, read again from their
 * files: the tree is encrypted whole) encrypted and signed apart. Only the packages someone needs are sent
 * (WebClients sendTopPackages.ts generateTopPackages).
 */
export async function buildPackages(message: OutgoingBody, encrypted: Awaited<ReturnType<typeof encryptBody>>, uploaded: SentAttachment[], key: PrivateKey): Promise<Package[]> {
  const {attachments, body, kinds, mimeType} = message
  const packages: Package[] = []
  const inText = kinds.filter((recipient) => !inMime(recipient))
  // An HTML message to recipients who take plain text (pinned-keys.ts bodyType): a text/plain package of its own, the
  // HTML made text (WebClients mail/send/sendTopPackages.ts generateTopPackages, which converts with its own helper).
  const asText = mimeType === 'text/html' ? inText.filter((recipient) => recipient.mimeType === 'text/plain') : []
  const asWritten = inText.filter((recipient) => !asText.includes(recipient))
  if (asWritten.length > 0) packages.push(await buildPackage(mimeType, encrypted.dataPacket, encrypted.sessionKey, uploaded, asWritten))
  if (asText.length > 0) {
    const text = await encryptBody(await htmlAsText(body), key)
    packages.push(await buildPackage('text/plain', text.dataPacket, text.sessionKey, uploaded, asText))
  }

  const inMimeKinds = kinds.filter((recipient) => inMime(recipient))
  if (inMimeKinds.length > 0) {
    const files = await Promise.all(attachments.map(async (file) => ({data: await readFile(file.path), mimeType: mediaTypeOf(file.name), name: file.name})))
    const tree = await encryptBody(mimeTree(body, mimeType, files), key)
    packages.push(await buildMimePackage(tree.dataPacket, tree.sessionKey, inMimeKinds))
  }

  return packages
}
