/**
 * The request check of `proton api --strict` (src/lib/description/request-check.ts findProblems) applied to what a
 * command sent, against the description the package ships (dist/description/published.json: vendor/openapi.yaml
 * amended by vendor/description-amendments.json, built by npm run build): every request a command makes must be
 * one the shipped description declares, its query parameters declared, its JSON body fitting the schema. A
 * multipart body (an attachment) is not JSON: its path and query are checked, as the check does for --input.
 */
import {expect} from 'chai'
import {fileURLToPath} from 'node:url'

import {findProblems} from '../../src/lib/description/request-check.ts'
import {describedBy} from '../../src/lib/description/store.ts'
import type {Recorded} from './scripted-server.ts'

const SHIPPED = fileURLToPath(new URL('../../dist/description/published.json', import.meta.url))

export async function expectStrictlyDescribed(sent: readonly Recorded[]): Promise<void> {
  // As the tool reads it with no stored description: the shipped one merged with the built-in operations.
  const description = describedBy({}, SHIPPED)
  expect(description.kind, description.problem ?? 'dist/description/published.json (npm run build)').to.equal('shipped')
  for (const request of sent) {
    const json = String(request.headers['content-type'] ?? '').startsWith('application/json') && request.body.length > 0
    const problems = await findProblems(description.operations, {body: json ? request.body : undefined, endpoint: request.url, method: request.method, query: []})
    expect(
      problems.map((problem) => problem.message),
      `${request.method} ${request.url} under --strict`,
    ).to.deep.equal([])
  }
}
