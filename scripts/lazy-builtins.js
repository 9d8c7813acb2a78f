// An esbuild plugin for the fast path's bundle: the built-in modules listed
// are required on first use instead of when the bundle starts. Each is
// replaced by a module whose exports are its functions (those whose names
// start in lower case, read from this Node at build time), each of which
// requires the real module when called; so `import {randomBytes} from
// 'node:crypto'` costs nothing until a temporary file needs a name
// (node:crypto alone is some 5 ms of a cold start that most runs never
// use). Importing anything else from such a module (a class, a constant)
// fails the build: add it here in another form first.
import {createRequire} from 'node:module'

const require = createRequire(import.meta.url)

export function lazyBuiltins(names) {
  const filter = new RegExp(`^(node:)?(${names.join('|').replaceAll('/', '\\/')})$`)
  return {
    name: 'lazy-builtins',
    setup(build) {
      build.onResolve({filter}, ({kind, namespace, path}) => {
        const name = `node:${path.replace(/^node:/, '')}`
        // The stand-in's own require of the real module, and an import() (already on first use, and free to test
        // what this Node has, as typeof zlib.createZstdDecompress), are left to Node.
        return namespace === 'lazy-builtin' || kind === 'dynamic-import' ? {external: true, path: name} : {namespace: 'lazy-builtin', path: name}
      })
      build.onLoad({filter: /.*/, namespace: 'lazy-builtin'}, ({path}) => {
        const real = require(path)
        const calls = Object.keys(real).filter((key) => typeof real[key] === 'function' && /^[a-z]/.test(key))
        const contents = ['let real', `const load = () => (real ??= require(${JSON.stringify(path)}))`, ...calls.map((key) => `export const ${key} = (...args) => load().${key}(...args)`)].join('\n')
        return {contents, loader: 'js', resolveDir: '/'}
      })
    },
  }
}
