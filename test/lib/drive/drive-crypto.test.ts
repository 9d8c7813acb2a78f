/**
 * The crypto proxy the drive SDK runs on (src/lib/drive/drive-crypto.ts), checked against GnuPG: a key GnuPG makes
 * (ed25519 + cv25519, locked with a passphrase) is imported; what the proxy encrypts and signs, GnuPG decrypts and
 * verifies (the signature context as a critical notation GnuPG is told it knows); what GnuPG encrypts and signs, the
 * proxy decrypts and verifies; a tampered signature is SIGNED_AND_INVALID.
 */
import {expect} from 'chai'

import {spawnSync} from 'node:child_process'
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {readKey} from '../../../src/lib/crypto/direct/keys.ts'
import {driveCryptoProxy, NOT_SIGNED, SIGNED_AND_INVALID, SIGNED_AND_VALID} from '../../../src/lib/drive/drive-crypto.ts'

const PASSPHRASE = 'drive test passphrase'

describe('drive crypto proxy against GnuPG', function () {
  this.timeout(30_000)
  let home: string
  const gpg = (args: string[], input?: Buffer | string | Uint8Array) => {
    const result = spawnSync('gpg', ['--homedir', home, '--batch', '--pinentry-mode', 'loopback', '--passphrase', PASSPHRASE, ...args], {input: input === undefined ? undefined : Buffer.from(input)})
    return {status: result.status, stderr: result.stderr.toString(), stdout: result.stdout}
  }

  let armoredKey: string
  let aes128Key: string
  const proxy = driveCryptoProxy()

  before(() => {
    home = mkdtempSync(join(tmpdir(), 'drive-crypto-gpg-'))
    // A small S2K count: GnuPG's calibrated one costs OpenPGP.js a second per unlock.
    writeFileSync(join(home, 'gpg-agent.conf'), 's2k-count 65536\n')
    expect(gpg(['--quick-gen-key', 'Drive test <drive@test.invalid>', 'ed25519', 'sign,cert', 'never']).status).to.equal(0)
    expect(
      gpg([
        '--quick-add-key',
        gpg(['--list-keys', '--with-colons'])
          .stdout.toString()
          .match(/^fpr:+([\dA-F]+):/m)?.[1] ?? '',
        'cv25519',
        'encr',
        'never',
      ]).status,
    ).to.equal(0)
    armoredKey = gpg(['--armor', '--export-secret-keys', 'drive@test.invalid']).stdout.toString()
    // A recipient whose key asks for AES-128 (GnuPG's preference list): the session key the SDK makes for it follows.
    expect(gpg(['--default-preference-list', 'AES128 SHA256 Uncompressed', '--quick-gen-key', 'AES-128 <aes128@test.invalid>', 'ed25519', 'sign,cert', 'never']).status).to.equal(0)
    const aes128 =
      gpg(['--list-keys', '--with-colons', 'aes128@test.invalid'])
        .stdout.toString()
        .match(/^fpr:+([\dA-F]+):/m)?.[1] ?? ''
    expect(gpg(['--default-preference-list', 'AES128 SHA256 Uncompressed', '--quick-add-key', aes128, 'cv25519', 'encr', 'never']).status).to.equal(0)
    aes128Key = gpg(['--armor', '--export', 'aes128@test.invalid']).stdout.toString()
  })

  after(() => {
    spawnSync('gpgconf', ['--homedir', home, '--kill', 'gpg-agent'])
    rmSync(home, {force: true, recursive: true})
  })

  /** gpg in a home of its own (made fresh, under the suite's home), with `passphrase` for every key it opens. */
  const otherHome = () => {
    const dir = mkdtempSync(join(home, 'other-'))
    return (args: string[], passphrase: string, input?: Buffer | string | Uint8Array) => {
      const result = spawnSync('gpg', ['--homedir', dir, '--batch', '--pinentry-mode', 'loopback', '--passphrase', passphrase, '--trust-model', 'always', ...args], {
        input: input === undefined ? undefined : Buffer.from(input),
      })
      return {status: result.status, stderr: result.stderr.toString(), stdout: result.stdout}
    }
  }

  const file = (name: string, data: string | Uint8Array) => {
    const path = join(mkdtempSync(join(home, 'file-')), name)
    writeFileSync(path, data)
    return path
  }

  /** The data packet of a message OpenPGP.js wrote (new-format headers, its key packets first), to put behind a key packet made apart. */
  const dataPacketOf = (message: Uint8Array) => {
    let at = 0
    while ((message[at] & 0x3f) !== 18) {
      const first = message[at + 1]
      // One-, two- or five-octet lengths (RFC 9580 4.2.1); a key packet is never partial.
      const [header, length] = first < 192 ? [2, first] : first < 224 ? [3, ((first - 192) << 8) + message[at + 2] + 192] : [6, Buffer.from(message).readUInt32BE(at + 2)]
      at += header + length
    }

    return message.subarray(at)
  }

  it('imports the key GnuPG locked; encrypts and signs what GnuPG decrypts and verifies', async () => {
    const key = await proxy.importPrivateKey({armoredKey, passphrase: PASSPHRASE})
    const data = new TextEncoder().encode('Drive block 1 ✓')
    const {message} = await proxy.encryptMessage({binaryData: data, encryptionKeys: [key], signingKeys: key})
    const decrypted = gpg(['--decrypt'], message as string)
    expect(decrypted.status, decrypted.stderr).to.equal(0)
    expect(decrypted.stdout.toString()).to.equal('Drive block 1 ✓')
    expect(decrypted.stderr).to.include('Good signature from "Drive test <drive@test.invalid>"')
  })

  it('signs with a context GnuPG verifies as a known critical notation', async () => {
    const key = await proxy.importPrivateKey({armoredKey, passphrase: PASSPHRASE})
    const data = new TextEncoder().encode('key packet')
    const signature = await proxy.signMessage({binaryData: data, detached: true, format: 'armored', signatureContext: {critical: true, value: 'drive.share-member.member'}, signingKeys: key})
    const dir = mkdtempSync(join(home, 'sig-'))
    writeFileSync(join(dir, 'data'), data)
    writeFileSync(join(dir, 'data.asc'), signature as string)
    const verified = gpg(['--known-notation', 'context@proton.ch', '--verify-options', 'show-notations', '--verify', join(dir, 'data.asc'), join(dir, 'data')])
    expect(verified.status, verified.stderr).to.equal(0)
    expect(verified.stderr).to.match(/context@proton\.ch=drive\.share-member\.member/)
    const own = await proxy.verifyMessage({armoredSignature: signature as string, binaryData: data, signatureContext: {critical: true, value: 'drive.share-member.member'}, verificationKeys: key})
    expect(own.verificationStatus).to.equal(SIGNED_AND_VALID)
    const otherContext = await proxy.verifyMessage({armoredSignature: signature as string, binaryData: data, signatureContext: {critical: true, value: 'another'}, verificationKeys: key})
    expect(otherContext.verificationStatus).to.equal(SIGNED_AND_INVALID)
  })

  it('decrypts and verifies what GnuPG encrypted and signed; a tampered signature is invalid, none is unsigned', async () => {
    const key = await proxy.importPrivateKey({armoredKey, passphrase: PASSPHRASE})
    const made = gpg(['--encrypt', '--sign', '--recipient', 'drive@test.invalid', '--output', '-'], 'from GnuPG')
    expect(made.status, made.stderr).to.equal(0)
    const {data, verificationStatus} = await proxy.decryptMessage({binaryMessage: made.stdout, decryptionKeys: key, format: 'utf8', verificationKeys: key})
    expect([data, verificationStatus]).to.deep.equal(['from GnuPG', SIGNED_AND_VALID])
    const unsigned = gpg(['--encrypt', '--recipient', 'drive@test.invalid', '--output', '-'], 'plain')
    expect((await proxy.decryptMessage({binaryMessage: unsigned.stdout, decryptionKeys: key, format: 'utf8', verificationKeys: key})).verificationStatus).to.equal(NOT_SIGNED)

    const signature = gpg(['--detach-sign', '--output', '-'], 'signed text').stdout
    const good = await proxy.verifyMessage({binaryData: new TextEncoder().encode('signed text'), binarySignature: signature, verificationKeys: key})
    expect(good.verificationStatus).to.equal(SIGNED_AND_VALID)
    const tampered = Buffer.from(signature)
    tampered[tampered.length - 5] ^= 0x01
    const bad = await proxy.verifyMessage({binaryData: new TextEncoder().encode('signed text'), binarySignature: tampered, verificationKeys: key})
    expect(bad.verificationStatus).to.equal(SIGNED_AND_INVALID)
  })

  it('encrypts binary or armored, compressed when asked, unsigned without keys, a detached signature apart (GnuPG reads each)', async () => {
    const key = await proxy.importPrivateKey({armoredKey, passphrase: PASSPHRASE})
    const data = new TextEncoder().encode('Drive block 2 ✓')
    const binary = (await proxy.encryptMessage({binaryData: data, encryptionKeys: [key], format: 'binary', signingKeys: key})).message
    expect(binary).to.be.instanceOf(Uint8Array)
    const read = gpg(['--decrypt'], binary as Uint8Array)
    expect([read.status, read.stdout.toString()], read.stderr).to.deep.equal([0, 'Drive block 2 ✓'])
    expect(read.stderr).to.include('Good signature from "Drive test <drive@test.invalid>"')

    const armored = (await proxy.encryptMessage({binaryData: data, encryptionKeys: [key]})).message as string
    expect(armored).to.match(/^-----BEGIN PGP MESSAGE-----/)
    const unsigned = gpg(['--decrypt'], armored)
    expect([unsigned.status, unsigned.stdout.toString()], unsigned.stderr).to.deep.equal([0, 'Drive block 2 ✓'])
    expect(unsigned.stderr).not.to.include('signature')
    // The compressed packet (algorithm 2, zlib) is inside the encrypted one: GnuPG lists it once decrypted.
    expect(gpg(['--list-packets'], armored).stdout.toString()).not.to.include('compressed packet')
    const compressed = (await proxy.encryptMessage({binaryData: data, compress: true, encryptionKeys: [key], format: 'binary'})).message as Uint8Array
    expect(gpg(['--list-packets'], compressed).stdout.toString()).to.include('compressed packet: algo=2')
    expect(gpg(['--decrypt'], compressed).stdout.toString()).to.equal('Drive block 2 ✓')

    for (const format of ['binary', 'armored'] as const) {
      const {message, signature} = await proxy.encryptMessage({binaryData: data, detached: true, encryptionKeys: [key], format, signingKeys: key})
      expect(
        format === 'binary' ? message instanceof Uint8Array && signature instanceof Uint8Array : typeof message === 'string' && (signature as string).startsWith('-----BEGIN PGP SIGNATURE-----'),
      ).to.equal(true)
      const opened = gpg(['--decrypt'], message as Uint8Array | string)
      expect([opened.status, opened.stdout.toString()], opened.stderr).to.deep.equal([0, 'Drive block 2 ✓'])
      expect(opened.stderr).not.to.include('signature')
      const verified = gpg(['--verify', file('block.sig', signature as Uint8Array | string), file('block', data)])
      expect(verified.status, verified.stderr).to.equal(0)
      expect(verified.stderr).to.include('Good signature from "Drive test <drive@test.invalid>"')
    }
  })

  it('signs binary, without a context, and again with the same key; GnuPG verifies and sees no notation', async () => {
    const key = await proxy.importPrivateKey({armoredKey, passphrase: PASSPHRASE})
    const data = new TextEncoder().encode('node name')
    for (const round of [1, 2]) {
      const signature = await proxy.signMessage({binaryData: data, detached: true, format: 'binary', signingKeys: [key]})
      expect(signature, `round ${round}`).to.be.instanceOf(Uint8Array)
      const verified = gpg(['--verify-options', 'show-notations', '--verify', file('name.sig', signature as Uint8Array), file('name', data)])
      expect(verified.status, verified.stderr).to.equal(0)
      expect(verified.stderr).not.to.include('context@proton.ch')
    }
  })

  it('reads a context GnuPG writes as a critical notation; the same value under another name is no context', async () => {
    const key = await proxy.importPrivateKey({armoredKey, passphrase: PASSPHRASE})
    const data = new TextEncoder().encode('share member')
    const context = {critical: true, value: 'drive.share-member.inviter'}
    const withContext = gpg(['--sig-notation', '!context@proton.ch=drive.share-member.inviter', '--armor', '--detach-sign', '--output', '-'], data)
    expect(withContext.status, withContext.stderr).to.equal(0)
    const good = await proxy.verifyMessage({armoredSignature: withContext.stdout.toString(), binaryData: data, signatureContext: context, verificationKeys: [key]})
    expect(good.verificationStatus).to.equal(SIGNED_AND_VALID)

    const otherName = gpg(['--sig-notation', 'other@test.invalid=drive.share-member.inviter', '--armor', '--detach-sign', '--output', '-'], data)
    const bad = await proxy.verifyMessage({armoredSignature: otherName.stdout.toString(), binaryData: data, signatureContext: context, verificationKeys: [key]})
    expect(bad.verificationStatus).to.equal(SIGNED_AND_INVALID)
    expect(bad.errors?.map((error) => error.message)).to.deep.equal(["the signature's context is not drive.share-member.inviter"])
    // Without a context asked, the same signature is good: the other notation is not critical.
    expect((await proxy.verifyMessage({armoredSignature: otherName.stdout.toString(), binaryData: data, verificationKeys: [key]})).verificationStatus).to.equal(SIGNED_AND_VALID)
  })

  it('fails a signature whose context is critical where no context is expected, as pmcrypto does; a non-critical one is no bar', async () => {
    // pmcrypto verifyMessage (lib/message/verify.ts) declares context@proton.ch known to OpenPGP.js only with a context.
    const key = await proxy.importPrivateKey({armoredKey, passphrase: PASSPHRASE})
    const text = 'signed for a purpose'
    const data = new TextEncoder().encode(text)
    const critical = gpg(['--sig-notation', '!context@proton.ch=drive.share-member.inviter', '--detach-sign', '--output', '-'], data)
    const plain = gpg(['--sig-notation', 'context@proton.ch=drive.share-member.inviter', '--detach-sign', '--output', '-'], data)
    expect([critical.status, plain.status], critical.stderr + plain.stderr).to.deep.equal([0, 0])
    const verify = (binarySignature: Uint8Array, value?: string) =>
      proxy.verifyMessage({binaryData: data, binarySignature, verificationKeys: [key], ...(value === undefined ? {} : {signatureContext: {critical: true, value}})})

    const unexpected = await verify(critical.stdout)
    expect(unexpected.verificationStatus).to.equal(SIGNED_AND_INVALID)
    expect(unexpected.errors).to.have.length(1)
    expect((await verify(critical.stdout, 'drive.share-member.inviter')).verificationStatus).to.equal(SIGNED_AND_VALID)
    expect((await verify(critical.stdout, 'drive.share-member.member')).verificationStatus).to.equal(SIGNED_AND_INVALID)
    expect((await verify(plain.stdout)).verificationStatus).to.equal(SIGNED_AND_VALID)

    // decryptMessage is never given a context: a detached signature with a critical one fails there too.
    const message = gpg(['--encrypt', '--recipient', 'drive@test.invalid', '--output', '-'], text).stdout
    const opened = await Promise.all(
      [critical.stdout, plain.stdout].map((binarySignature) => proxy.decryptMessage({binaryMessage: message, binarySignature, decryptionKeys: [key], format: 'utf8', verificationKeys: [key]})),
    )
    expect(opened.map(({data, verificationStatus}) => [data, verificationStatus])).to.deep.equal([
      [text, SIGNED_AND_INVALID],
      [text, SIGNED_AND_VALID],
    ])
    // Tampered data under the right context stays invalid.
    const tampered = await proxy.verifyMessage({
      binaryData: new TextEncoder().encode(`${text}!`),
      binarySignature: critical.stdout,
      signatureContext: {critical: true, value: 'drive.share-member.inviter'},
      verificationKeys: [key],
    })
    expect(tampered.verificationStatus).to.equal(SIGNED_AND_INVALID)
  })

  it('decrypts armored and binary messages with detached signatures; no key to verify with or no signature is unsigned', async () => {
    const key = await proxy.importPrivateKey({armoredKey, passphrase: PASSPHRASE})
    const signed = gpg(['--armor', '--encrypt', '--sign', '--recipient', 'drive@test.invalid', '--output', '-'], 'armored from GnuPG').stdout.toString()
    const opened = await proxy.decryptMessage({armoredMessage: signed, decryptionKeys: [key], format: 'binary', verificationKeys: [key]})
    expect(opened.data).to.be.instanceOf(Uint8Array)
    expect([new TextDecoder().decode(opened.data as Uint8Array), opened.verificationStatus]).to.deep.equal(['armored from GnuPG', SIGNED_AND_VALID])
    const noKeys = await proxy.decryptMessage({armoredMessage: signed, decryptionKeys: [key], format: 'utf8'})
    expect([noKeys.data, noKeys.verificationStatus]).to.deep.equal(['armored from GnuPG', NOT_SIGNED])

    const text = 'block with a detached signature'
    const message = gpg(['--encrypt', '--recipient', 'drive@test.invalid', '--output', '-'], text).stdout
    const binarySignature = gpg(['--detach-sign', '--output', '-'], text).stdout
    const armoredSignature = gpg(['--armor', '--detach-sign', '--output', '-'], text).stdout.toString()
    const otherSignature = gpg(['--detach-sign', '--output', '-'], 'other text').stdout
    const detached = await Promise.all(
      [binarySignature, armoredSignature, otherSignature].map((signature) =>
        proxy.decryptMessage({
          binaryMessage: message,
          decryptionKeys: [key],
          format: 'utf8',
          verificationKeys: [key],
          ...(typeof signature === 'string' ? {armoredSignature: signature} : {binarySignature: signature}),
        }),
      ),
    )
    expect(detached.map(({data, verificationStatus}) => [data, verificationStatus])).to.deep.equal([
      [text, SIGNED_AND_VALID],
      [text, SIGNED_AND_VALID],
      [text, SIGNED_AND_INVALID],
    ])
    expect(detached[2].verificationErrors).to.have.length(1)
    expect(detached[2].verificationErrors?.[0]).to.be.instanceOf(Error)

    await proxy.decryptMessage({decryptionKeys: [key], format: 'utf8'}).then(
      () => expect.fail('decrypted no message'),
      (error: Error) => expect(error.message).to.equal('no message to read'),
    )
    const unsignedCheck = await proxy.verifyMessage({binaryData: new TextEncoder().encode(text), verificationKeys: [key]})
    expect(unsignedCheck.verificationStatus).to.equal(NOT_SIGNED)
    const noVerificationKeys = await proxy.verifyMessage({binaryData: new TextEncoder().encode(text), binarySignature, verificationKeys: []})
    expect(noVerificationKeys.verificationStatus).to.equal(NOT_SIGNED)
  })

  it("reads the session key GnuPG chose; a session key made for the key, encrypted to it or to a password, opens GnuPG's way", async () => {
    const key = await proxy.importPrivateKey({armoredKey, passphrase: PASSPHRASE})
    const made = gpg(['--encrypt', '--recipient', 'drive@test.invalid', '--output', '-'], 'content')
    const shown = gpg(['--show-session-key', '--decrypt'], made.stdout).stderr.match(/session key: '(\d+):([\dA-F]+)'/)
    expect(shown).not.to.equal(null)
    const armoredMade = gpg(['--armor', '--encrypt', '--recipient', 'drive@test.invalid', '--output', '-'], 'content').stdout.toString()
    const armoredShown = gpg(['--show-session-key', '--decrypt'], armoredMade).stderr.match(/session key: '(\d+):([\dA-F]+)'/)
    const [fromBinary, fromArmored] = await Promise.all([
      proxy.decryptSessionKey({binaryMessage: made.stdout, decryptionKeys: key}),
      proxy.decryptSessionKey({armoredMessage: armoredMade, decryptionKeys: key}),
    ])
    const hex = (sessionKey: unknown) =>
      Buffer.from((sessionKey as {data: Uint8Array}).data)
        .toString('hex')
        .toUpperCase()
    expect([hex(fromBinary), hex(fromArmored)]).to.deep.equal([shown?.[2], armoredShown?.[2]])
    // GnuPG 2.2 names AES-256 9; OpenPGP.js names it.
    expect([shown?.[1], (fromBinary as unknown as {algorithm: string}).algorithm]).to.deep.equal(['9', 'aes256'])

    const sessionKey = await proxy.generateSessionKey({recipientKeys: [key]})
    const data = (await proxy.encryptMessage({binaryData: new TextEncoder().encode('shared block'), encryptionKeys: [key], format: 'binary', sessionKey})).message as Uint8Array
    const dataPacket = dataPacketOf(data)
    const toKey = await proxy.encryptSessionKey({...sessionKey, encryptionKeys: [key], format: 'binary'})
    const toPassword = await proxy.encryptSessionKey({...sessionKey, format: 'binary', passwords: [PASSPHRASE]})
    for (const keyPacket of [toKey, toPassword]) {
      const opened = gpg(['--decrypt'], Buffer.concat([keyPacket, dataPacket]))
      expect([opened.status, opened.stdout.toString()], opened.stderr).to.deep.equal([0, 'shared block'])
    }

    expect(gpg(['--list-packets'], toPassword).stdout.toString()).to.match(/symkey enc packet/)
    const pgp = await import('openpgp')
    const forAes128 = await proxy.generateSessionKey({recipientKeys: [(await pgp.readKey({armoredKey: aes128Key})) as never]})
    expect([(sessionKey as unknown as {algorithm: string}).algorithm, (forAes128 as unknown as {algorithm: string}).algorithm]).to.deep.equal(['aes256', 'aes128'])
  })

  it("generates a key of Proton's kinds; exported locked or open, GnuPG imports it and uses it with that passphrase only", async () => {
    const generated = await proxy.generateKey({curve: 'ed25519Legacy', type: 'ecc', userIDs: [{name: 'Drive key'}]})
    const locked = await proxy.exportPrivateKey({passphrase: 'export passphrase', privateKey: generated})
    const other = otherHome()
    expect(other(['--import'], '', locked).status).to.equal(0)
    const listed = other(['--list-secret-keys', '--with-colons'], '').stdout.toString()
    // 22: EdDSA over ed25519 to sign, 18: ECDH over cv25519 to decrypt.
    expect(
      listed.match(/^(?:sec|ssb):[^:]*:[^:]*:(\d+):(?:[^:]*:){12}([^:]*):/gm)?.map((line) =>
        line
          .split(':')
          .filter((_, index) => index === 3 || index === 16)
          .join(' '),
      ),
    ).to.deep.equal(['22 ed25519', '18 cv25519'])
    const {message} = await proxy.encryptMessage({binaryData: new TextEncoder().encode('to the new key'), encryptionKeys: [generated], signingKeys: generated})
    expect(other(['--decrypt'], 'wrong passphrase', message as string).status).not.to.equal(0)
    const opened = other(['--decrypt'], 'export passphrase', message as string)
    expect([opened.status, opened.stdout.toString()], opened.stderr).to.deep.equal([0, 'to the new key'])
    expect(opened.stderr).to.include('Good signature from "Drive key"')

    // A key imported for decryption only (its signing packet still locked) is exported whole and open.
    const key = await proxy.importPrivateKey({armoredKey, passphrase: PASSPHRASE})
    const open = await proxy.exportPrivateKey({passphrase: null, privateKey: key})
    const third = otherHome()
    expect(third(['--import'], '', open).status).to.equal(0)
    const signed = third(['--sign', '--output', '-'], '', 'signed by the exported key')
    expect(signed.status, signed.stderr).to.equal(0)
    const reimported = await proxy.importPrivateKey({armoredKey: open, passphrase: null})
    const {data} = await proxy.decryptMessage({
      binaryMessage: gpg(['--encrypt', '--recipient', 'drive@test.invalid', '--output', '-'], 'for the open key').stdout,
      decryptionKeys: [reimported],
      format: 'utf8',
    })
    expect(data).to.equal('for the open key')
  })

  describe('keys the seal holds, read directly (issue 45)', () => {
    /** A proxy whose seal holds the GnuPG key (unlocked and written as account/key-seal.ts seals it), and its tally. */
    const sealedProxy = async () => {
      const pgp = await import('openpgp')
      const unlocked = await pgp.decryptKey({passphrase: PASSPHRASE, privateKey: await pgp.readPrivateKey({armoredKey})})
      const sealed = readKey(Buffer.from(unlocked.write()))
      const tally = {direct: 0, openpgp: 0}
      const sealedProxy = driveCryptoProxy({sealedDirectly: (record) => (record.PrivateKey === armoredKey && record.Token === PASSPHRASE ? sealed : undefined), tally})
      return {key: await sealedProxy.importPrivateKey({armoredKey, passphrase: PASSPHRASE}), proxy: sealedProxy, tally}
    }

    it("GnuPG's messages, session keys and signatures opened without OpenPGP.js: the same data, session key and verdicts", async () => {
      const {key, proxy: sealed, tally} = await sealedProxy()
      const made = gpg(['--encrypt', '--sign', '--recipient', 'drive@test.invalid', '--output', '-'], 'from GnuPG ✓')
      expect(made.status, made.stderr).to.equal(0)
      const opened = await sealed.decryptMessage({binaryMessage: made.stdout, decryptionKeys: key, format: 'binary', verificationKeys: key})
      expect([Buffer.from(opened.data as Uint8Array).toString(), opened.verificationStatus]).to.deep.equal(['from GnuPG ✓', SIGNED_AND_VALID])
      // The session key GnuPG says it chose.
      const shown = /session key: '(\d+):([\dA-F]+)'/.exec(gpg(['--show-session-key', '--decrypt', '--output', '/dev/null'], made.stdout).stderr)
      const sessionKey = (await sealed.decryptSessionKey({binaryMessage: made.stdout, decryptionKeys: key})) as unknown as {data: Uint8Array}
      expect(Buffer.from(sessionKey.data).toString('hex').toUpperCase()).to.equal(shown?.[2])

      const armored = gpg(['--encrypt', '--armor', '--recipient', 'drive@test.invalid', '--output', '-'], 'a node passphrase').stdout.toString()
      const detached = gpg(['--detach-sign', '--armor', '--output', '-'], 'a node passphrase').stdout.toString()
      const withDetached = await sealed.decryptMessage({armoredMessage: armored, armoredSignature: detached, decryptionKeys: key, format: 'binary', verificationKeys: [key]})
      expect([Buffer.from(withDetached.data as Uint8Array).toString(), withDetached.verificationStatus]).to.deep.equal(['a node passphrase', SIGNED_AND_VALID])
      // No key to verify with: unsigned, as pmcrypto says.
      expect((await sealed.decryptMessage({armoredMessage: armored, armoredSignature: detached, decryptionKeys: key, format: 'binary'})).verificationStatus).to.equal(NOT_SIGNED)
      const signature = gpg(['--detach-sign', '--output', '-'], 'a content key').stdout
      expect((await sealed.verifyMessage({binaryData: new TextEncoder().encode('a content key'), binarySignature: signature, verificationKeys: key})).verificationStatus).to.equal(SIGNED_AND_VALID)
      expect(tally).to.deep.equal({direct: 6, openpgp: 0})
    })

    it('a tampered signature, a signature context, text format: left to OpenPGP.js, which answers as without the seal; signing takes the OpenPGP.js form GnuPG verifies', async () => {
      const {key, proxy: sealed, tally} = await sealedProxy()
      const signature = gpg(['--detach-sign', '--output', '-'], 'signed text').stdout
      const tampered = Buffer.from(signature)
      tampered[tampered.length - 5] ^= 0x01
      const bad = await sealed.verifyMessage({binaryData: new TextEncoder().encode('signed text'), binarySignature: tampered, verificationKeys: key})
      expect(bad.verificationStatus).to.equal(SIGNED_AND_INVALID)
      const plainKey = await proxy.importPrivateKey({armoredKey, passphrase: PASSPHRASE})
      const plain = await proxy.verifyMessage({binaryData: new TextEncoder().encode('signed text'), binarySignature: tampered, verificationKeys: plainKey})
      expect(bad.errors?.map((error) => error.message)).to.deep.equal(plain.errors?.map((error) => error.message))
      // Only the import was done directly.
      expect(tally.direct).to.equal(1)

      const made = gpg(['--encrypt', '--sign', '--recipient', 'drive@test.invalid', '--output', '-'], 'as text')
      expect((await sealed.decryptMessage({binaryMessage: made.stdout, decryptionKeys: key, format: 'utf8', verificationKeys: key})).data).to.equal('as text')
      const context = await sealed.signMessage({
        binaryData: new TextEncoder().encode('member'),
        detached: true,
        format: 'armored',
        signatureContext: {critical: true, value: 'drive.share-member.member'},
        signingKeys: key,
      })
      const checked = await sealed.verifyMessage({
        armoredSignature: context as string,
        binaryData: new TextEncoder().encode('member'),
        signatureContext: {critical: true, value: 'another'},
        verificationKeys: key,
      })
      expect(checked.verificationStatus).to.equal(SIGNED_AND_INVALID)
      expect(tally.direct).to.equal(1)
      const verified = gpg(['--known-notation', 'context@proton.ch', '--verify', file('member.asc', context as string), file('member', 'member')])
      expect(verified.status, verified.stderr).to.equal(0)
      expect(verified.stderr).to.include('Good signature from "Drive test <drive@test.invalid>"')
    })
  })
})
