/**
 * crypto/direct's decryption against messages GnuPG and OpenPGP.js (in a process of its own) made: the data is what
 * they decrypt, the session key what gpg shows; every kind it does not read, every tampered or truncated message and
 * every message over maxBytes is Unsupported (the caller then asks OpenPGP.js), never data and never another error.
 */
import {createDeflateRaw, deflateRawSync, deflateSync, constants as zlib, inflateRawSync} from 'node:zlib'

import {expect} from 'chai'
import * as openpgp from 'openpgp'

import {decryptMessage, openSessionKey} from '../../../../src/lib/crypto/direct/decrypt.ts'
import {type DirectKeySet, readKey} from '../../../../src/lib/crypto/direct/keys.ts'
import {readPackets, Unsupported} from '../../../../src/lib/crypto/direct/packets.ts'
import {readSignatures, signedData, verifies} from '../../../../src/lib/crypto/direct/signatures.ts'
import {gnupgHome} from '../../../helpers/gnupg-home.ts'
import {framed, inOpenpgp, sealed} from '../../../helpers/pgp-fixtures.ts'

const ALICE = 'alice@gnupg.test'
/** LF lines, a CRLF one, trailing spaces, bytes that are not UTF-8. */
const PLAINTEXT = Buffer.concat([Buffer.from('Hello from GnuPG.\nSecond line   \r\nthird\n'), Buffer.from([0, 0xff, 0xfe, 10])])
const TEXT = 'Text from OpenPGP.js.\nA second line  \nand a third without an end'

interface Made {
  message: string
  armored: boolean
  /** What OpenPGP.js decrypts (format binary), base64. */
  data: string
}

/** Messages OpenPGP.js makes to alice's GnuPG key, and what it decrypts from each with her secret key. */
const MAKE = `
const alice = await pgp.readPrivateKey({binaryKey: bytes(input.aliceSecret)})
const {privateKey: signer} = await pgp.generateKey({type: 'ecc', curve: 'curve25519Legacy', userIDs: [{email: 'signer@openpgp.test'}], format: 'object'})
const {zlib, zip, uncompressed} = pgp.enums.compression
const text = () => pgp.createMessage({text: input.text})
const binary = () => pgp.createMessage({binary: bytes(input.binary)})
const messages = {}
for (const [name, message, options] of [
  ['text, ZLIB, signed inline, armored', await text(), {signingKeys: signer, config: {preferredCompressionAlgorithm: zlib}}],
  ['binary, ZIP, binary', await binary(), {format: 'binary', config: {preferredCompressionAlgorithm: zip}}],
  ['binary, uncompressed, signed inline, binary', await binary(), {format: 'binary', signingKeys: signer, config: {preferredCompressionAlgorithm: uncompressed}}],
  ['text, uncompressed, armored', await text(), {}],
  // AEAD (SEIPD v2) for a key that does not announce it: a session key that names its AEAD algorithm.
  ['AEAD (SEIPD v2, OCB)', await binary(), {format: 'binary', sessionKey: {algorithm: 'aes256', aeadAlgorithm: 'ocb', data: crypto.getRandomValues(new Uint8Array(32))}}],
  // aeadProtect alone: alice's key (GnuPG 2.2's) does not announce SEIPD v2, so OpenPGP.js writes v1.
  ['aeadProtect to a key without the feature', await binary(), {config: {aeadProtect: true}}],
]) {
  const encrypted = await pgp.encrypt({message, encryptionKeys: alice.toPublic(), ...options})
  const armored = typeof encrypted === 'string'
  const read = armored ? await pgp.readMessage({armoredMessage: encrypted}) : await pgp.readMessage({binaryMessage: encrypted})
  // expectSigned: OpenPGP.js has verified its own signatures before the data is taken.
  const {data} = await pgp.decrypt({message: read, decryptionKeys: alice, verificationKeys: signer, format: 'binary', expectSigned: 'signingKeys' in options})
  messages[name] = {armored, data: b64(data), message: armored ? encrypted : b64(encrypted)}
}
const detached = await pgp.sign({message: await text(), signingKeys: signer, detached: true})
return {detached, messages, signer: signer.toPublic().armor()}
`

const refused = (work: () => unknown) => expect(work).to.throw(Unsupported)

/** Each of `variants` of `message` refused, and never with another error: how many were tried. */
function allRefused(variants: Iterable<Buffer | string>, keys: readonly DirectKeySet[]): number {
  let count = 0
  for (const variant of variants) {
    count += 1
    let outcome: unknown = 'data'
    try {
      decryptMessage(variant, {keys})
    } catch (error) {
      outcome = error
    }

    expect(outcome, `variant ${count}`).to.be.instanceOf(Unsupported)
  }

  return count
}

describe('crypto/direct decryption: messages GnuPG and OpenPGP.js made', function () {
  this.timeout(60_000)
  const home = gnupgHome('proton-direct-decrypt-')
  let alice: DirectKeySet
  let alicePublic: DirectKeySet
  let made: {detached: string; messages: Record<string, Made>; signer: string}
  /** gpg --encrypt to alice of `data` (a file, or stdin when `piped`), with `options`. */
  let encrypt: (options: string[], data?: Buffer, piped?: boolean) => Buffer
  /** What gpg decrypts, and the session key it shows (ALGO:HEX). */
  let gpgDecrypt: (message: Buffer) => {data: Buffer; sessionKey: string}
  /** What OpenPGP.js (in this process, as a cross-check) decrypts with alice's key: the literal data as written. */
  let openpgpData: (message: Buffer) => Promise<Buffer>

  before(() => {
    home.open()
    home.makeKey(ALICE)
    const secret = home.gpg(['--export-secret-keys', ALICE]).stdout
    alice = readKey(secret)
    openpgpData = async (message) => {
      const decryptionKeys = await openpgp.readPrivateKey({binaryKey: secret})
      const {data} = await openpgp.decrypt({decryptionKeys, format: 'binary', message: await openpgp.readMessage({binaryMessage: message})})
      return Buffer.from(data)
    }

    alicePublic = readKey(home.gpg(['--export', ALICE]).stdout)
    encrypt = (options, data = PLAINTEXT, piped = false) => {
      const made = home.gpg(['--encrypt', '--recipient', ALICE, '--output', '-', ...options, ...(piped ? [] : [home.file('plain', data)])], piped ? data : undefined)
      expect(made.status, made.stderr).to.equal(0)
      return made.stdout
    }

    gpgDecrypt = (message) => {
      const opened = home.gpg(['--show-session-key', '--decrypt'], message)
      expect(opened.status, opened.stderr).to.equal(0)
      return {data: opened.stdout, sessionKey: /session key: '(\d+:[\dA-F]+)'/.exec(opened.stderr)?.[1] ?? ''}
    }

    made = inOpenpgp(MAKE, {aliceSecret: secret.toString('base64'), binary: PLAINTEXT.toString('base64'), text: TEXT})
  })
  after(() => home.close())

  for (const compression of ['none', 'zip', 'zlib']) {
    for (const armor of [false, true]) {
      it(`gpg --encrypt --compress-algo ${compression}${armor ? ' --armor' : ''}: the data gpg decrypts, no signature`, () => {
        const message = encrypt(['--compress-algo', compression, ...(armor ? ['--armor'] : [])])
        // The compression gpg used, as gpg lists the packets inside.
        const listed = home.gpg(['--list-packets'], message).stdout.toString()
        expect(/:compressed packet: algo=(\d)/.exec(listed)?.[1] ?? 'none').to.equal({none: 'none', zip: '1', zlib: '2'}[compression])
        const read = decryptMessage(armor ? message.toString() : message, {keys: [alice]})
        expect(read.data).to.deep.equal(gpgDecrypt(message).data)
        expect(read.data).to.deep.equal(PLAINTEXT)
        expect(read.signatures).to.deep.equal([])
      })
    }
  }

  it('gpg --compress-algo bzip2: Unsupported (gpg itself reads it)', () => {
    const message = encrypt(['--compress-algo', 'bzip2'])
    expect(gpgDecrypt(message).data).to.deep.equal(PLAINTEXT)
    refused(() => decryptMessage(message, {keys: [alice]}))
  })

  for (const textmode of [false, true]) {
    it(`gpg --sign --encrypt${textmode ? ' --textmode' : ''}: the data gpg decrypts; its signature verifies by alice’s public key`, async () => {
      const message = encrypt(['--sign', '--local-user', ALICE, ...(textmode ? ['--textmode'] : [])])
      const read = decryptMessage(message, {keys: [alice]})
      // The literal data as written, as OpenPGP.js gives it (format binary); in text mode gpg wrote its lines with
      // CRLF, and prints them with LF.
      expect(read.data).to.deep.equal(await openpgpData(message))
      expect(read.data.toString('latin1').replaceAll('\r\n', textmode ? '\n' : '\r\n')).to.equal(gpgDecrypt(message).data.toString('latin1'))
      expect(read.signatures).to.have.length(1)
      const [signature] = read.signatures
      expect(signature.type).to.equal(textmode ? 1 : 0)
      expect(verifies(signature, signedData(signature, read.data), [alicePublic])).to.equal(true)
      // A signature over other data: not verified, and never "verified".
      refused(() => verifies(signature, signedData(signature, Buffer.concat([read.data, Buffer.from('!')])), [alicePublic]))
    })
  }

  it('piped into gpg (partial body lengths): the data gpg decrypts', () => {
    const data = Buffer.alloc(300_000, 'partial lengths ')
    const message = encrypt(['--compress-algo', 'none'], data, true)
    // The PKESK (old format, one-octet length), then the SEIPD in the new format with a partial length.
    expect(message[0]).to.equal(0x84)
    const seipd = 2 + message[1]
    expect(message[seipd]).to.equal(0xd2)
    expect(message[seipd + 1]).to.be.within(224, 254)
    expect(decryptMessage(message, {keys: [alice]}).data).to.deep.equal(gpgDecrypt(message).data)
  })

  for (const cipher of ['AES128', 'AES192', 'AES256']) {
    it(`the session key (${cipher}): openSessionKey on the PKESK alone gives what gpg --show-session-key prints; the SEIPD alone opens with it`, () => {
      const message = encrypt(['--cipher-algo', cipher])
      const [pkesk, seipd] = readPackets(message)
      expect([pkesk.tag, seipd.tag]).to.deep.equal([1, 18])
      const sessionKey = openSessionKey(framed(1, pkesk.body), [alice])
      const shown = gpgDecrypt(message).sessionKey
      expect(`${{aes128: 7, aes192: 8, aes256: 9}[sessionKey.algorithm]}:${Buffer.from(sessionKey.data).toString('hex').toUpperCase()}`).to.equal(shown)
      expect(decryptMessage(framed(18, seipd.body), {sessionKey}).data).to.deep.equal(PLAINTEXT)
      // The recipient's public key alone (no secret): no session key. A session key changed, or of another size: no data.
      refused(() => openSessionKey(framed(1, pkesk.body), [alicePublic]))
      const changed = Buffer.from(sessionKey.data)
      changed[0] ^= 1
      refused(() => decryptMessage(framed(18, seipd.body), {sessionKey: {...sessionKey, data: changed}}))
      refused(() => decryptMessage(framed(18, seipd.body), {sessionKey: {...sessionKey, algorithm: sessionKey.algorithm === 'aes128' ? 'aes256' : 'aes128'}}))
    })
  }

  for (const name of [
    'text, ZLIB, signed inline, armored',
    'binary, ZIP, binary',
    'binary, uncompressed, signed inline, binary',
    'text, uncompressed, armored',
    'aeadProtect to a key without the feature',
  ]) {
    it(`OpenPGP.js: ${name}: the data OpenPGP.js decrypts; an inline signature verifies by the signer’s key`, () => {
      const {armored, data, message} = made.messages[name]
      const read = decryptMessage(armored ? message : Buffer.from(message, 'base64'), {keys: [alice]})
      expect(read.data).to.deep.equal(Buffer.from(data, 'base64'))
      expect(read.signatures).to.have.length(name.includes('signed') ? 1 : 0)
      for (const signature of read.signatures) {
        expect(verifies(signature, signedData(signature, read.data), [readKey(made.signer)])).to.equal(true)
        // Not one of these keys: false, not Unsupported.
        expect(verifies(signature, signedData(signature, read.data), [alicePublic])).to.equal(false)
      }
    })
  }

  it('OpenPGP.js: a text message and a detached signature over it: the signature verifies over the data decrypted', () => {
    const {data, message} = made.messages['text, uncompressed, armored']
    const read = decryptMessage(message, {keys: [alice]})
    expect(read.data).to.deep.equal(Buffer.from(data, 'base64'))
    // OpenPGP.js writes the text with its line ends canonicalised (CRLF).
    expect(read.data.toString()).to.equal(TEXT.replaceAll('\n', '\r\n'))
    const [signature] = readSignatures(made.detached)
    expect(verifies(signature, signedData(signature, read.data), [readKey(made.signer)])).to.equal(true)
  })

  it('AEAD (OpenPGP.js, SEIPD v2) and a passphrase-only message (gpg --symmetric): Unsupported', () => {
    const aead = made.messages['AEAD (SEIPD v2, OCB)']
    expect(Buffer.from(aead.data, 'base64')).to.deep.equal(PLAINTEXT)
    // A v6 PKESK (as SEIPD v2 asks) and the SEIPD v2.
    expect(readPackets(Buffer.from(aead.message, 'base64')).map(({body, tag}) => [tag, body[0]])).to.deep.equal([
      [1, 6],
      [18, 2],
    ])
    refused(() => decryptMessage(Buffer.from(aead.message, 'base64'), {keys: [alice]}))
    const symmetric = home.gpg(['--passphrase', 'a passphrase', '--symmetric', '--output', '-', home.file('plain', PLAINTEXT)])
    expect(symmetric.status, symmetric.stderr).to.equal(0)
    refused(() => decryptMessage(symmetric.stdout, {keys: [alice]}))
  })

  const SEALING = Buffer.alloc(32, 9)
  const sessionKey = {algorithm: 'aes256' as const, data: SEALING}
  /** Each reader's outcome on a message sealed under SEALING: its data and verdicts by alice's key, or that it refused. */
  async function outcomes(message: Buffer | string): Promise<{direct: string; openpgp: string}> {
    let direct = 'refused'
    try {
      const read = decryptMessage(message, {sessionKey})
      direct = `${read.data.toString('hex')} ${read.signatures.map((one) => verifies(one, signedData(one, read.data), [alicePublic])).join()}`
    } catch (error) {
      expect(error).to.be.instanceOf(Unsupported)
    }

    const verificationKeys = [await openpgp.readKey({binaryKey: home.gpg(['--export', ALICE]).stdout})]
    // OpenPGP.js refuses while reading or while decrypting.
    const read = await (typeof message === 'string' ? openpgp.readMessage({armoredMessage: message}) : openpgp.readMessage({binaryMessage: message}))
      .then(async (parsed) => openpgp.decrypt({format: 'binary', message: parsed, sessionKeys: sessionKey, verificationKeys}))
      .catch(() => undefined)
    const verdicts = await Promise.all(
      (read?.signatures ?? []).map(async (one) =>
        one.verified.then(
          () => true,
          () => false,
        ),
      ),
    )
    return {direct, openpgp: read ? `${Buffer.from(read.data as Uint8Array).toString('hex')} ${verdicts.join()}` : 'refused'}
  }

  /** Each case's outcomes, direct's held to OpenPGP.js's: for each, 'both read', 'both refuse' or 'direct refuses'. */
  async function compared(cases: Record<string, Buffer | string>): Promise<Record<string, string>> {
    const seen: Record<string, string> = {}
    for (const [name, message] of Object.entries(cases)) {
      const {direct, openpgp: theirs} = await outcomes(message)
      if (direct !== 'refused') expect(direct, name).to.equal(theirs)
      seen[name] = direct === 'refused' ? (theirs === 'refused' ? 'both refuse' : 'direct refuses') : 'both read'
    }

    return seen
  }

  it('packet sequences OpenPGP.js’s message grammar refuses (one-pass packets without their signatures, signatures without theirs, a PKESK after the data): Unsupported; the ones it takes: its data and verdicts', async () => {
    const data = Buffer.from('signed by alice\n')
    const detached = home.gpg(['--detach-sign', '--local-user', ALICE, '--output', '-', home.file('signed', data)])
    expect(detached.status, detached.stderr).to.equal(0)
    const signature = framed(2, readPackets(detached.stdout)[0].body)
    const literal = framed(11, Buffer.concat([Buffer.from('b\0\0\0\0\0'), data]))
    const onePass = framed(4, Buffer.concat([Buffer.from([3, 0, 8, 22]), alice.primary.keyId, Buffer.from([1])]))
    const seipd = (inner: Buffer) => sealed(inner, SEALING)
    const cases = {
      'one-pass, literal, signature': seipd(Buffer.concat([onePass, literal, signature])),
      'one-pass naming another issuer, literal, signature': seipd(Buffer.concat([framed(4, Buffer.concat([Buffer.from([3, 0, 8, 22]), Buffer.alloc(8, 7), Buffer.from([1])])), literal, signature])),
      'one-pass of a text signature, literal, a binary signature': seipd(
        Buffer.concat([framed(4, Buffer.concat([Buffer.from([3, 1, 8, 22]), alice.primary.keyId, Buffer.from([1])])), literal, signature]),
      ),
      'signature, literal': seipd(Buffer.concat([signature, literal])),
      'signature, one-pass, literal, signature': seipd(Buffer.concat([signature, onePass, literal, signature])),
      'one-pass twice, literal, signature': seipd(Buffer.concat([onePass, onePass, literal, signature])),
      'one-pass, literal': seipd(Buffer.concat([onePass, literal])),
      'literal, signature': seipd(Buffer.concat([literal, signature])),
      'one-pass, literal, signature twice': seipd(Buffer.concat([onePass, literal, signature, signature])),
      'literal, one-pass, signature': seipd(Buffer.concat([literal, onePass, signature])),
      'the data packet, then a PKESK': Buffer.concat([seipd(literal), readPackets(encrypt([])).map((packet) => framed(packet.tag, packet.body))[0]]),
    }
    const seen = await compared(cases)
    const read = `${data.toString('hex')} true`
    expect((await outcomes(cases['one-pass, literal, signature'])).direct).to.equal(read)
    expect(seen).to.deep.equal({
      'literal, one-pass, signature': 'both refuse',
      'literal, signature': 'both refuse',
      'one-pass twice, literal, signature': 'both refuse',
      'one-pass, literal': 'both refuse',
      'one-pass, literal, signature': 'both read',
      // OpenPGP.js reads these whole, but refuses them as a stream: direct leaves them to it.
      'one-pass naming another issuer, literal, signature': 'direct refuses',
      'one-pass of a text signature, literal, a binary signature': 'direct refuses',
      'one-pass, literal, signature twice': 'both refuse',
      'signature, literal': 'both read',
      'signature, one-pass, literal, signature': 'both read',
      'the data packet, then a PKESK': 'both refuse',
    })
  })

  it('content and armor read two ways (names, formats, compression trailers, partial lengths, armor shapes): read only as OpenPGP.js reads them', async () => {
    const data = Buffer.from('some content\n')
    const literal = (head = Buffer.from('b\0\0\0\0\0')) => framed(11, Buffer.concat([head, data]))
    const deflated = deflateRawSync(literal())
    const zlibbed = deflateSync(literal())
    const wrongAdler = Buffer.from(zlibbed)
    wrongAdler[wrongAdler.length - 1] ^= 1
    /** A packet in partial-length parts of one byte (a first part of one byte, as the RFC forbids), then its last. */
    const inParts = (tag: number, body: Buffer) => Buffer.concat([Buffer.from([0xc0 | tag]), ...[...body.subarray(0, -1)].map((byte) => Buffer.from([0xe0, byte])), Buffer.from([1, body.at(-1) ?? 0])])
    const sealedInParts = (inner: Buffer) => inParts(18, readPackets(sealed(inner, SEALING))[0].body)
    const binary = {
      'a literal': sealed(literal(), SEALING),
      'a file name that is not UTF-8': sealed(literal(Buffer.from([0x62, 2, 0xff, 0xfe, 0, 0, 0, 0])), SEALING),
      'a format octet of none of b, t, u, m': sealed(literal(Buffer.from([0x78, 0, 0, 0, 0, 0])), SEALING),
      'ZIP, then bytes after its last block': sealed(framed(8, Buffer.concat([Buffer.from([1]), deflated, Buffer.from('trailing')])), SEALING),
      'ZIP cut before its last block ends': sealed(framed(8, Buffer.concat([Buffer.from([1]), deflated.subarray(0, -2)])), SEALING),
      'ZLIB with a wrong Adler-32': sealed(framed(8, Buffer.concat([Buffer.from([2]), wrongAdler])), SEALING),
      'ZLIB, then bytes after it': sealed(framed(8, Buffer.concat([Buffer.from([2]), zlibbed, Buffer.from('trailing')])), SEALING),
      'a literal in one-byte partial parts': sealed(inParts(11, Buffer.concat([Buffer.from('b\0\0\0\0\0'), data])), SEALING),
      'the data packet in one-byte partial parts': sealedInParts(literal()),
    }
    const armored = openpgp.armor(openpgp.enums.armor.message, sealed(literal(), SEALING))
    const [begin, ...rest] = armored.trimEnd().split('\n')
    const body = rest.filter((line) => /^[\w+/=]+$/.test(line) && !line.startsWith('='))
    const crc = rest.find((line) => /^=[\w+/]{4}$/.test(line)) ?? ''
    const end = rest.at(-1) ?? ''
    const armor = (lines: string[], eol = '\n') => [begin, ...lines, end, ''].join(eol)
    const text = {
      'armored as OpenPGP.js armors': armored,
      'armored, CRLF': armor(['', ...body, crc], '\r\n'),
      'armored, a Version header': armor(['Version: GnuPG v2', '', ...body, crc]),
      'armored, a wrong CRC-24': armor(['', ...body, '=AAAA']),
      'armored, no CRC-24': armor(['', ...body]),
      'armored, no blank line after BEGIN': armor([...body, crc]),
      'armored, a first body line before a blank line': armor([body[0], '', ...body.slice(1), crc]),
      'armored, a header without its space': armor(['Version:x', '', ...body, crc]),
      'armored, a blank line inside the body': armor(['', body[0], '', ...body.slice(1), crc]),
      'armored, spaces after each line': armor(['', ...body, crc].map((line) => `${line}  `)),
      'armored, text before BEGIN': `Hello\n${armored}`,
      'armored, a second block after END': `${armored}${armored}`,
    }
    // Direct's reads were held to OpenPGP.js's in compared(); where they part, direct refuses.
    expect(await compared({...binary, ...text})).to.deep.equal({
      'a file name that is not UTF-8': 'both read',
      'a format octet of none of b, t, u, m': 'both read',
      'a literal': 'both read',
      'a literal in one-byte partial parts': 'both read',
      'armored as OpenPGP.js armors': 'both read',
      'armored, a blank line inside the body': 'both read',
      'armored, a first body line before a blank line': 'both refuse',
      'armored, a header without its space': 'direct refuses',
      'armored, a second block after END': 'direct refuses',
      'armored, a Version header': 'both read',
      'armored, a wrong CRC-24': 'both read',
      'armored, CRLF': 'both read',
      'armored, no blank line after BEGIN': 'both refuse',
      'armored, no CRC-24': 'both read',
      'armored, spaces after each line': 'both read',
      'armored, text before BEGIN': 'direct refuses',
      'the data packet in one-byte partial parts': 'both read',
      'ZIP cut before its last block ends': 'both refuse',
      'ZIP, then bytes after its last block': 'both refuse',
      'ZLIB with a wrong Adler-32': 'both refuse',
      'ZLIB, then bytes after it': 'both refuse',
    })
  })

  it('decryption keys OpenPGP.js would not use (a subkey without its binding, a binding changed, no valid self-certification): Unsupported', async () => {
    const secret = home.gpg(['--export-secret-keys', ALICE]).stdout
    const message = encrypt([])
    const packets = readPackets(secret)
    expect(packets.map(({tag}) => tag)).to.deep.equal([5, 13, 2, 7, 2])
    const rebuilt = (list: typeof packets) => Buffer.concat(list.map((packet) => framed(packet.tag, packet.body)))
    const changed = (packet: (typeof packets)[number]) => {
      const body = Buffer.from(packet.body)
      body[body.length - 3] ^= 1
      return {...packet, body}
    }

    const keys = {
      'as exported': rebuilt(packets),
      'the subkey without its binding': rebuilt(packets.slice(0, 4)),
      'the binding changed': rebuilt([...packets.slice(0, 4), changed(packets[4])]),
      'the self-certification changed': rebuilt([...packets.slice(0, 2), changed(packets[2]), ...packets.slice(3)]),
      'no user ID': rebuilt([packets[0], ...packets.slice(3)]),
    }
    const seen: Record<string, string> = {}
    for (const [name, key] of Object.entries(keys)) {
      let direct = 'refused'
      try {
        direct = decryptMessage(message, {keys: [readKey(key)]}).data.toString('hex')
      } catch (error) {
        expect(error, name).to.be.instanceOf(Unsupported)
      }

      const theirs = await openpgp
        .readPrivateKey({binaryKey: key})
        .then(async (decryptionKeys) => openpgp.decrypt({decryptionKeys, format: 'binary', message: await openpgp.readMessage({binaryMessage: message})}))
        .then(({data}) => Buffer.from(data as Uint8Array).toString('hex'))
        .catch(() => 'refused')
      if (direct !== 'refused') expect(direct, name).to.equal(theirs)
      seen[name] = direct === 'refused' ? (theirs === 'refused' ? 'both refuse' : 'direct refuses') : 'both read'
    }

    expect(seen).to.deep.equal({
      'as exported': 'both read',
      'no user ID': 'both refuse',
      'the binding changed': 'both refuse',
      'the self-certification changed': 'both refuse',
      'the subkey without its binding': 'both refuse',
    })
  })

  describe('tampered and truncated', () => {
    let small: Buffer
    before(() => {
      small = encrypt(['--compress-algo', 'none'], Buffer.from('tiny\n'))
      expect(decryptMessage(small, {keys: [alice]}).data.toString()).to.equal('tiny\n')
    })

    it('every byte of the SEIPD body flipped (each position, two ways): Unsupported, never data', () => {
      const [, seipd] = readPackets(small)
      const at = small.length - seipd.body.length
      expect(small.subarray(at)).to.deep.equal(seipd.body)
      const flipped = function* () {
        for (let index = at; index < small.length; index += 1) {
          for (const mask of [0x01, 0xff]) {
            const copy = Buffer.from(small)
            copy[index] ^= mask
            yield copy
          }
        }
      }

      expect(allRefused(flipped(), [alice])).to.equal(2 * seipd.body.length)
    })

    it('every byte of the PKESK body flipped: Unsupported, or the data only where OpenPGP.js decrypts it the same', async () => {
      const [pkesk] = readPackets(small)
      expect([small[0], small[1]]).to.deep.equal([0x84, pkesk.body.length])
      const read: number[] = []
      for (let index = 2; index < 2 + pkesk.body.length; index += 1) {
        const copy = Buffer.from(small)
        copy[index] ^= 0x01
        try {
          const {data} = decryptMessage(copy, {keys: [alice]})
          expect(data).to.deep.equal(await openpgpData(copy))
          read.push(index - 2)
        } catch (error) {
          expect(error, `byte ${index - 2}`).to.be.instanceOf(Unsupported)
        }
      }

      // Only the low bit of the ephemeral point's MPI bit count, which neither reader holds to the point's size.
      expect(read).to.deep.equal([11])
    })

    it('truncated at every length, binary and armored: Unsupported, never another error', () => {
      const armored = encrypt(['--compress-algo', 'none', '--armor'], Buffer.from('tiny\n')).toString()
      const cut = function* () {
        for (let length = 0; length < small.length; length += 1) yield small.subarray(0, length)
        for (let length = 0; length < armored.length - 30; length += 1) yield armored.slice(0, length)
      }

      expect(allRefused(cut(), [alice])).to.equal(small.length + armored.length - 30)
    })
  })

  describe('maxBytes', () => {
    it('data over maxBytes: Unsupported; at maxBytes: the data', () => {
      const message = encrypt(['--compress-algo', 'zlib'])
      expect(decryptMessage(message, {keys: [alice], maxBytes: PLAINTEXT.length}).data).to.deep.equal(PLAINTEXT)
      refused(() => decryptMessage(message, {keys: [alice], maxBytes: PLAINTEXT.length - 1}))
    })

    it('a compressed message that inflates to 1 GiB, maxBytes 1 MiB: Unsupported, and memory stays bounded (ZIP and ZLIB)', async () => {
      // A literal packet's header saying 1 GiB, then 1 MiB of zeros 1024 times: deflate's blocks after a full flush
      // stand alone, so each is compressed once and repeated.
      const deflate = createDeflateRaw({level: 9})
      const chunks: Buffer[] = []
      deflate.on('data', (chunk: Buffer) => chunks.push(chunk))
      const flushed = async (data: Buffer) => {
        deflate.write(data)
        await new Promise<void>((resolve) => deflate.flush(zlib.Z_FULL_FLUSH, () => resolve()))
        return Buffer.concat(chunks.splice(0))
      }

      const header = Buffer.from([0xcb, 0xff, 0, 0, 0, 0, ...Buffer.from('b\0'), 0, 0, 0, 0])
      header.writeUInt32BE(2 ** 30 + 6, 2)
      const start = await flushed(header)
      const zeros = await flushed(Buffer.alloc(1 << 20))
      deflate.destroy()
      const last = Buffer.from([0x03, 0x00])
      expect(inflateRawSync(Buffer.concat([start, zeros, zeros, last]))).to.deep.equal(Buffer.concat([header, Buffer.alloc(2 << 20)]))
      const raw = Buffer.concat([start, ...Array.from({length: 1024}, () => zeros), last])
      const key = Buffer.alloc(32, 7)
      const sessionKey = {algorithm: 'aes256' as const, data: key}
      // Sealed by hand, as gpg reads it: a small compressed message sealed the same way decrypts with the key.
      const small = sealed(framed(8, Buffer.concat([Buffer.from([1]), deflateRawSync(framed(11, Buffer.from('b\0\0\0\0\0sealed')))])), key)
      const checked = home.gpg(['--override-session-key', `9:${key.toString('hex')}`, '--decrypt'], small)
      expect(checked.status, checked.stderr).to.equal(0)
      expect(checked.stdout.toString()).to.equal('sealed')
      expect(decryptMessage(small, {sessionKey}).data.toString()).to.equal('sealed')
      const peak = process.resourceUsage().maxRSS
      for (const body of [Buffer.concat([Buffer.from([1]), raw]), Buffer.concat([Buffer.from([2, 0x78, 0xda]), raw])]) {
        const bomb = sealed(framed(8, body), key)
        expect(bomb.length).to.be.below(2 << 20)
        refused(() => decryptMessage(bomb, {maxBytes: 1 << 20, sessionKey}))
      }

      // maxRSS is in KiB: 1 GiB inflated would raise it by that much.
      expect(process.resourceUsage().maxRSS - peak).to.be.below(256 << 10)
    })
  })
})
