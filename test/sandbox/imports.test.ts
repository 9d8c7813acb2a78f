/**
 * The sandbox apart from the client (issue 41): its server side imports only the API contract, the shared SRP and
 * TOTP maths, the key passphrase derivation and packages; it parses what clients send with its own code. Only the
 * `proton sandbox` command and its glue (command.ts, glue.ts) may import client modules. Type-only imports count too.
 */
import {expect} from 'chai'
import {readdirSync, readFileSync} from 'node:fs'
import {dirname, join, relative, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'

const SANDBOX = fileURLToPath(new URL('../../src/sandbox/', import.meta.url))
const LIB = fileURLToPath(new URL('../../src/lib/', import.meta.url))
/** The `proton sandbox` command and its glue: clients of the tool. */
const GLUE = new Set(['command.ts', 'glue.ts'])
/** Folders and files of src/lib the server side may import. */
const ALLOWED = [/^contract\//, /^session\/srp\/(?:bigint-le|expand-hash|group|modulus|password|verifier)\.ts$/, /^crypto\/(?:totp|passphrase)\.ts$/]
const PACKAGES = new Set(['node:crypto', 'node:http', 'node:net', 'openpgp'])

function sources(dir: string): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((entry) => (entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : []))
}

/** Every module a file names: static imports, re-exports, dynamic and type imports. */
const specifiers = (text: string) => [...text.matchAll(/\bfrom\s+'([^']+)'|\bimport\s*\(\s*'([^']+)'\s*\)|^import\s+'([^']+)'/gm)].map((match) => match[1] ?? match[2] ?? match[3])

describe('sandbox: imports only the contract, shared maths and packages (the glue aside)', () => {
  it('no server-side file imports a client module', () => {
    const outside: string[] = []
    for (const file of sources(SANDBOX)) {
      if (GLUE.has(relative(SANDBOX, file))) continue
      for (const specifier of specifiers(readFileSync(file, 'utf8'))) {
        if (!specifier.startsWith('.')) {
          if (!PACKAGES.has(specifier)) outside.push(`${relative(LIB, file)}: package ${specifier}`)
          continue
        }

        const target = resolve(dirname(file), specifier)
        if (target.startsWith(SANDBOX)) continue
        const inLib = relative(LIB, target)
        if (!ALLOWED.some((pattern) => pattern.test(inLib))) outside.push(`${relative(LIB, file)}: ${inLib}`)
      }
    }

    expect(outside).to.deep.equal([])
  })

  it('the check sees imports of each form (it would fail on a client import)', () => {
    expect(specifiers("import {a} from '../x.ts'\nimport type {B} from './y.ts'\nconst c = await import('openpgp')\nimport './z.ts'\nexport {d} from '../w.ts'")).to.deep.equal([
      '../x.ts',
      './y.ts',
      'openpgp',
      './z.ts',
      '../w.ts',
    ])
  })
})
