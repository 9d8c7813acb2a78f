// Compiles the published API description (vendor/openapi.yaml, not valid
// YAML as published) into the compact JSON the package ships,
// dist/description/published.json: the description in use when none is
// stored. It uses the tool's own loader as compiled by tsc, so the repair
// shipped is the one the tests exercise. The build fails when the loader
// misses an operation the text declares (counted here from the lines,
// independently of the loader). The query parameters the official clients
// send and the text leaves out are added from
// vendor/description-amendments.json. Runs after tsc.
//
//     node scripts/build-description.js [FROM [TO]]   (default: the vendored file into dist/)
import {createHash} from 'node:crypto'
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {dirname, join, relative} from 'node:path'
import {fileURLToPath} from 'node:url'

import {loadDescription} from '../dist/lib/description/openapi-load.js'
import {SHIPPED_FORMAT, shippedFile} from '../dist/lib/description/shipped.js'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const METHOD_KEY = /^ {4}(get|put|post|delete|patch|head|options|trace):\s*$/

/** "METHOD /template" for each operation, from the path keys under `paths:` and the method keys one level in. */
function declaredOperations(text) {
  const declared = new Set()
  const lines = text.split('\n')
  let path
  for (const line of lines.slice(lines.indexOf('paths:') + 1)) {
    if (/^[a-z]\w*:/.test(line)) break
    path = /^ {2}(\/.*?) *:\s*$/.exec(line)?.[1] ?? path
    const method = METHOD_KEY.exec(line)
    if (method && path) declared.add(`${method[1].toUpperCase()} ${path}`)
  }

  return declared
}

/** A path inside the package relative to it (as the JSON records its source), any other as it is. */
function named(path) {
  const inside = relative(ROOT, path)
  return inside.startsWith('..') ? path : inside
}

function fail(message) {
  console.error(`build-description: ${message}`)
  process.exit(1)
}

const VENDORED = join(ROOT, 'vendor', 'openapi.yaml')
const [from = VENDORED, to = shippedFile()] = process.argv.slice(2)
const text = readFileSync(from, 'utf8')
const declared = declaredOperations(text)
if (declared.size === 0) fail(`${from}: found no operation under "paths:" (path keys indented 2 spaces, methods 4)`)
const loaded = loadDescription(text, from)
const found = new Set(loaded.operations.map((operation) => `${operation.method} ${operation.path}`))
const missing = [...declared].filter((operation) => !found.has(operation))
if (missing.length > 0) fail(`${from} declares ${declared.size} operations; the loader missed ${missing.length}: ${missing.join(', ')}`)

// The parameters the official clients send that the text does not declare (vendor/description-amendments.json, each citing its client code).
const {amendments} = JSON.parse(readFileSync(join(ROOT, 'vendor', 'description-amendments.json'), 'utf8'))
let added = 0
for (const amendment of amendments) {
  const operation = loaded.operations.find((each) => each.method === amendment.method && each.path === amendment.path)
  if (!operation) {
    // Another text may lack what the vendored one has; the vendored one must hold every amended operation.
    if (from === VENDORED) fail(`vendor/description-amendments.json amends ${amendment.method} ${amendment.path}, which ${from} does not declare`)
    continue
  }

  for (const parameter of amendment.query) {
    if (operation.query.some((each) => each.name === parameter.name)) continue
    operation.query.push(parameter)
    added += 1
  }
}

const compiled = {
  format: SHIPPED_FORMAT,
  source: named(from),
  sha256: createHash('sha256').update(text).digest('hex'),
  repaired: loaded.repaired,
  skipped: loaded.skipped,
  operations: loaded.operations,
}
const json = JSON.stringify(compiled)
mkdirSync(dirname(to), {recursive: true})
writeFileSync(to, json)
console.log(
  `${named(to)}: ${loaded.operations.length} operations (${declared.size} declared), ${loaded.repaired} blocks repaired, ${loaded.skipped} skipped, ${added} query parameters added from vendor/description-amendments.json; ${Math.round(json.length / 1024)} KiB`,
)
