/**
 * A describe block's mail setup against its own sandbox: the profile "reader"
 * logged in with the keys unlocked (readerSuite), messages of the test's own
 * added with POST /__sandbox/messages: the fixture's first body with the
 * fixture attachment under names and IDs the test chooses (addFixtureMessage),
 * or, for PGP/MIME (pgpMimeSuite), a MIME tree encrypted to the address key
 * (optionally signed), beside the seeded PGP/MIME message
 * (src/sandbox/fixtures/mime-fixture.ts).
 */
import {expect} from 'chai'
import * as openpgp from 'openpgp'

import {KEY_FIXTURE} from '../../src/sandbox/fixtures/key-fixture.ts'
import {MIME_FIXTURE} from '../../src/sandbox/fixtures/mime-fixture.ts'
import {baseEnv, runBinary, type RunResult} from './run-binary.ts'
import {sandboxFetch, sandboxForSuite} from './sandbox-process.ts'

export const crlf = (lines: string[]) => lines.join('\r\n')

export interface MimeMessage {
  sender?: string
  signingKeys?: openpgp.PrivateKey
  subject?: string
}

/** An attachment of addFixtureMessage: the fixture attachment's KeyPackets, Data unless given, under this Name. */
export interface FixtureAttachment {
  Data?: string
  ID?: string
  Name: string
  Signature?: string
}

/**
 * A sandbox for the describe block (it writes no session of its own) and the profile "reader" logged in there by
 * `auth login` in a before hook. `proton` runs the built binary as reader (TZ=UTC), message IDs after "--": a
 * base64url ID may begin with "-", which a parser would take for a flag.
 */
export function readerSuite(options: {timeoutMs?: number} = {}) {
  const suite = sandboxForSuite({args: ['--port', '0']})
  const proton = (args: string[], input?: string): Promise<RunResult> => runBinary(['--profile', 'reader', ...args], {env: baseEnv(suite.home.home, {TZ: 'UTC'}), input, timeoutMs: options.timeoutMs})

  /** POST /__sandbox/messages with this message; its ID. */
  async function addMessage(message: Record<string, unknown>): Promise<string> {
    const response = await sandboxFetch(suite.sandbox, 'messages', {body: JSON.stringify(message), headers: {'content-type': 'application/json'}, method: 'POST'})
    expect(response.status).to.equal(200)
    return ((await response.json()) as {Message: {ID: string}}).Message.ID
  }

  before(async () => {
    const login = await runBinary(['auth', 'login', 'demo', '--password-stdin', '--api-url', suite.sandbox.url, '--profile', 'reader'], {env: baseEnv(suite.home.home), input: 'demo\n'})
    expect(login.status, login.stderr).to.equal(0)
  })

  return {
    addMessage,
    /**
     * A message with the fixture's first body whose attachments are the fixture attachment (text/plain) as given;
     * `extra` adds or replaces fields (Subject, Sender …). Its ID.
     */
    addFixtureMessage(attachments: FixtureAttachment[], extra: Record<string, unknown> = {}): Promise<string> {
      return addMessage({
        Attachments: attachments.map((attachment) => ({KeyPackets: KEY_FIXTURE.attachment.KeyPackets, MIMEType: 'text/plain', ...attachment, Data: attachment.Data ?? KEY_FIXTURE.attachment.Data})),
        Body: KEY_FIXTURE.bodies[0].Body,
        ...extra,
      })
    },
    proton,
    suite,
  }
}

export function pgpMimeSuite() {
  const reader = readerSuite()
  const handle = {
    /** Adds a multipart/mixed message whose Body is `mime` encrypted to the address key; its ID. */
    async addMime(mime: string | Buffer, {sender = 'pgp@example.test', signingKeys, subject = 'PGP/MIME'}: MimeMessage = {}): Promise<string> {
      const addressKey = await openpgp.readPrivateKey({armoredKey: KEY_FIXTURE.addressKeys[0].PrivateKey})
      const message = await openpgp.createMessage({binary: Buffer.from(mime)})
      const Body = await openpgp.encrypt({encryptionKeys: addressKey.toPublic(), format: 'armored', message, ...(signingKeys ? {signingKeys} : {})})
      return reader.addMessage({Body, MIMEType: 'multipart/mixed', Sender: {Address: sender, Name: 'PGP user'}, Subject: subject})
    },
    proton: (args: string[]) => reader.proton(args),
    /** The seeded PGP/MIME message from sam@example.test. */
    samId: '',
    suite: reader.suite,
  }

  before(async () => {
    const list = await handle.proton(['mail', 'list', '--output', 'json'])
    const messages = (JSON.parse(list.stdout.toString('utf8')) as {Messages: Array<{ID: string; Sender: {Address: string}}>}).Messages
    handle.samId = messages.find((message) => message.Sender.Address === MIME_FIXTURE.senderAddress)?.ID ?? ''
    expect(handle.samId).to.not.equal('')
  })

  return handle
}
