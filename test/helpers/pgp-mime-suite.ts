/**
 * A describe block's PGP/MIME setup against its own sandbox: the profile
 * "reader" logged in with the keys unlocked, the ID of the seeded PGP/MIME
 * message (src/lib/sandbox/mime-fixture.ts), and messages of the test's
 * own: a MIME tree encrypted to the address key (optionally signed), added
 * with POST /__sandbox/messages.
 */
import {expect} from 'chai'
import * as openpgp from 'openpgp'

import {KEY_FIXTURE} from '../../src/lib/sandbox/key-fixture.ts'
import {MIME_FIXTURE} from '../../src/lib/sandbox/mime-fixture.ts'
import {baseEnv, runBinary, type RunResult} from './run-binary.ts'
import {sandboxFetch, sandboxForSuite} from './sandbox-process.ts'

export const crlf = (lines: string[]) => lines.join('\r\n')

export interface MimeMessage {
  sender?: string
  signingKeys?: openpgp.PrivateKey
  subject?: string
}

export function pgpMimeSuite() {
  const suite = sandboxForSuite()
  // Message IDs go after "--": a base64url ID may begin with "-".
  const proton = (args: string[]): Promise<RunResult> => runBinary(['--profile', 'reader', ...args], {env: baseEnv(suite.home.home, {TZ: 'UTC'})})
  const handle = {
    /** Adds a multipart/mixed message whose Body is `mime` encrypted to the address key; its ID. */
    async addMime(mime: string | Buffer, {sender = 'pgp@example.test', signingKeys, subject = 'PGP/MIME'}: MimeMessage = {}): Promise<string> {
      const addressKey = await openpgp.readPrivateKey({armoredKey: KEY_FIXTURE.addressKeys[0].PrivateKey})
      const message = await openpgp.createMessage({binary: Buffer.from(mime)})
      const Body = await openpgp.encrypt({encryptionKeys: addressKey.toPublic(), format: 'armored', message, ...(signingKeys ? {signingKeys} : {})})
      const response = await sandboxFetch(suite.sandbox, 'messages', {
        body: JSON.stringify({Body, MIMEType: 'multipart/mixed', Sender: {Address: sender, Name: 'PGP user'}, Subject: subject}),
        headers: {'content-type': 'application/json'},
        method: 'POST',
      })
      expect(response.status).to.equal(200)
      return ((await response.json()) as {Message: {ID: string}}).Message.ID
    },
    proton,
    /** The seeded PGP/MIME message from sam@example.test. */
    samId: '',
    suite,
  }

  before(async () => {
    const login = await runBinary(['auth', 'login', 'demo', '--password-stdin', '--api-url', suite.sandbox.url, '--profile', 'reader'], {env: baseEnv(suite.home.home), input: 'demo\n'})
    expect(login.status, login.stderr).to.equal(0)
    const list = await proton(['mail', 'list', '--output', 'json'])
    const messages = (JSON.parse(list.stdout.toString('utf8')) as {Messages: Array<{ID: string; Sender: {Address: string}}>}).Messages
    handle.samId = messages.find((message) => message.Sender.Address === MIME_FIXTURE.senderAddress)?.ID ?? ''
    expect(handle.samId).to.not.equal('')
  })

  return handle
}
