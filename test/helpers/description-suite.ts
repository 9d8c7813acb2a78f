/**
 * For the description commands' tests (`api endpoints`, `api spec show|update`
 * and the raw command's check): a fresh home for each test, the built binary,
 * and a copy of the package without the shipped description, whose runs know
 * only the built-in one (test/e2e/shipped-description.test.ts covers the
 * shipped one).
 */
import {join} from 'node:path'

import {type PackageCopy, packageCopy} from './package-copy.ts'
import {baseEnv, runBinary, type RunResult} from './run-binary.ts'
import {type TempHome, tempHome} from './session-files.ts'

/** A description of two operations beside nothing else; its GET's description spans lines, unindented, as the published text's do. */
export const SMALL_DESCRIPTION = `openapi: 3.1.0
info: {title: small, version: "1"}
paths:
  /core/v4/widgets:
    get:
      summary: List Widgets
      description: "Lists widgets
across lines, unindented"
    post:
      summary: Create Widget
      deprecated: true
`

export interface DescriptionSuite {
  readonly home: TempHome
  /** The built binary of this checkout. */
  run(args: string[], env?: NodeJS.ProcessEnv): Promise<RunResult>
  /** The copy without dist/description: the built-in description alone. */
  runBuiltin(args: string[]): Promise<RunResult>
  /** Where `api spec update` stores the description. */
  storedFile(): string
}

/** mocha hooks for the enclosing describe. */
export function descriptionSuite(): DescriptionSuite {
  let home: TempHome
  let withoutShipped: PackageCopy
  before(() => {
    withoutShipped = packageCopy(['dist/description'])
  })
  after(() => withoutShipped.remove())
  beforeEach(() => {
    home = tempHome()
  })
  afterEach(() => home.remove())
  return {
    get home() {
      return home
    },
    run: (args, env = {}) => runBinary(args, {env: baseEnv(home.home, env)}),
    runBuiltin: (args) => runBinary(args, {bin: withoutShipped.bin, env: baseEnv(home.home)}),
    storedFile: () => join(home.home, 'cache', 'proton-cli', 'api-description', 'description.json'),
  }
}
