/**
 * PGP/MIME bodies in mail read (issue 21), the built binary against `proton
 * sandbox`: the seeded message from sam@example.test (MIMEType
 * multipart/mixed; a multipart/signed around text in ISO-8859-1
 * quoted-printable, HTML in base64 and a CSV attachment; src/sandbox/fixtures/
 * mime-fixture.ts), and MIME trees the tests encrypt to the address key
 * and add (POST /__sandbox/messages): HTML only, broken, without a text
 * part, with escape codes, with a signature that does not hold.
 */
import {expect} from 'chai'
import * as openpgp from 'openpgp'

import {MIME_FIXTURE} from '../../src/sandbox/fixtures/mime-fixture.ts'
import {crlf, pgpMimeSuite} from '../helpers/pgp-mime-suite.ts'
import type {RunResult} from '../helpers/run-binary.ts'

// Control characters but line breaks and tabs: none may reach the terminal.
// eslint-disable-next-line no-control-regex
const RAW_CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/
const SAM_TEXT = 'Thanks, the quarterly report looks good.\n\nThe figures for Q1 are attached.\n\nGrüße,\nSam\n\n> Here is the report.\n'

describe('PGP/MIME bodies: mail read of multipart messages (built binary)', function () {
  this.timeout(60_000)
  const pgp = pgpMimeSuite()
  const {addMime, proton} = pgp

  /** One "Error:" line naming the message, exit 1, nothing on stdout, no stack trace: the cause. */
  function refused(result: RunResult, id: string): string {
    expect(result.status, result.stderr).to.equal(1)
    expect(result.stdout.length).to.equal(0)
    expect(result.stderr).to.not.match(/\n\s+at /)
    const errors = result.stderr.split('\n').filter((line) => line.startsWith('Error:'))
    expect(errors).to.have.length(1)
    expect(errors[0].startsWith(`Error: message ${id}: `)).to.equal(true)
    return errors[0].slice(`Error: message ${id}: `.length)
  }

  it('the seeded PGP/MIME message: the text part (quoted-printable ISO-8859-1 decoded), the embedded attachment listed, the inner signature verified', async () => {
    // Message IDs go after "--": a base64url ID may begin with "-".
    const result = await proton(['mail', 'read', '--', pgp.samId])
    expect(result.status, result.stderr).to.equal(0)
    expect(result.stderr).to.equal('')
    const out = result.stdout.toString('utf8')
    expect(out).to.match(/^From: +Sam Lee <sam@example\.test>\nTo: +demo <demo@proton\.test>\nDate: +2024-12-31T20:00:00\+00:00\nSubject: +Re: quarterly report\n/)
    expect(out).to.match(/\nSignature: +verified \(signed by a key of the sender’s\)\nAttachments: +q1-figures\.csv \(40 B\)\n\n/)
    expect(out).to.include(`\n\n${SAM_TEXT}`).and.not.include('<p>').and.not.include('=FC').and.not.include('Content-Type')
  })

  it('--html prints the HTML part (base64 UTF-8 decoded); --output json the record with the shown body in Body and the parts in MIME', async () => {
    const html = await proton(['mail', 'read', '--html', '--', pgp.samId])
    expect(html.status, html.stderr).to.equal(0)
    expect(html.stdout.toString('utf8')).to.match(/Attachments: +q1-figures\.csv \(40 B\)\n\n<html><body><p>Thanks, the quarterly report looks <b>good<\/b>\.<\/p>.*Grüße,<br>Sam/)
    const result = await proton(['mail', 'read', '--output', 'json', '--', pgp.samId])
    expect(result.status, result.stderr).to.equal(0)
    const json = JSON.parse(result.stdout.toString('utf8')) as Record<string, unknown> & {MIME: Record<string, unknown>}
    expect(json).to.include({ID: pgp.samId, MIMEType: 'multipart/mixed', Subject: 'Re: quarterly report'})
    expect(json.Attachments).to.deep.equal([])
    expect(String(json.Body).startsWith(SAM_TEXT)).to.equal(true)
    expect(json.MIME.BodyMIMEType).to.equal('text/plain')
    expect(json.MIME.Text).to.equal(json.Body)
    expect(json.MIME.HTML).to.match(/^<html><body><p>Thanks/)
    expect(json.MIME.Attachments).to.deep.equal([{ContentID: null, Disposition: 'attachment', ID: 'mime:1', MIMEType: 'text/csv', Name: 'q1-figures.csv', Size: 40}])
    // No protected subject in this tree: the service's Subject is the one.
    expect(json.MIME.Subject).to.equal(null)
    const htmlJson = JSON.parse((await proton(['mail', 'read', '--html', '--output', 'json', '--', pgp.samId])).stdout.toString('utf8')) as {Body: string; MIME: {BodyMIMEType: string}}
    expect(htmlJson.MIME.BodyMIMEType).to.equal('text/html')
    expect(htmlJson.Body).to.match(/^<html><body>/)
  })

  it('an HTML part alone, nested in multipart/related with an inline image: shown as readable text, the image listed', async () => {
    const id = await addMime(
      crlf([
        'Content-Type: multipart/mixed; boundary="m"',
        '',
        '--m',
        'Content-Type: multipart/related; boundary="r"',
        '',
        '--r',
        'Content-Type: text/html; charset=utf-8',
        'Content-Transfer-Encoding: quoted-printable',
        '',
        '<h1>Menu</h1><ul><li>Soup</li><li>Cr=C3=AApes</li></ul><img src=3D"cid:logo@x">',
        '--r',
        'Content-Type: image/png; name=logo.png',
        'Content-ID: <logo@x>',
        'Content-Transfer-Encoding: base64',
        '',
        Buffer.alloc(2048, 1).toString('base64'),
        '--r--',
        '--m--',
        '',
      ]),
    )
    const result = await proton(['mail', 'read', '--', id])
    expect(result.status, result.stderr).to.equal(0)
    const out = result.stdout.toString('utf8')
    expect(out).to.match(/Signature: +none \(the body is not signed\)\nAttachments: +logo\.png \(2\.0 KiB\)\n\n/)
    expect(out).to.include(' * Crêpes').and.include('MENU').and.not.include('<li>')
    expect((await proton(['mail', 'read', '--html', '--', id])).stdout.toString('utf8')).to.include('<li>Crêpes</li>')
  })

  it('a body that is not MIME, or a MIME tree without a text part: one line naming the message and the cause, exit 1, nothing on stdout', async () => {
    const plain = await addMime('Dear reader,\n\nthis is not MIME at all, whatever the MIMEType says.\n')
    const notMime = await proton(['mail', 'read', '--', plain])
    expect(refused(notMime, plain)).to.equal('the decrypted body is not MIME (no Content-Type header)')
    expect(notMime.stderr).to.not.include('Dear reader')

    const cut = await addMime(crlf(['Content-Type: multipart/mixed; boundary="never-there"', '', 'Secret plaintext that must not leak.', '']))
    const broken = await proton(['mail', 'read', '--output', 'json', '--', cut])
    expect(refused(broken, cut)).to.equal('the decrypted body is not valid MIME (its multipart/mixed boundary never occurs)')
    expect(broken.stderr).to.not.include('Secret plaintext')

    const onlyFile = await addMime(
      crlf(['Content-Type: multipart/mixed; boundary=b', '', '--b', 'Content-Type: application/pdf', 'Content-Disposition: attachment; filename=a.pdf', '', '%PDF-1.4', '--b--', '']),
    )
    expect(refused(await proton(['mail', 'read', '--', onlyFile]), onlyFile)).to.equal('its MIME tree has no text part (only 1 attachment)')
  })

  it('escape codes from the sender (in a file name, an encoded-word file name, the text) never reach the terminal raw', async () => {
    const id = await addMime(
      Buffer.from(
        crlf([
          'Content-Type: multipart/mixed; boundary=b',
          '',
          '--b',
          'Content-Type: text/plain; charset=utf-8',
          '',
          'Look: \u001b[2J\u001b]0;owned\u0007 and a CSI \u009b31m done.\ttab kept',
          '--b',
          'Content-Type: application/octet-stream; name="evil\u001b[31m.bin"',
          'Content-Disposition: attachment',
          '',
          'x',
          '--b',
          'Content-Type: application/octet-stream',
          'Content-Disposition: attachment; filename="=?utf-8?q?also=1B=5D0;t=07.bin?="',
          '',
          'y',
          '--b--',
          '',
        ]),
      ),
    )
    const result = await proton(['mail', 'read', '--', id])
    expect(result.status, result.stderr).to.equal(0)
    const out = result.stdout.toString('utf8')
    expect(out).to.not.match(RAW_CONTROLS)
    expect(out).to.match(/Attachments: +evil\?\[31m\.bin \(2 B\), also\?\]0;t\?\.bin \(2 B\)\n/)
    expect(out).to.include(String.raw`Look: \x1b[2J\x1b]0;owned\x07 and a CSI \u009b31m done.` + '\ttab kept')
    // --output json carries C0 controls as JSON escapes (the data as it is: JSON leaves C1 and DEL as they are).
    const json = (await proton(['mail', 'read', '--output', 'json', '--', id])).stdout.toString('utf8')
    expect(json).to.not.include('\u001b').and.not.include('\u0007')
    expect(json).to.include(String.raw`evil\u001b[31m.bin`)
  })

  it('an inner signature that does not hold (multipart/signed by a key that is not the sender’s): FAILED, and a warning on stderr', async () => {
    const impostor = await openpgp.generateKey({curve: 'curve25519Legacy', format: 'object', type: 'ecc', userIDs: [{email: MIME_FIXTURE.senderAddress}]})
    const entity = crlf(['Content-Type: text/plain; charset=utf-8', '', 'Please wire the money today.', ''])
    const signature = await openpgp.sign({detached: true, format: 'armored', message: await openpgp.createMessage({binary: Buffer.from(entity)}), signingKeys: impostor.privateKey})
    const mime = crlf([
      'Content-Type: multipart/signed; micalg=pgp-sha512; protocol="application/pgp-signature"; boundary="s"',
      '',
      '--s',
      entity,
      '--s',
      'Content-Type: application/pgp-signature',
      '',
      signature,
      '--s--',
      '',
    ])
    const id = await addMime(mime, {sender: MIME_FIXTURE.senderAddress})
    const result = await proton(['mail', 'read', '--', id])
    expect(result.status, result.stderr).to.equal(0)
    const out = result.stdout.toString('utf8')
    expect(out)
      .to.match(/Signature: +FAILED/)
      .and.include('Please wire the money today.')
      .and.not.include('Attachments:')
    expect(result.stderr).to.include(`Warning: message ${id}: the signature does not match the sender’s published keys`)
  })
})
