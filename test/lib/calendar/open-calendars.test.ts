/**
 * openCalendar (calendar/calendars.ts) against a loopback service: the member passphrase (encrypted to and signed by
 * the member's address key with OpenPGP.js here) is opened only for a calendar key the seal does not hold. A second
 * run with the key unchanged opens neither the passphrase nor any S2K (its signature replaced by a wrong one does not
 * matter: the key was unlocked with the checked passphrase once); a key the service changes is derived again, and
 * then the wrong signature is refused.
 */
import {expect} from 'chai'
import {join} from 'node:path'
import * as openpgp from 'openpgp'

import {removeSeal} from '../../../src/lib/account/key-seal.ts'
import {accountKeys} from '../../../src/lib/account/keys.ts'
import {fetchBootstrap, openCalendar} from '../../../src/lib/calendar/calendars.ts'
import {newClientKey, sealPassphrase} from '../../../src/lib/crypto/local-key.ts'
import {plainCommandSuite, testRun} from '../../helpers/invocation.ts'
import {jsonAnswers, type Recorded} from '../../helpers/scripted-server.ts'
import {FIXTURE_ADDRESS_KEY as addressKey, FIXTURE_PASSPHRASE as PASSPHRASE, FIXTURE_USER_KEY as userKey, NO_COMPILE_CACHE as ENV} from '../../helpers/fixture-account.ts'
import {TOKENS} from '../../helpers/session-files.ts'

describe('calendar openCalendar: the member passphrase only for a key the seal does not hold', function () {
  this.timeout(60_000)
  const suite = plainCommandSuite()
  const clientKey = newClientKey()
  const ref = {addressId: 'a1', email: 'demo@proton.test', id: 'c1', memberId: 'm1', name: 'Work'}
  const secretOf = async (key: {PrivateKey: string; Token: string}, passphrase: string) => {
    const user = await openpgp.decryptKey({passphrase, privateKey: await openpgp.readPrivateKey({armoredKey: userKey.PrivateKey})})
    const {data} = await openpgp.decrypt({decryptionKeys: user, message: await openpgp.readMessage({armoredMessage: key.Token})})
    return openpgp.decryptKey({passphrase: String(data), privateKey: await openpgp.readPrivateKey({armoredKey: key.PrivateKey})})
  }

  const serve = async (calendarKey: string, member: {Passphrase: string; Signature: string}) => {
    await suite.home.writeSession(suite.server.url, 'default', {KeyPassphrase: sealPassphrase(PASSPHRASE, clientKey, TOKENS.UID)})
    suite.server.handle(
      jsonAnswers(({url}: Recorded) => {
        if (url === '/auth/v4/sessions/local/key') return [200, {ClientKey: clientKey.toString('base64'), Code: 1000}]
        if (url === '/core/v4/users') return [200, {Code: 1000, User: {ID: 'u', Keys: [userKey]}}]
        if (url === '/core/v4/addresses') return [200, {Addresses: [{Email: 'demo@proton.test', ID: 'a1', Keys: [addressKey]}], Code: 1000}]
        if (url === '/calendar/v2/c1/bootstrap') return [200, {Code: 1000, Keys: [{Flags: 3, ID: 'ck', PrivateKey: calendarKey}], Passphrase: {MemberPassphrases: [{MemberID: 'm1', ...member}]}}]
        return [404, {Code: 2501}]
      }),
    )
  }

  const open = async () => {
    const {invocation, stderr} = testRun(suite.home, {env: {...ENV, DEBUG: 'proton-cli:keys'}})
    const account = accountKeys(invocation)
    const opened = await openCalendar(ref, fetchBootstrap(invocation, ref.id), () => account)
    await (await account).flushSeal()
    const derived = [...stderr().matchAll(/(\d+) derived \(\d+ S2K runs so far\)$/gm)].reduce((sum, line) => sum + Number(line[1]), 0)
    return {derived, opened}
  }

  it('derived once with the checked passphrase; then from the seal, the passphrase untouched; a changed key is refused for the bad signature', async () => {
    removeSeal(join(suite.home.home, 'cache'), 'default')
    // The calendar key: a key of the fixture's, locked with its passphrase; the passphrase encrypted to and signed by the address key.
    const address = await secretOf(addressKey as unknown as {PrivateKey: string; Token: string}, PASSPHRASE)
    const calendarPassphrase = 'calendar passphrase 1'
    const locked = await openpgp.encryptKey({
      passphrase: calendarPassphrase,
      privateKey: await openpgp.decryptKey({passphrase: PASSPHRASE, privateKey: await openpgp.readPrivateKey({armoredKey: userKey.PrivateKey})}),
    })
    const message = await openpgp.createMessage({text: calendarPassphrase})
    const member = {
      Passphrase: (await openpgp.encrypt({encryptionKeys: address.toPublic(), message})) as string,
      Signature: (await openpgp.sign({detached: true, message, signingKeys: address})) as string,
    }
    const wrongSignature = (await openpgp.sign({detached: true, message: await openpgp.createMessage({text: 'another'}), signingKeys: address})) as string

    await serve(locked.armor(), member)
    const first = await open()
    expect(first.derived).to.be.greaterThan(0)
    expect((await first.opened.primary()).getFingerprint()).to.equal(locked.getFingerprint())

    await serve(locked.armor(), {...member, Signature: wrongSignature})
    const second = await open()
    expect(second.derived).to.equal(0)
    expect((await second.opened.keys()).map((key) => key.getFingerprint())).to.deep.equal([locked.getFingerprint()])
    expect((await second.opened.primary()).isDecrypted()).to.equal(true)

    // The same key locked again (another record): derived, so the passphrase is opened and its wrong signature refused.
    const relocked = await openpgp.encryptKey({passphrase: calendarPassphrase, privateKey: await openpgp.decryptKey({passphrase: calendarPassphrase, privateKey: locked})})
    await serve(relocked.armor(), {...member, Signature: wrongSignature})
    let refused: unknown
    await open().catch((error: unknown) => (refused = error))
    expect(String((refused as Error)?.message)).to.match(/^calendar "Work" \(c1\): its passphrase does not open with its address's keys, or its signature does not hold/)
    await serve(relocked.armor(), member)
    expect((await (await open()).opened.primary()).getFingerprint()).to.equal(locked.getFingerprint())
  })
})
