import {expect} from 'chai'

import {isMimeMessage, MAX_MIME_BYTES, MAX_MIME_LINES, MAX_MIME_PARTS, MimeBodyError, MimeBoundError, parseContentType, parseMimeBody} from '../../../src/lib/mail/mime-body.ts'

const crlf = (lines: string[]) => lines.join('\r\n')
const b64 = (text: string | Buffer) => Buffer.from(text).toString('base64')

/** multipart/mixed { multipart/alternative { text/plain, text/html }, attachment }, as a PGP/MIME sender writes it. */
function mixed({html = '<p>Hello <b>there</b></p>', name = 'report.csv', text = 'Gr=FC=DFe from the text part=0A'} = {}): string {
  return crlf([
    'Content-Type: multipart/mixed; boundary="outer"',
    'Subject: the inner subject',
    '',
    'A preamble no one reads',
    '--outer',
    'Content-Type: multipart/alternative; boundary=inner',
    '',
    '--inner',
    'Content-Type: text/plain; charset="ISO-8859-1"',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    text,
    '--inner',
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    b64(html),
    '--inner--',
    '--outer',
    `Content-Type: text/csv; name="${name}"`,
    `Content-Disposition: attachment; filename="${name}"`,
    'Content-Transfer-Encoding: base64',
    '',
    b64('a,b\n1,2\n'),
    '--outer--',
    '',
  ])
}

async function refusal(body: string | Buffer): Promise<string> {
  try {
    await parseMimeBody(Buffer.from(body))
  } catch (error) {
    expect(error).to.be.instanceOf(MimeBodyError)
    return (error as Error).message
  }

  throw new Error('parseMimeBody accepted it')
}

describe('keys/mime-body: a PGP/MIME body taken apart', () => {
  it('finds the text and HTML alternatives in a nested tree, decoding quoted-printable, base64 and the charsets, and lists the attachment', async () => {
    const parsed = await parseMimeBody(Buffer.from(mixed()))
    // postal-mime keeps the line break that precedes a delimiter (RFC 2046 gives it to the delimiter): one more "\n".
    expect(parsed.text).to.equal('Grüße from the text part\n\n')
    expect(parsed.html).to.equal('<p>Hello <b>there</b></p>')
    expect(parsed.attachments).to.deep.equal([{ContentID: null, Disposition: 'attachment', ID: 'mime:1', MIMEType: 'text/csv', Name: 'report.csv', Size: 8}])
    expect(parsed.contents.map((content) => Buffer.from(content).toString('utf8'))).to.deep.equal(['a,b\n1,2\n'])
    expect(parsed.signed).to.equal(undefined)
    // The top entity's Subject (pmcrypto processMIME's mimeSubject).
    expect(parsed.subject).to.equal('the inner subject')
  })

  it('an HTML part alone: no text (the caller makes the HTML readable); a single text/plain entity: its text', async () => {
    const htmlOnly = crlf(['Content-Type: multipart/mixed; boundary=b', '', '--b', 'Content-Type: text/html; charset=utf-8', '', '<p>only HTML</p>', '--b--', ''])
    const parsed = await parseMimeBody(Buffer.from(htmlOnly))
    expect(parsed.text).to.equal(undefined)
    expect(parsed.html).to.include('<p>only HTML</p>')
    const single = await parseMimeBody(Buffer.from(crlf(['Content-Type: text/plain; charset=windows-1252', 'Content-Transfer-Encoding: 8bit', '', 'price: 5 \u0080', '']), 'latin1'))
    expect(single.text).to.equal('price: 5 €\n')
  })

  it('names an attachment without a file name "attachment", decodes encoded words in file names, and keeps inline images with their Content-ID', async () => {
    const body = crlf([
      'Content-Type: multipart/related; boundary=r',
      '',
      '--r',
      'Content-Type: text/html',
      '',
      '<img src="cid:logo@x">',
      '--r',
      'Content-Type: image/png',
      'Content-ID: <logo@x>',
      'Content-Transfer-Encoding: base64',
      '',
      b64(Buffer.alloc(10)),
      '--r',
      'Content-Type: application/octet-stream',
      'Content-Disposition: attachment; filename="=?utf-8?q?r=C3=A9sum=C3=A9.pdf?="',
      '',
      'xyz',
      '--r',
      'Content-Type: application/octet-stream',
      '',
      'abc',
      '--r--',
      '',
    ])
    const {attachments} = await parseMimeBody(Buffer.from(body))
    expect(attachments.map(({ContentID, Name, Size}) => [Name, Size, ContentID])).to.deep.equal([
      ['attachment', 10, '<logo@x>'],
      // Not transfer-encoded, a part keeps the line break before the delimiter (see above): 3 bytes and "\n".
      ['résumé.pdf', 4, null],
      ['attachment', 4, null],
    ])
  })

  it('refuses what is not MIME: no header block, no Content-Type, a multipart without a boundary or whose boundary never occurs, too deep a tree', async () => {
    expect(await refusal('just some text')).to.equal('the decrypted body is not MIME (no header block)')
    expect(await refusal('Hello,\n\nthis is a letter, not MIME.\n')).to.equal('the decrypted body is not MIME (no Content-Type header)')
    expect(await refusal('\r\n\r\nContent-Type: text/plain\r\n')).to.equal('the decrypted body is not MIME (no Content-Type header)')
    expect(await refusal('Content-Type: multipart/mixed\r\n\r\n--x\r\nContent-Type: text/plain\r\n\r\nhi\r\n--x--\r\n')).to.equal(
      'the decrypted body is not valid MIME (multipart/mixed without a boundary)',
    )
    expect(await refusal('Content-Type: multipart/mixed; boundary=b\r\n\r\nno parts at all\r\n')).to.equal('the decrypted body is not valid MIME (its multipart/mixed boundary never occurs)')
    expect(await refusal('Content-Type: garbage\r\n\r\nhi\r\n')).to.match(/^the decrypted body is not MIME \(Content-Type "garbage"\)$/)
    const deep = Array.from({length: 80}, (_, index) => `Content-Type: multipart/mixed; boundary=b${index}\r\n\r\n--b${index}\r\n`).join('') + 'Content-Type: text/plain\r\n\r\nx\r\n'
    expect(await refusal(deep))
      .to.match(/^the decrypted body is not valid MIME \(.+\)$/)
      .and.not.include('boundary')
  })

  it('refuses a tree without a text part, saying what it holds instead', async () => {
    const attachmentOnly = crlf(['Content-Type: multipart/mixed; boundary=b', '', '--b', 'Content-Type: image/png', 'Content-Disposition: attachment; filename=a.png', '', 'png', '--b--', ''])
    expect(await refusal(attachmentOnly)).to.equal('its MIME tree has no text part (only 1 attachment)')
    expect(await refusal(crlf(['Content-Type: multipart/mixed; boundary=b', '', '--b', '--b--', '']))).to.equal('its MIME tree has no text part (nothing else either)')
  })

  it('numbers the attachments mime:1, mime:2 … in the order their parts occur, nested ones included, the signature of a multipart/signed not counted', async () => {
    const inner = crlf([
      'Content-Type: multipart/mixed; boundary=m',
      '',
      '--m',
      'Content-Type: text/plain',
      '',
      'hi',
      '--m',
      'Content-Type: multipart/related; boundary=r',
      '',
      '--r',
      'Content-Type: image/png; name=one.png',
      '',
      '1',
      '--r--',
      '--m',
      'Content-Type: application/pdf; name=two.pdf',
      '',
      '2',
      '--m--',
      '',
    ])
    const body = crlf([
      'Content-Type: multipart/signed; protocol="application/pgp-signature"; boundary=s',
      '',
      '--s',
      inner,
      '--s',
      'Content-Type: application/pgp-signature',
      '',
      '-----BEGIN PGP SIGNATURE-----',
      '',
      '-----END PGP SIGNATURE-----',
      '--s--',
      '',
    ])
    const parsed = await parseMimeBody(Buffer.from(body))
    expect(parsed.attachments.map(({ID, Name}) => [ID, Name])).to.deep.equal([
      ['mime:1', 'one.png'],
      ['mime:2', 'two.pdf'],
    ])
    expect(parsed.contents).to.have.length(2)
    expect(parsed.signed).to.not.equal(undefined)
  })

  it('a tree without a text part is taken as it is when asked (attachments are listed and saved)', async () => {
    const attachmentOnly = crlf(['Content-Type: multipart/mixed; boundary=b', '', '--b', 'Content-Type: image/png', 'Content-Disposition: attachment; filename=a.png', '', 'png', '--b--', ''])
    const parsed = await parseMimeBody(Buffer.from(attachmentOnly), {requireText: false})
    expect(parsed.text).to.equal(undefined)
    expect(parsed.attachments.map(({ID, Name}) => `${ID} ${Name}`)).to.deep.equal(['mime:1 a.png'])
  })

  it('the protected subject: a memory-hole header part from the sender first, else the top entity’s (the signed one’s) Subject', async () => {
    const headers = (from: string, size = 0) => ['--outer', 'Content-Type: text/rfc822-headers', '', `From: <${from}>`, `Subject: hidden from ${from}${'x'.repeat(size)}`, '']
    const withHeaders = (from: string, size?: number) => mixed().replace('--outer--', crlf([...headers(from, size), '--outer--']))
    expect((await parseMimeBody(Buffer.from(withHeaders('sam@example.test')), {sender: 'Sam@Example.test'})).subject).to.equal('hidden from sam@example.test')
    // Another From, no sender to check it with, or a part too large to be headers: the top entity's Subject.
    expect((await parseMimeBody(Buffer.from(withHeaders('eve@example.test')), {sender: 'sam@example.test'})).subject).to.equal('the inner subject')
    expect((await parseMimeBody(Buffer.from(withHeaders('sam@example.test')))).subject).to.equal('the inner subject')
    const large = await parseMimeBody(Buffer.from(withHeaders('sam@example.test', 2000)), {sender: 'sam@example.test'})
    expect(large.subject).to.equal('the inner subject')
    expect(large.attachments.map(({Name}) => Name)).to.deep.equal(['report.csv', 'attachment'])
    // The header part is named as pmcrypto names it.
    expect((await parseMimeBody(Buffer.from(withHeaders('sam@example.test')))).attachments.map(({Name}) => Name)).to.deep.equal(['report.csv', 'Encrypted Headers.txt'])
    // A multipart/signed: the Subject of the signed entity, not of the outer one.
    const signed = crlf([
      'Content-Type: multipart/signed; protocol="application/pgp-signature"; boundary=s',
      'Subject: outer',
      '',
      '--s',
      'Content-Type: text/plain',
      'Subject: signed inner',
      '',
      'hi',
      '--s',
      'Content-Type: application/pgp-signature',
      '',
      'sig',
      '--s--',
      '',
    ])
    expect((await parseMimeBody(Buffer.from(signed))).subject).to.equal('signed inner')
    expect((await parseMimeBody(Buffer.from(crlf(['Content-Type: text/plain', '', 'no subject', ''])))).subject).to.equal(undefined)
  })

  it('marks an attachment whose base64 body is damaged (a character outside the alphabet, padding inside, cut short), and no other', async () => {
    const part = (name: string, body: string, type = 'application/octet-stream') => ['--outer', `Content-Type: ${type}; name=${name}`, 'Content-Transfer-Encoding: base64', '', body]
    const body = (parts: string[][]) => mixed().replace('--outer--', crlf([...parts.flat(), '--outer--']))
    const parsed = await parseMimeBody(Buffer.from(body([part('ok.bin', 'QUJD\r\nREVG'), part('bang.bin', 'QUJD\r\nRE!G'), part('pad.bin', 'QQ==QUJD'), part('cut.bin', 'QUJDR')])))
    expect(parsed.attachments.map(({Name}) => Name)).to.deep.equal(['report.csv', 'ok.bin', 'bang.bin', 'pad.bin', 'cut.bin'])
    expect(parsed.damage).to.deep.equal([
      undefined,
      undefined,
      'its base64 body holds "!" on line 2',
      'its base64 body has padding before its end',
      'its base64 body is cut short (5 characters, not a multiple of 4)',
    ])
    // A tree the walk does not follow as postal-mime does (a nested message/rfc822): nothing marked rather than the wrong part.
    const nested = body([['--outer', 'Content-Type: message/rfc822', '', 'Content-Type: text/plain', '', 'forwarded'], part('bang.bin', 'RE!G')])
    expect((await parseMimeBody(Buffer.from(nested))).damage.every((damage) => damage === undefined)).to.equal(true)
  })

  it('hands back what the sender wrote, control characters included (the command escapes them for the terminal)', async () => {
    const parsed = await parseMimeBody(Buffer.from(mixed({name: 'evil\u001b[2J.csv', text: 'red =1B[31mtext'})))
    expect(parsed.text).to.equal('red \u001b[31mtext\n')
    expect(parsed.attachments[0].Name).to.equal('evil\u001b[2J.csv')
  })

  it('reads Content-Type parameters: quoted, escaped, semicolons inside quotes, names in any case', () => {
    const {params, type} = parseContentType('Multipart/Signed; Protocol="application/pgp-signature"; micalg=pgp-sha256; boundary="a;b\\"c"')
    expect(type).to.equal('multipart/signed')
    expect(Object.fromEntries(params)).to.deep.equal({boundary: 'a;b"c', micalg: 'pgp-sha256', protocol: 'application/pgp-signature'})
  })
})

describe('parseMimeBody: forwarded messages', () => {
  it('keeps a message/rfc822 part as one attachment, however deep its own nesting (not parsed in, not merged into the text)', async () => {
    // 2,000 messages, each forwarding the next: parsed in, each would take a parser of its own.
    let inner = crlf(['Subject: the innermost', 'Content-Type: text/plain', '', 'buried text'])
    for (let level = 0; level < 2000; level++) inner = crlf(['Subject: forwarded', 'Content-Type: message/rfc822', '', inner])
    const body = crlf(['Content-Type: multipart/mixed; boundary=b', '', '--b', 'Content-Type: text/plain', '', 'Here it is.', '--b', 'Content-Type: message/rfc822', '', inner, '--b--', ''])
    const parsed = await parseMimeBody(Buffer.from(body))
    expect(parsed.text?.trim()).to.equal('Here it is.')
    expect(parsed.attachments.map(({MIMEType}) => MIMEType)).to.deep.equal(['message/rfc822'])
    expect(Buffer.from(parsed.contents[0]).toString('latin1')).to.include('buried text')
  })

  describe('bounds, checked before postal-mime parses anything', () => {
    const mixed = (parts: string[]) => Buffer.from(['Content-Type: multipart/mixed; boundary="b"', '', ...parts.flatMap((part) => ['--b', part]), '--b--', ''].join('\r\n'), 'latin1')
    const refusal = async (bytes: Buffer) =>
      parseMimeBody(bytes).then(
        () => undefined,
        (error: unknown) => error,
      )

    it(`refuses a body over ${MAX_MIME_BYTES} bytes`, async () => {
      const error = await refusal(mixed([`Content-Type: text/plain\r\n\r\n${'A'.repeat(MAX_MIME_BYTES)}`]))
      expect(error).to.be.instanceOf(MimeBoundError)
      expect((error as Error).message).to.equal('its MIME body is 32 MiB, more than the 32 MiB this tool takes apart')
    })

    it(`refuses more than ${MAX_MIME_LINES} lines`, async () => {
      const body = (lines: number) => mixed([`Content-Type: text/plain\r\n\r\n${'x\r\n'.repeat(lines)}end`])
      const over = body(MAX_MIME_LINES)
      const lines = over.toString('latin1').split('\n').length - 1
      expect((await refusal(over)) as Error)
        .to.be.instanceOf(MimeBoundError)
        .with.property('message', `its MIME body has ${lines} lines, more than the ${MAX_MIME_LINES} this tool takes apart`)
    })

    it(`refuses more than ${MAX_MIME_PARTS} parts, nested ones counted`, async () => {
      const inner = ['Content-Type: multipart/mixed; boundary="c"', '', ...Array.from({length: MAX_MIME_PARTS}, () => '--c\r\nContent-Type: text/plain\r\n\r\nx'), '--c--'].join('\r\n')
      const error = await refusal(mixed(['Content-Type: text/plain\r\n\r\nhi', inner]))
      expect(error).to.be.instanceOf(MimeBoundError).with.property('message', `its MIME tree has more than the ${MAX_MIME_PARTS} parts this tool takes apart`)
    })
  })
})

describe('parseMimeBody: the edges of what it takes apart', () => {
  it('a message is PGP/MIME when its MIMEType is multipart/*, in any case', () => {
    const kinds = ['multipart/mixed', 'Multipart/Signed', 'text/plain', 'text/multipart/', '', undefined, 7]
    expect(kinds.map((MIMEType) => isMimeMessage({MIMEType}))).to.deep.equal([true, true, false, false, false, false, false])
  })

  const message = async (body: string | Buffer, options?: Parameters<typeof parseMimeBody>[1]) =>
    parseMimeBody(Buffer.from(body), options).then(
      () => 'accepted',
      (error: Error) => `${error.constructor.name}: ${error.message}`,
    )

  it('reads parameters with blanks around them, a name without a value, an escaped quote before a semicolon, a lone or unclosed quote', () => {
    const read = (value: string) => {
      const {params, type} = parseContentType(value)
      return [type, Object.fromEntries(params)]
    }

    expect(read(' Text/Plain ; charset = "utf-8" ; flowed;=orphan')).to.deep.equal(['text/plain', {charset: 'utf-8'}])
    expect(read('multipart/mixed; boundary="a\\";b"; c=d')).to.deep.equal(['multipart/mixed', {boundary: 'a";b', c: 'd'}])
    expect(read('text/plain; a="; b="x')).to.deep.equal(['text/plain', {a: '"; b="x'}])
    expect(read('text/plain; a="x')).to.deep.equal(['text/plain', {a: '"x'}])
    expect(read('text/plain; a="')).to.deep.equal(['text/plain', {a: '"'}])
    expect(read('text/plain; a=x"')).to.deep.equal(['text/plain', {a: 'x"'}])
    expect(read('text/plain; b=""')).to.deep.equal(['text/plain', {b: ''}])
    // A backslash that ends the value escapes nothing.
    expect(read('text/plain; a="x\\')).to.deep.equal(['text/plain', {a: '"x\\'}])
  })

  it('refuses a Content-Type that is not one type/subtype, quoting at most 60 characters of it; a boundary only in the header block never occurs', async () => {
    expect(await message('Content-Type: bad text/plain\r\n\r\nhi\r\n')).to.equal('MimeBodyError: the decrypted body is not MIME (Content-Type "bad text/plain")')
    expect(await message('Content-Type: text/plain bad\r\n\r\nhi\r\n')).to.equal('MimeBodyError: the decrypted body is not MIME (Content-Type "text/plain bad")')
    const long = `x/${'y'.repeat(100)} z`
    expect(await message(`Content-Type: ${long}\r\n\r\nhi\r\n`)).to.equal(`MimeBodyError: the decrypted body is not MIME (Content-Type "${long.slice(0, 60)}")`)
    expect(await message('Content-Type: multipart/mixed; boundary=b\r\nX-Note: --b\r\n\r\nno parts\r\n')).to.equal(
      'MimeBodyError: the decrypted body is not valid MIME (its multipart/mixed boundary never occurs)',
    )
  })

  it('says how many attachments a tree without text holds; leaves out what it does not have', async () => {
    const two = crlf(['Content-Type: multipart/mixed; boundary=b', '', '--b', 'Content-Type: image/png', '', 'one', '--b', 'Content-Type: image/png', '', 'two', '--b--', ''])
    expect(await message(two)).to.equal('MimeBodyError: its MIME tree has no text part (only 2 attachments)')
    const textOnly = await parseMimeBody(Buffer.from(crlf(['Content-Type: text/plain', '', 'just text', ''])))
    expect(Object.keys(textOnly).sort()).to.deep.equal(['attachments', 'contents', 'damage', 'text'])
    const htmlOnly = await parseMimeBody(Buffer.from(crlf(['Content-Type: text/html', 'Subject: s', '', '<p>html</p>', ''])))
    expect(Object.keys(htmlOnly).sort()).to.deep.equal(['attachments', 'contents', 'damage', 'html', 'subject'])
  })

  it('counts lines to the bound exactly (a last line without a line feed counts), and bytes', async () => {
    // No header block: refused as not MIME once the bounds let it through, before anything is parsed.
    const lines = (count: number) => `${'x\n'.repeat(count - 1)}x`
    expect(await message(lines(MAX_MIME_LINES))).to.equal('MimeBodyError: the decrypted body is not MIME (no header block)')
    expect(await message(lines(MAX_MIME_LINES + 1))).to.equal(`MimeBoundError: its MIME body has ${MAX_MIME_LINES + 1} lines, more than the ${MAX_MIME_LINES} this tool takes apart`)
    expect(await message(`${'x\n'.repeat(MAX_MIME_LINES)}`)).to.equal('MimeBodyError: the decrypted body is not MIME (no header block)')
    expect(await message(Buffer.alloc(MAX_MIME_BYTES, 'x'))).to.equal('MimeBodyError: the decrypted body is not MIME (no header block)')
  })

  it('the memory-hole header part: 1024 bytes at most; one without a From names no subject', async () => {
    const withHeaderPart = (lines: string[]) =>
      crlf(['Content-Type: multipart/mixed; boundary=o', 'Subject: top', '', '--o', 'Content-Type: text/plain', '', 'hi', '--o', 'Content-Type: text/rfc822-headers', '', ...lines, '--o--', ''])
    // The part's content as postal-mime gives it: its lines joined, with a line feed after each.
    const sized = (size: number) => {
      const lines = ['From: <sam@example.test>', 'Subject: hidden', 'X-Pad: ']
      lines[2] += 'p'.repeat(size - Buffer.byteLength(`${lines.join('\n')}\n`))
      return lines
    }

    const exact = await parseMimeBody(Buffer.from(withHeaderPart(sized(1024))), {sender: 'sam@example.test'})
    expect([exact.contents[0].byteLength, exact.subject, exact.attachments[0].Name]).to.deep.equal([1024, 'hidden', 'Encrypted Headers.txt'])
    const over = await parseMimeBody(Buffer.from(withHeaderPart(sized(1025))), {sender: 'sam@example.test'})
    expect([over.contents[0].byteLength, over.subject]).to.deep.equal([1025, 'top'])
    const noFrom = await parseMimeBody(Buffer.from(withHeaderPart(['Subject: hidden', ''])), {sender: 'sam@example.test'})
    expect(noFrom.subject).to.equal('top')
  })

  it('marks damage in a tree with LF line ends, folded headers, blanks after a delimiter, an untyped text part; a base64 text attachment too, never a 7bit one', async () => {
    const lf = [
      'Content-Type: multipart/mixed;',
      ' boundary="a"',
      'Subject: LF only',
      '',
      '--a',
      '',
      'untyped text',
      '--a  ',
      'Content-Type: application/pdf;',
      ' name=x.pdf',
      'Content-Transfer-Encoding:',
      ' base64',
      '',
      'QUJD',
      'QUJD',
      'QU!D',
      '--a',
      'Content-Type: text/plain',
      'Content-Disposition: attachment; filename="notes.txt"',
      'Content-Transfer-Encoding: base64',
      '',
      'QU?D',
      '--a',
      'Content-Type: application/octet-stream',
      '',
      'Hello!',
      '--a',
      'Content-Type : application/zip',
      'Content-Type: image/png',
      'Content-Transfer-Encoding: base64',
      '',
      'QU*D',
      '--a',
      'Content-Type: application/pdf',
      'Content-Transfer-Encoding: base64',
      '--a--',
      '',
    ].join('\n')
    const parsed = await parseMimeBody(Buffer.from(lf))
    expect(parsed.text).to.equal('untyped text\n')
    // A blank before the colon, a repeated header (the first counts), a part of headers only: read as postal-mime reads them.
    expect(parsed.attachments.map(({MIMEType}) => MIMEType)).to.deep.equal(['application/pdf', 'text/plain', 'application/octet-stream', 'application/zip', 'application/pdf'])
    expect(parsed.damage).to.deep.equal(['its base64 body holds "!" on line 3', 'its base64 body holds "?" on line 1', undefined, 'its base64 body holds "*" on line 1', undefined])
    // Blanks after a delimiter between two typed parts; a headers-only part whose last header is its Content-Type.
    const typed = crlf([
      'Content-Type: multipart/mixed; boundary=a',
      '',
      '--a',
      'Content-Type: text/plain',
      '',
      'hi',
      '--a \t',
      'Content-Type: application/pdf',
      'Content-Transfer-Encoding: base64',
      '',
      'QU!D',
      '--a',
      'Content-Transfer-Encoding: base64',
      'Content-Type: image/png',
      '--a--',
      '',
    ])
    const read = await parseMimeBody(Buffer.from(typed))
    expect([read.attachments.map(({MIMEType}) => MIMEType), read.damage]).to.deep.equal([
      ['application/pdf', 'image/png'],
      ['its base64 body holds "!" on line 1', undefined],
    ])
    // A multipart nested in one of the same boundary: the walk ends at the inner closing delimiter and finds two of
    // the three attachments postal-mime finds; nothing is marked rather than the wrong parts.
    const same = crlf([
      'Content-Type: multipart/mixed; boundary="a"',
      '',
      '--a',
      'Content-Type: text/plain',
      '',
      'hi',
      '--a',
      'Content-Type: multipart/mixed; boundary="a"',
      '',
      '--a',
      'Content-Type: application/pdf',
      'Content-Transfer-Encoding: base64',
      '',
      'QU!D',
      '--a',
      'Content-Type: image/png',
      'Content-Transfer-Encoding: base64',
      '',
      'QUJD',
      '--a--',
      '--a',
      'Content-Type: image/gif',
      'Content-Transfer-Encoding: base64',
      '',
      'QU?D',
      '--a--',
      '',
    ])
    const misread = await parseMimeBody(Buffer.from(same))
    expect([misread.attachments.map(({MIMEType}) => MIMEType), misread.damage]).to.deep.equal([
      ['application/pdf', 'image/png', 'image/gif'],
      [undefined, undefined, undefined],
    ])
  })
})

describe('parseMimeBody: which multipart/signed is signed', () => {
  const signature = ['Content-Type: application/pgp-signature', '', '-----BEGIN PGP SIGNATURE-----', '', 'AAAA', '-----END PGP SIGNATURE-----']
  const body = (lines: string[], {close = true, contentType = 'multipart/signed; protocol="application/pgp-signature"; boundary=s', end = '\r\n', trailing = ''} = {}) =>
    Buffer.from(
      [`Content-Type: ${contentType}`, '', `--s${trailing}`, 'Content-Type: text/plain', '', 'signed caf\u00e9', `--s${trailing}`, ...lines, ...(close ? [`--s--${trailing}`] : []), ''].join(end),
      'latin1',
    )
  const signedData = async (bytes: Buffer) => {
    const {signed} = await parseMimeBody(bytes)
    return signed && Buffer.from(signed.data).toString('latin1')
  }

  it('with LF line ends and blanks after the delimiters: the entity with CRLF, its bytes as they were', async () => {
    const entity = 'Content-Type: text/plain\r\n\r\nsigned caf\u00e9'
    expect(await signedData(body(signature))).to.equal(entity)
    expect(await signedData(body(signature, {end: '\n', trailing: ' \t'}))).to.equal(entity)
    expect(await signedData(body(['Content-Type:application/pgp-signature', '', 'sig']))).to.equal(entity)
  })

  it('an epilogue after the closing delimiter is not read, a delimiter in it neither', async () => {
    expect(await signedData(Buffer.concat([body(signature), Buffer.from('--s\r\nContent-Type: text/plain\r\n\r\nepilogue\r\n')]))).to.equal('Content-Type: text/plain\r\n\r\nsigned caf\u00e9')
  })

  it('not without a closing delimiter, a second part that is not an application/pgp-signature (or has no header block), or another protocol', async () => {
    expect(await signedData(body(signature, {close: false}))).to.equal(undefined)
    expect(await signedData(body(['Content-Type: application/pgp-signature']))).to.equal(undefined)
    expect(await signedData(body(['Content-Type: application/pgp-signature', 'Content-Description: no body']))).to.equal(undefined)
    expect(await signedData(body(['Content-Type: text/plain', '', 'Content-Type: application/pgp-signature']))).to.equal(undefined)
    expect(await signedData(body(['X-Content-Type: application/pgp-signature', 'Content-Type: text/plain', '', 'sig']))).to.equal(undefined)
    expect(await signedData(body(['', 'Content-Type: application/pgp-signature']))).to.equal(undefined)
    for (const contentType of [
      'multipart/signed; protocol="application/pkcs7-signature"; boundary=s',
      'multipart/signed; boundary=s',
      'multipart/mixed; protocol="application/pgp-signature"; boundary=s',
    ]) {
      expect(await signedData(body(signature, {contentType})), contentType).to.equal(undefined)
    }
  })
})
