import {expect} from 'chai'
import {createHash} from 'node:crypto'
import {mkdtempSync, readdirSync, readlinkSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import * as openpgp from 'openpgp'

import {attachmentKey} from '../../../src/lib/send/send-crypto.ts'
import {keyPassphrase} from '../../../src/lib/crypto/passphrase.ts'
import {KEY_FIXTURE} from '../../../src/sandbox/fixtures/key-fixture.ts'
import {encryptedFile, fileStream, signFile} from '../../../src/lib/send/attachment-stream.ts'

describe('send/attachment-stream: an attachment signed, then encrypted as it is read (GnuPG checks the uploads: test/e2e/mail-send.test.ts)', () => {
  const work = mkdtempSync(join(tmpdir(), 'proton-cli-attachment-stream-'))
  const path = join(work, 'file.bin')
  let key: openpgp.PrivateKey
  before(async () => {
    // The fixture's user key signs and encrypts here (any key of the kinds Proton makes would do).
    key = await openpgp.decryptKey({passphrase: keyPassphrase(KEY_FIXTURE.password, KEY_FIXTURE.keySalt), privateKey: await openpgp.readPrivateKey({armoredKey: KEY_FIXTURE.userKey})})
  })
  after(() => rmSync(work, {force: true, recursive: true}))

  const collect = async (chunks: AsyncIterable<Uint8Array>) => {
    const all: Uint8Array[] = []
    for await (const chunk of chunks) all.push(chunk)
    return Buffer.concat(all)
  }

  it('each pass opens the file anew: two passes give data packets that open, with the key packet, to the file', async () => {
    writeFileSync(path, Buffer.alloc(200_000, 7))
    const signed = await signFile(path, 'file.bin', key)
    const {keyPacket, sessionKey} = await attachmentKey(key)
    for (let pass = 0; pass < 2; pass++) {
      const data = await collect(encryptedFile(signed, key, sessionKey))
      const {data: plain, filename} = (await openpgp.decrypt({
        decryptionKeys: key,
        format: 'binary',
        message: await openpgp.readMessage({binaryMessage: Buffer.concat([keyPacket, data])}),
      })) as unknown as {data: Uint8Array; filename: string}
      expect(Buffer.from(plain).equals(Buffer.alloc(200_000, 7))).to.equal(true)
      expect(filename).to.equal('file.bin')
    }
  })

  it('a file changed after it was signed fails the pass at its end (its signature would not match)', async () => {
    writeFileSync(path, 'before')
    const signed = await signFile(path, 'file.bin', key)
    writeFileSync(path, 'after!')
    const {sessionKey} = await attachmentKey(key)
    let failure: unknown
    try {
      await collect(encryptedFile(signed, key, sessionKey))
    } catch (error) {
      failure = error
    }

    expect(String(failure)).to.match(/file\.bin: the file changed while it was being sent; nothing was sent/)
  })

  it('a stream given up closes its file, read from or not (the descriptors this process holds on it, from /proc/self/fd)', async () => {
    writeFileSync(path, Buffer.alloc(200_000, 1))
    const open = () =>
      readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`) === path
        } catch {
          return false
        }
      }).length
    const untouched = fileStream(path, createHash('sha256'))
    await untouched.cancel()
    const reader = fileStream(path, createHash('sha256')).getReader()
    expect((await reader.read()).value?.length).to.equal(64 * 1024)
    expect(open()).to.equal(1)
    await reader.cancel()
    expect(open()).to.equal(0)
  })
})
