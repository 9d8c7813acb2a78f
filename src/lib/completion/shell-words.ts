/** Naming for generated shell code (its quoting: output/shell-quote.ts). */

/** A bin name made safe as part of a shell variable or function name. */
export function shellIdentifier(bin: string): string {
  return bin.replaceAll(/[^A-Za-z0-9_]/g, '_')
}

/** A case pattern matching a word in any letter case: GET -> [Gg][Ee][Tt]. */
export function anyCasePattern(word: string): string {
  return [...word].map((char) => (/[a-z]/i.test(char) ? `[${char.toUpperCase()}${char.toLowerCase()}]` : char)).join('')
}
