import {expect} from 'chai'
import * as openpgp from 'openpgp'

import {driveFailure, isOpenpgpError} from '../../../src/lib/drive/failures.ts'
import {CliFailure} from '../../../src/lib/core/errors.ts'
import {EXIT} from '../../../src/lib/core/exit-status.ts'

describe('drive/failures: what the SDK hands back, as one line and an exit status', () => {
  /** OpenPGP.js's own error for a session key packet encrypted to another key (the SDK passes it on as it is). */
  const pgpError = async () => {
    const {privateKey} = await openpgp.generateKey({format: 'object', type: 'curve25519', userIDs: [{email: 'a@b.test'}]})
    const other = await openpgp.generateKey({format: 'object', type: 'curve25519', userIDs: [{email: 'c@d.test'}]})
    const sessionKey = await openpgp.generateSessionKey({encryptionKeys: other.publicKey})
    const packet = await openpgp.encryptSessionKey({...sessionKey, encryptionKeys: other.publicKey, format: 'binary'})
    return openpgp.decryptSessionKeys({decryptionKeys: privateKey, message: await openpgp.readMessage({binaryMessage: packet})}).then(
      () => new Error('decrypted'),
      (error: unknown) => error,
    )
  }

  it('an OpenPGP.js error (a key packet for another key): exit 5, one line naming the subject; its source never shown', async () => {
    const error = await pgpError()
    expect(isOpenpgpError(error)).to.equal(true)
    const failure = driveFailure(error, undefined, 'notes.txt: not downloaded')
    expect(failure).to.be.instanceOf(CliFailure)
    expect((failure as CliFailure).exitStatus).to.equal(EXIT.UNAVAILABLE)
    expect(failure.message).to.match(/^notes\.txt: not downloaded: a key or signature from the service did not decrypt or verify \(Error decrypting session keys: [^\n]+\)$/)
  })

  it('an error of ours or of another library is not taken for one of OpenPGP.js: its status by name (1 when unknown)', () => {
    expect(isOpenpgpError(new Error('plain'))).to.equal(false)
    expect(isOpenpgpError('text')).to.equal(false)
    expect((driveFailure(new Error('plain')) as CliFailure).exitStatus).to.equal(EXIT.USAGE)
    expect((driveFailure(Object.assign(new Error('x'), {name: 'IntegrityError'})) as CliFailure).exitStatus).to.equal(EXIT.UNAVAILABLE)
  })
})
