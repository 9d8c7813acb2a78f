#!/usr/bin/env node
/**
 * Writes src/lib/pass/proto/*_pb.ts from the official Pass protobuf files vendored in vendor/pass-proto (see
 * vendor/README.md): buf (the @bufbuild/buf package) runs protoc-gen-es (@bufbuild/protoc-gen-es), then each
 * generated TypeScript `enum` becomes a frozen object and a union type of its values, because this project's
 * sources are erasable TypeScript (tsconfig erasableSyntaxOnly: Node runs them by stripping types). Run by hand
 * after the .proto files change, then commit: `node scripts/generate-pass-proto.js`.
 */
import {execFileSync} from 'node:child_process'
import {mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const out = join(root, 'src/lib/pass/proto')
const work = mkdtempSync(join(tmpdir(), 'pass-proto-'))
try {
  const template = join(work, 'buf.gen.yaml')
  writeFileSync(template, `version: v2\nplugins:\n  - local: ${join(root, 'node_modules/.bin/protoc-gen-es')}\n    out: ${out}\n    opt: [target=ts, import_extension=ts]\n`)
  rmSync(out, {force: true, recursive: true})
  execFileSync(join(root, 'node_modules/.bin/buf'), ['generate', 'vendor/pass-proto', '--template', template], {cwd: root, stdio: 'inherit'})
} finally {
  rmSync(work, {force: true, recursive: true})
}

/** `export enum Name { A = 0, … }` as `export const Name = {A: 0, …} as const` and `export type Name = …`. */
const erasable = (source) =>
  source.replace(/^export enum (\w+) \{\n([\s\S]*?)^\}$/gm, (_, name, body) => {
    const members = body.replace(/^(\s+)(\w+) = (-?\d+),?$/gm, '$1$2: $3,')
    return `export const ${name} = {\n${members}} as const;\nexport type ${name} = (typeof ${name})[keyof typeof ${name}];`
  })

for (const file of readdirSync(out)) {
  const path = join(out, file)
  writeFileSync(path, erasable(readFileSync(path, 'utf8')))
}
