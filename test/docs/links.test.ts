/**
 * The README and docs/ name only what the repository holds: every relative
 * link resolves to a file of the repository (and its #anchor to a heading
 * of that page), every repository path they quote exists, and nothing points
 * at files a reader does not have.
 */
import {expect} from 'chai'
import {spawnSync} from 'node:child_process'
import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs'
import {dirname, join, relative, resolve} from 'node:path'

const REPO = resolve(import.meta.dirname, '..', '..')
const PAGES = [
  'README.md',
  ...readdirSync(join(REPO, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
]

/** The files a fresh clone has: tracked ones and new ones not ignored. */
function repositoryFiles(): Set<string> {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {cwd: REPO, encoding: 'utf8'})
  if (listed.status !== 0) throw new Error(`git ls-files: ${listed.stderr}`)
  return new Set(listed.stdout.split('\0').filter((file) => file !== '' && existsSync(join(REPO, file))))
}

/** The page without fenced code blocks (whose lines are not Markdown). */
const withoutFences = (text: string) => text.replaceAll(/^```[^\n]*\n[\s\S]*?^```$/gm, '')

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>()
  const result = new Set<string>()
  for (const [, heading] of withoutFences(text).matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const slug = heading
      .toLowerCase()
      .replaceAll(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replaceAll(/[^\p{L}\p{N}\s_-]/gu, '')
      .replaceAll(/\s/g, '-')
    const count = seen.get(slug) ?? 0
    seen.set(slug, count + 1)
    result.add(count === 0 ? slug : `${slug}-${count}`)
  }

  return result
}

/** The link targets of a page: inline links outside code, with the line each is on. */
function links(text: string): string[] {
  const prose = withoutFences(text).replaceAll(/`[^`\n]*`/g, '')
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map(([, target]) => target)
}

describe('README.md and docs/', () => {
  const files = repositoryFiles()

  it('are the pages the README links, each one of the repository', () => {
    expect(PAGES).to.include.members([
      'README.md',
      'docs/api.md',
      'docs/commands.md',
      'docs/commands-guide.md',
      'docs/development.md',
      'docs/hosts-install.md',
      'docs/sandbox.md',
      'docs/sessions-and-security.md',
      'docs/speed.md',
    ])
    const readme = readFileSync(join(REPO, 'README.md'), 'utf8')
    for (const page of PAGES.filter((page) => page.startsWith('docs/'))) expect(readme, `README links ${page}`).to.include(`](${page}`)
  })

  it('every relative link resolves to a file of the repository, and its #anchor to a heading there', () => {
    const broken: string[] = []
    for (const page of PAGES) {
      const text = readFileSync(join(REPO, page), 'utf8')
      for (const target of links(text)) {
        if (/^[a-z]+:/i.test(target)) continue
        const [path, anchor] = target.split('#') as [string, string | undefined]
        const file = path === '' ? page : relative(REPO, resolve(REPO, dirname(page), decodeURIComponent(path)))
        const isDirectory = statSync(join(REPO, file), {throwIfNoEntry: false})?.isDirectory() ?? false
        if (!files.has(file) && !(isDirectory && [...files].some((name) => name.startsWith(`${file}/`)))) {
          broken.push(`${page}: ${target} (no file ${file} in the repository)`)
          continue
        }

        if (anchor !== undefined && file.endsWith('.md') && !anchors(readFileSync(join(REPO, file), 'utf8')).has(anchor)) broken.push(`${page}: ${target} (no heading #${anchor} in ${file})`)
      }
    }

    expect(broken).to.deep.equal([])
  })

  it('every repository path they quote exists (placeholders and globs aside)', () => {
    const missing: string[] = []
    for (const page of PAGES) {
      const text = readFileSync(join(REPO, page), 'utf8')
      for (const [, path] of text.matchAll(/`((?:src|test|scripts|bench|vendor|bin|docs|\.ci)\/[^`\s]*)`/g)) {
        if (/[*<>…]/.test(path)) continue
        if (!existsSync(join(REPO, path))) missing.push(`${page}: ${path}`)
      }
    }

    expect(missing).to.deep.equal([])
  })

  it('no file of the repository points readers at the specification folder they do not have', () => {
    const naming = [...files]
      .filter((file) => !file.startsWith('vendor/') && /\.(md|ts|js|cjs|mjs|json|sh)$/.test(file))
      .filter((file) => readFileSync(join(REPO, file), 'utf8').includes(['shared', 'reference', ''].join('/')))
    expect(naming).to.deep.equal([])
  })
})
