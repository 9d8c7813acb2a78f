/**
 * Text the service controls (a reason phrase, header values, the
 * envelope's Error and Details, a body that is not JSON shown on stderr)
 * made safe to show on a terminal: every control character becomes
 * visible text, so none can move the cursor, recolour, retitle or clear
 * the terminal. C0 and DEL are written \x1b, \x7f (\n, \t and \r as
 * such), C1 (U+0080 to U+009F: \u009b is a CSI of its own) as \u009b.
 * One line escapes the bidirectional overrides too (see LINE_CONTROLS).
 * Backslashes are left as they are: this is for people to read, not to be
 * parsed back. A body on stdout never goes through here: it stays byte-exact.
 */

// A line also has the bidirectional embeddings, overrides and isolates escaped (U+202A to U+202E, U+2066 to U+2069):
// "evil\u202efdp.exe" would show as "evilexe.pdf". Text shown as lines keeps them: right-to-left prose uses them.
// eslint-disable-next-line no-control-regex
const LINE_CONTROLS = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g
// eslint-disable-next-line no-control-regex
const TEXT_CONTROLS = /\r(?!\n)|[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g

const NAMED: Readonly<Record<string, string>> = {'\n': String.raw`\n`, '\r': String.raw`\r`, '\t': String.raw`\t`}

function visible(char: string): string {
  const code = char.charCodeAt(0)
  return NAMED[char] ?? (code < 0x80 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`)
}

/** For one line (an error line, a status line, a header): every control character escaped, \n and \t included. */
export function escapeLine(text: string): string {
  return text.replaceAll(LINE_CONTROLS, visible)
}

/** For text shown as lines (a body that is not JSON, on stderr): line breaks (\n, \r\n) and tabs kept, the rest escaped. */
export function escapeText(text: string): string {
  return text.replaceAll(TEXT_CONTROLS, visible)
}

/**
 * escapeText for bytes that arrive in chunks: UTF-8 decoded across chunk
 * boundaries (a byte that is not UTF-8 shows as U+FFFD), a \r at the end of
 * one chunk kept until the next says whether a \n follows.
 */
export class TextEscaper {
  private readonly decoder = new TextDecoder('utf-8')
  private pendingCr = false

  write(chunk: Uint8Array): string {
    return this.escape(this.decoder.decode(chunk, {stream: true}))
  }

  end(): string {
    return this.escape(this.decoder.decode(), true)
  }

  private escape(decoded: string, last = false): string {
    let text = (this.pendingCr ? '\r' : '') + decoded
    this.pendingCr = !last && text.endsWith('\r')
    if (this.pendingCr) text = text.slice(0, -1)
    return escapeText(text)
  }
}

/**
 * Text from the service or a sender as a terminal may show it: control characters as "?", and so the bidirectional
 * embeddings, overrides and isolates ("evil\u202efdp.exe" would show as "evilexe.pdf").
 */
export function printable(text: string): string {
  return text.replaceAll(/[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu, '?')
}

// JSON.stringify escapes C0 (\u001b) but writes DEL and C1 as they are; so does the yaml library, inside double quotes.
// The bidirectional embeddings, overrides and isolates too: in data they are never prose to lay out, and "evil\u202e"
// in a contact's name would reorder what a terminal shows after it (issue 40).
const DATA_CONTROLS = /[\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g

/**
 * JSON text as JSON.stringify writes it, with DEL and C1 escaped as C0 is
 * (\u009b): the same value for every JSON reader, nothing a terminal acts on.
 * Outside strings JSON holds no such character, so every one is inside one.
 */
export function escapeJsonControls(json: string): string {
  return json.replaceAll(DATA_CONTROLS, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

/**
 * YAML text whose every scalar holding DEL, C1 or a bidirectional control was written double-quoted (see toYaml in
 * output.ts), those characters escaped as YAML writes C0 there (\x9b, \u202e): the same value for every YAML reader.
 */
export function escapeYamlControls(yaml: string): string {
  return yaml.replaceAll(DATA_CONTROLS, (char) => {
    const code = char.charCodeAt(0)
    return code <= 0xff ? `\\x${code.toString(16)}` : `\\u${code.toString(16)}`
  })
}

/** Whether text holds DEL, a C1 control character or a bidirectional control. */
export function hasDataControls(text: string): boolean {
  return /[\u007F-\u009F\u202A-\u202E\u2066-\u2069]/.test(text)
}

/** File text (vCard, iCalendar) for a terminal: escapeText, and the bidirectional controls too (one line per property). */
export function escapeFileText(text: string): string {
  return escapeText(text).replaceAll(/[\u202A-\u202E\u2066-\u2069]/g, visible)
}

/**
 * JSON bytes as received, for a terminal: DEL and C1 (U+0080 to U+009F,
 * UTF-8 C2 80 to C2 9F) written \u007f, \u009b … as JSON escapes them; every
 * other byte as it is. In JSON they stand only inside strings, so the value
 * read back is the same. A C2 at the end of a chunk waits for the next.
 */
export class JsonBytesEscaper {
  private heldC2 = false

  write(chunk: Buffer): Buffer {
    if (!this.heldC2 && !chunk.includes(0x7f) && !chunk.includes(0xc2)) return chunk
    const out: number[] = []
    const escape = (code: number) => out.push(...Buffer.from(`\\u${code.toString(16).padStart(4, '0')}`))
    let index = 0
    if (this.heldC2) {
      this.heldC2 = false
      if (chunk.length === 0) this.heldC2 = true
      else if (chunk[0] >= 0x80 && chunk[0] <= 0x9f) {
        escape(chunk[0])
        index = 1
      } else out.push(0xc2)
    }

    for (; index < chunk.length; index++) {
      const byte = chunk[index]
      if (byte === 0x7f) escape(byte)
      else if (byte !== 0xc2) out.push(byte)
      else if (index === chunk.length - 1) this.heldC2 = true
      else if (chunk[index + 1] >= 0x80 && chunk[index + 1] <= 0x9f) escape(chunk[++index])
      else out.push(byte)
    }

    return Buffer.from(out)
  }

  end(): Buffer {
    const rest = Buffer.from(this.heldC2 ? [0xc2] : [])
    this.heldC2 = false
    return rest
  }
}

/**
 * iCalendar or vCard text as ical.js writes it, with no bare CR: it escapes a line break in a value (\n) and leaves
 * a CR raw, which a lenient reader takes for the end of a content line (a value "x\rATTENDEE:…" would add a
 * property). A CR before an escaped line break ("\r\n" in the value) is dropped; any other is written as one (\n).
 */
export function withoutBareCr(text: string): string {
  return text.replaceAll(/\r(?=\\n)/g, '').replaceAll(/\r(?!\n)/g, String.raw`\n`)
}
