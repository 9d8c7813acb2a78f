/**
 * The one quoting of everything printed for a person to paste into a shell
 * (the --dry-run curl command, the hints that name a token or a profile,
 * the completion scripts): one word for bash, zsh and dash, single-quoted,
 * so nothing in it is expanded, substituted or run ($(…), `…`, ;, &&, !,
 * globs). What a terminal would act on or hide (control characters but tab
 * and line feed, which single quotes keep as they are; the bidirectional
 * controls; the line and paragraph separators) is not printed raw but
 * written as a printf(1) of its UTF-8 bytes spliced into the word, so the
 * line shows only printable text and the shell reads back the same value.
 */

// eslint-disable-next-line no-control-regex
const UNPRINTED = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]+/g

/** The bytes of `text` as a command substitution of printf (octal escapes: POSIX, no newline at the end to lose). */
function printfSubstitution(text: string): string {
  const octal = [...Buffer.from(text, 'utf8')].map((byte) => `\\${byte.toString(8).padStart(3, '0')}`).join('')
  return `"$(printf '${octal}')"`
}

export function shellQuote(text: string): string {
  const quoted = `'${text.replaceAll("'", `'\\''`)}'`
  return quoted.replaceAll(UNPRINTED, (run) => `'${printfSubstitution(run)}'`)
}
