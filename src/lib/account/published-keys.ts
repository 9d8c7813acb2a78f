/**
 * Other people's published keys: GET /core/v4/keys/all?Email= (WebClients packages/shared/lib/api/keys.ts
 * getAllPublicKeys), the Address keys and the Unverified (WKD) ones alike.
 */
import {buildRequestUrl} from '../http/api-url.ts'
import {keyEntries, malformedNote} from '../crypto/keyring.ts'
import type {Invocation} from '../run/invocation.ts'
import type {ActiveSession} from '../session/session.ts'

/** Someone's published keys (armored); none when the service has none or cannot say (a signature is then "unverified"). */
export async function senderKeys(invocation: Invocation, session: ActiveSession, email: string): Promise<string[]> {
  try {
    const response = await invocation.request(session, {method: 'GET', url: buildRequestUrl(session.apiUrl, '/core/v4/keys/all', [['Email', email]])})
    if (response.statusCode !== 200) return []
    const answer = JSON.parse(response.body.toString('utf8')) as {Address?: {Keys?: unknown}; Unverified?: {Keys?: unknown}}
    // An external sender's keys (WKD) come as Unverified (WebClients getAndVerifyApiKeys.ts): they verify a signature too.
    const listed = (keys: unknown): unknown[] => (Array.isArray(keys) ? keys : [])
    const entries = keyEntries([...listed(answer.Address?.Keys), ...listed(answer.Unverified?.Keys)])
    const note = malformedNote(entries, `the published keys of ${email}`)
    if (note) invocation.note(note)
    return entries.keys.map((key) => (key as {PublicKey?: unknown}).PublicKey).filter((key): key is string => typeof key === 'string')
  } catch {
    return []
  }
}
