/**
 * mail read against a body that inflates: an encrypted message of a few
 * KiB whose compressed packet holds hundreds of MiB (a hostile sender's
 * zlib bomb). --max-size bounds the decrypted body as it bounds every
 * answer once decoded: exit 5, one line naming the message, nothing on
 * stdout, and the body never inflated whole (it once took some 3 GiB of
 * memory for 1 MiB of mail).
 */
import {expect} from 'chai'
import * as openpgp from 'openpgp'

import {KEY_FIXTURE} from '../../src/sandbox/fixtures/key-fixture.ts'
import {readerSuite} from '../helpers/pgp-mime-suite.ts'

describe('mail read of a body that inflates past --max-size (built binary)', function () {
  this.timeout(60_000)
  const {addMessage, proton} = readerSuite({timeoutMs: 30_000})

  async function addCompressed(bytes: number, MIMEType: string): Promise<string> {
    const addressKey = await openpgp.readPrivateKey({armoredKey: KEY_FIXTURE.addressKeys[0].PrivateKey})
    const Body = await openpgp.encrypt({
      config: {preferredCompressionAlgorithm: openpgp.enums.compression.zlib},
      encryptionKeys: addressKey.toPublic(),
      format: 'armored',
      message: await openpgp.createMessage({binary: new Uint8Array(bytes).fill(65)}),
    })
    return addMessage({Body, MIMEType, Sender: {Address: 'bomb@example.test', Name: 'Bomb'}, Subject: 'inflates'})
  }

  for (const MIMEType of ['text/plain', 'multipart/mixed']) {
    it(`a ${MIMEType} body of 256 MiB in a few KiB of mail: exit 5, one line, nothing on stdout`, async () => {
      const id = await addCompressed(256 * 1024 * 1024, MIMEType)
      const result = await proton(['mail', 'read', '--max-size', '8MiB', '--', id])
      expect(result.signal).to.equal(null)
      expect(result.stdout.length).to.equal(0)
      expect(result.stderr).to.equal(`Error: message ${id}: its decrypted body is over --max-size (8 MiB): stopped decrypting it; nothing printed\n`)
      expect(result.status).to.equal(5)
    })
  }

  it('a body within --max-size is read as before', async () => {
    const id = await addCompressed(100_000, 'text/plain')
    const result = await proton(['mail', 'read', '--max-size', '1MiB', '--', id])
    expect(result.status, result.stderr).to.equal(0)
    expect(result.stdout.toString('utf8')).to.include(`\n\n${'A'.repeat(100_000)}\n`)
  })
})
