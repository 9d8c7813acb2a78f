/**
 * The code names only files the repository holds: a path of this repository
 * that a comment or a message in src/, test/, scripts/, bench/ or bin/ quotes
 * (src/lib/…, src/sandbox/…, test/…, scripts/…, docs/…) exists. Placeholders
 * (`<feature>`) and globs are left aside, and so are the paths of other
 * repositories cited as sources (drive-sdk's src/internal/…: not one of our
 * top folders). A file that moves takes the comments naming it along.
 */
import {expect} from 'chai'
import {spawnSync} from 'node:child_process'
import {existsSync, readFileSync} from 'node:fs'
import {join, resolve} from 'node:path'

const REPO = resolve(import.meta.dirname, '..', '..')
/** A repository path, not inside a longer path, a URL or a template (`${root}/src/…`). */
const QUOTED = /(?<![\w./$-])((?:src\/(?:lib|sandbox|launch|commands|hooks)|test|scripts|bench|docs|vendor)\/[\w./-]*[\w-])/g

/** The sources a fresh clone has (generated code, fixtures and this file's own examples aside). */
function sources(): string[] {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', 'src', 'test', 'scripts', 'bench', 'bin'], {cwd: REPO, encoding: 'utf8'})
  if (listed.status !== 0) throw new Error(`git ls-files: ${listed.stderr}`)
  return listed.stdout
    .split('\0')
    .filter((file) => /\.(?:[cm]?js|ts|sh)$|^bin\//.test(file) && !/^test\/fixtures\/|^src\/lib\/pass\/proto\/|^test\/docs\/quoted-paths\.test\.ts$/.test(file) && existsSync(join(REPO, file)))
}

/** The quoted paths of `text` that name nothing: placeholders and globs aside. */
function missingPaths(text: string, exists: (path: string) => boolean): string[] {
  return [...text.matchAll(QUOTED)].map((match) => match[1]).filter((path) => !/[<>*{]/.test(path) && !exists(path))
}

describe('paths quoted in the code', () => {
  it('name files and folders the repository holds', () => {
    const missing = sources().flatMap((file) => missingPaths(readFileSync(join(REPO, file), 'utf8'), (path) => existsSync(join(REPO, path))).map((path) => `${file}: ${path}`))
    expect(missing).to.deep.equal([])
  })

  it('are found in comments and strings, and a moved file is noticed', () => {
    const text = "// see src/lib/mail/read.ts and test/lib/x.test.ts,\n * drive-sdk src/internal/uids.ts, src/lib/<feature>/commands, ${root}/src/lib/y.ts, 'scripts/z.js'"
    expect(missingPaths(text, () => false)).to.deep.equal(['src/lib/mail/read.ts', 'test/lib/x.test.ts', 'scripts/z.js'])
    expect(missingPaths(text, () => true)).to.deep.equal([])
  })
})
