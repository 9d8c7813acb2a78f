/**
 * The repository on its own: a copy of what git tracks, with nothing beside
 * it, installs and packs a tarball that carries the build (prepack), and no
 * source, test, script, bench or CI file reaches outside the repository.
 */
import {expect} from 'chai'
import {spawnSync} from 'node:child_process'
import {readdirSync, readFileSync} from 'node:fs'
import {dirname, join, relative, resolve, sep} from 'node:path'

import {REPO, repositoryCopy, repositoryFiles} from '../helpers/repository-copy.ts'

describe('the repository on its own', () => {
  it('a copy with nothing beside it packs dist/, both manifests and LICENSE (prepack builds)', function () {
    this.timeout(600_000)
    // Nothing beside the copy, and no node_modules above it to fall back on: a new
    // private (0700) directory of the OS's.
    const {parent, remove, root: copy} = repositoryCopy()
    try {
      const env = {...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`}
      const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], {cwd: copy, encoding: 'utf8', env, timeout: 400_000})
      expect(install.status, install.stderr).to.equal(0)
      const packed = spawnSync('npm', ['pack', '--json', '--pack-destination', parent], {cwd: copy, encoding: 'utf8', env, timeout: 300_000})
      expect(packed.status, packed.stderr).to.equal(0)
      // prepack's build prints to stdout before npm's JSON.
      const json = packed.stdout.slice(packed.stdout.indexOf('\n[') + 1)
      const [{files}] = JSON.parse(json) as [{files: Array<{path: string}>}]
      const paths = files.map(({path}) => path)
      expect(paths).to.include.members([
        'LICENSE',
        'bin/run.js',
        'oclif.manifest.json',
        'dist/launch/main.js',
        'dist/commands/proton/api.js',
        'dist/standalone/package.json',
        'dist/standalone/oclif.manifest.json',
        'dist/fast/load.cjs',
        'dist/fast/api.cjs',
        'dist/fast/commands.json',
        'dist/index.d.ts',
      ])
      expect(paths.filter((path) => path.startsWith('vendor/') || path.startsWith('test/') || path.startsWith('src/'))).to.deep.equal([])
      expect(readFileSync(join(copy, 'LICENSE'), 'utf8')).to.match(/^\s*GNU GENERAL PUBLIC LICENSE\s+Version 3/)
    } finally {
      remove()
    }
  })

  it('no file in src, test, scripts, bench, bin or .ci names a path outside the repository', () => {
    const outside: string[] = []
    for (const file of repositoryFiles()) {
      if (!/^(src|test|scripts|bench|bin|\.ci)\//.test(file) || !/\.(ts|js|cjs|mjs|sh)$|^\.ci\//.test(file)) continue
      const text = readFileSync(join(REPO, file), 'utf8')
      if (text.includes(['..', 'shared', ''].join('/'))) outside.push(`${file}: names the shared folder beside the repository`)
      // Every relative path literal must resolve inside the repository.
      for (const [, path] of text.matchAll(/['"`]((?:\.\.\/)+[^'"`$]*)['"`]/g)) {
        const target = relative(REPO, resolve(REPO, dirname(file), path))
        if (target.startsWith(`..${sep}`) || target === '..') outside.push(`${file}: ${path}`)
      }
    }

    expect(outside).to.deep.equal([])
    expect(readdirSync(join(REPO, 'vendor'))).to.include.members(['openapi.yaml', 'srp-vectors.json', 'README.md'])
  })
})
