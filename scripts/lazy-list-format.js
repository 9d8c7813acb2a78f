// An esbuild plugin for the fast path's bundle. got's type checker
// (@sindresorhus/is) builds two Intl.ListFormat objects when it loads, only
// to word a rare error message; the first Intl object of a process costs
// 12-15 ms of ICU start-up, a tenth of a cold `proton api`. In the bundle
// they are built on first use instead, and word the message the same.
import {readFile} from 'node:fs/promises'

const EAGER = /new Intl\.ListFormat\(/g
const LAZY = 'const lazyListFormat = (...options) => { let format; return {format: (list) => (format ??= new Intl.ListFormat(...options)).format(list)} };\n'

export const lazyListFormat = {
  name: 'lazy-list-format',
  setup(build) {
    build.onLoad({filter: /[\\/]@sindresorhus[\\/]is[\\/].*\.js$/}, async ({path}) => {
      const source = await readFile(path, 'utf8')
      // A version that no longer builds them eagerly is left as it is.
      if (!source.match(EAGER)) return undefined
      return {contents: LAZY + source.replaceAll(EAGER, 'lazyListFormat('), loader: 'js'}
    })
  },
}
