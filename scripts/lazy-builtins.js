// An esbuild plugin for the fast path's bundle: the built-in modules listed
// are required on first use instead of when the bundle starts. A module is
// replaced by an object with the same keys (read from this Node at build
// time), each a getter that requires the module when read; a function
// whose name starts in lower case comes back as a function that requires
// the module when called, so `import {randomBytes} from 'node:crypto'`
// costs nothing until a temporary file needs a name. node:crypto alone is
// some 5 ms of a cold start that most runs never use.
import {createRequire} from 'node:module'

const require = createRequire(import.meta.url)

export function lazyBuiltins(names) {
  const filter = new RegExp(`^(node:)?(${names.join('|').replaceAll('/', '\\/')})$`)
  return {
    name: 'lazy-builtins',
    setup(build) {
      build.onResolve({filter}, ({namespace, path}) => {
        const name = `node:${path.replace(/^node:/, '')}`
        // The module's own require of the real thing is left to Node.
        return namespace === 'lazy-builtin' ? {external: true, path: name} : {namespace: 'lazy-builtin', path: name}
      })
      build.onLoad({filter: /.*/, namespace: 'lazy-builtin'}, ({path}) => {
        const real = require(path)
        const keys = Object.keys(real)
        const calls = keys.filter((key) => typeof real[key] === 'function' && /^[a-z]/.test(key))
        const contents = `let real
const load = () => (real ??= require(${JSON.stringify(path)}))
const calls = new Set(${JSON.stringify(calls)})
const lazy = {}
for (const key of ${JSON.stringify(keys)}) {
  const get = calls.has(key) ? () => (...args) => load()[key](...args) : () => load()[key]
  Object.defineProperty(lazy, key, {enumerable: true, get})
}
module.exports = lazy
`
        return {contents, loader: 'js', resolveDir: '/'}
      })
    },
  }
}
