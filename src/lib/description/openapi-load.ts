/**
 * Reads an OpenAPI description (YAML or JSON) into the tool's operations,
 * tolerating the flaws of the published one: unindented multi-line text is
 * repaired first; if the YAML still does not parse, each path is parsed on
 * its own, and a path that still fails is read from its text (method,
 * template, summary) and counted as skipped.
 */
import {parseDocument} from 'yaml'

import {isRecord} from '../core/records.ts'
import {oneLine, usageError} from '../core/errors.ts'
import {cleanSchema, isUnconstrained} from './schema-cleanup.ts'
import type {LoadedDescription, Operation, ParameterInfo} from './types.ts'
import {indentOf, isKeyLine, repairIndentation} from './yaml-repair.ts'

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']
const METHOD_LINE = new RegExp(`^ *(${HTTP_METHODS.join('|')}) *: *$`)

type Json = Record<string, unknown>

/** Follows a local reference (#/components/…) once; other references stay unresolved. */
function resolver(root: Json | undefined): (value: unknown) => unknown {
  return (value) => {
    if (!isRecord<Json>(value) || typeof value.$ref !== 'string') return value
    if (!root || !value.$ref.startsWith('#/')) return undefined
    let node: unknown = root
    for (const part of value.$ref.slice(2).split('/')) {
      node = isRecord<Json>(node) ? node[part.replaceAll('~1', '/').replaceAll('~0', '~')] : undefined
    }

    return node
  }
}

function queryParameters(parameters: unknown[], resolve: (value: unknown) => unknown): ParameterInfo[] | undefined {
  const query: ParameterInfo[] = []
  for (const raw of parameters) {
    const parameter = resolve(raw)
    if (!isRecord<Json>(parameter)) return undefined
    if (parameter.in !== 'query' || typeof parameter.name !== 'string') continue
    const type = isRecord<Json>(parameter.schema) && typeof parameter.schema.type === 'string' ? parameter.schema.type : undefined
    query.push(type ? {name: parameter.name, type} : {name: parameter.name})
  }

  return query
}

function bodySchema(requestBody: unknown, resolve: (value: unknown) => unknown): object | undefined {
  const body = resolve(requestBody)
  if (!isRecord<Json>(body) || !isRecord<Json>(body.content)) return undefined
  const type = Object.keys(body.content).find((name) => /^application\/(.+\+)?json\b/i.test(name))
  const media = type === undefined ? undefined : body.content[type]
  if (!isRecord<Json>(media)) return undefined
  const schema = cleanSchema(resolve(media.schema))
  return isUnconstrained(schema) ? undefined : schema
}

function operationsOf(path: string, item: unknown, root: Json | undefined): Operation[] {
  if (!isRecord<Json>(item)) return []
  const resolve = resolver(root)
  const shared = Array.isArray(item.parameters) ? item.parameters : []
  const operations: Operation[] = []
  for (const method of HTTP_METHODS) {
    const operation = item[method]
    if (!isRecord<Json>(operation)) continue
    const own = Array.isArray(operation.parameters) ? operation.parameters : []
    const summary = typeof operation.summary === 'string' ? operation.summary : typeof operation.operationId === 'string' ? operation.operationId : ''
    const query = queryParameters([...shared, ...own], resolve)
    const body = bodySchema(operation.requestBody, resolve)
    operations.push({
      method: method.toUpperCase(),
      path,
      summary: oneLine(summary, 200),
      deprecated: operation.deprecated === true,
      ...(query && {query}),
      ...(body && {body}),
    })
  }

  return operations
}

interface PathBlock {
  path: string
  lines: string[]
}

function unquote(key: string): string {
  const trimmed = key.trim()
  if (/^".*"$/.test(trimmed)) return trimmed.slice(1, -1).replaceAll('\\"', '"')
  if (/^'.*'$/.test(trimmed)) return trimmed.slice(1, -1).replaceAll("''", "'")
  return trimmed
}

/** The `paths:` section cut into one block of lines per path. */
function pathBlocks(lines: string[]): PathBlock[] {
  const start = lines.findIndex((line) => /^paths *: *$/.test(line))
  if (start === -1) return []
  const blocks: PathBlock[] = []
  let pathIndent = -1
  for (let at = start + 1; at < lines.length; at++) {
    const line = lines[at]
    if (line.trim() === '' || line.trimStart().startsWith('#')) {
      blocks.at(-1)?.lines.push(line)
      continue
    }

    const indent = indentOf(line)
    if (pathIndent === -1) pathIndent = indent
    if (indent === 0 && isKeyLine(line)) break
    const key = /^ *(.+?) *: *$/.exec(line)
    if (indent === pathIndent && key && unquote(key[1]).startsWith('/')) {
      blocks.push({lines: [line], path: unquote(key[1])})
    } else {
      blocks.at(-1)?.lines.push(line)
    }
  }

  return blocks
}

/** The operations of a path block that does not parse, read from its lines. */
function salvage(block: PathBlock): Operation[] {
  const operations: Operation[] = []
  let methodIndent = -1
  for (const line of block.lines.slice(1)) {
    const method = METHOD_LINE.exec(line)
    if (method && (methodIndent === -1 || indentOf(line) === methodIndent)) {
      methodIndent = indentOf(line)
      operations.push({deprecated: false, method: method[1].toUpperCase(), path: block.path, summary: ''})
      continue
    }

    const current = operations.at(-1)
    const field = /^ *(summary|deprecated) *: *(.*)$/.exec(line)
    if (!current || !field || indentOf(line) <= methodIndent) continue
    if (field[1] === 'summary' && !current.summary) current.summary = oneLine(unquote(field[2]), 200)
    if (field[1] === 'deprecated') current.deprecated = field[2].trim() === 'true'
  }

  return operations
}

/** Every operation of the description in `text`; `source` names it in errors. */
export function loadDescription(text: string, source: string): LoadedDescription {
  if (text.trim() === '') throw usageError(`the API description ${source} is empty`)
  const {repaired, text: repairedText} = repairIndentation(text.replace(/^\uFEFF/, ''))
  const document = parseDocument(repairedText, {prettyErrors: false, uniqueKeys: false})
  if (document.errors.length === 0) {
    const root: unknown = document.toJS({maxAliasCount: 1000})
    if (!isRecord<Json>(root) || !isRecord<Json>(root.paths)) throw usageError(`${source} is not an OpenAPI description: it has no "paths"`)
    const operations = Object.entries(root.paths).flatMap(([path, item]) => operationsOf(path, item, root))
    return {operations, repaired, skipped: 0}
  }

  const blocks = pathBlocks(repairedText.split('\n'))
  if (blocks.length === 0) throw usageError(`${source} is not an OpenAPI description: it does not parse and has no "paths" section`)
  const operations: Operation[] = []
  let skipped = 0
  for (const block of blocks) {
    const part = parseDocument(block.lines.join('\n'), {prettyErrors: false, uniqueKeys: false})
    const parsed: unknown = part.errors.length === 0 ? part.toJS({maxAliasCount: 1000}) : undefined
    if (isRecord<Json>(parsed)) {
      for (const [path, item] of Object.entries(parsed)) operations.push(...operationsOf(path, item, undefined))
    } else {
      skipped++
      operations.push(...salvage(block))
    }
  }

  return {operations, repaired, skipped}
}
