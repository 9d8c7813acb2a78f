import {Ajv} from 'ajv'
import {expect} from 'chai'
import {parse} from 'yaml'

import {CliFailure} from '../../../src/lib/core/errors.ts'
import {BUILTIN_OPERATIONS} from '../../../src/lib/description/builtin.ts'
import {loadDescription} from '../../../src/lib/description/openapi-load.ts'
import {repairIndentation} from '../../../src/lib/description/yaml-repair.ts'
import {declaredOperations, loadedPublished, publishedText} from './published-description.ts'

const key = (operation: {method: string; path: string}) => `${operation.method} ${operation.path}`

describe('API description loader', () => {
  describe('the built-in description', () => {
    it('holds the endpoints the contract documents and those the tool’s commands use, each body schema compiling', () => {
      expect(BUILTIN_OPERATIONS.map((operation) => key(operation)).sort()).to.deep.equal([
        'DELETE /mail/v4/labels/{labelID}',
        'GET /calendar/v1',
        'GET /core/v4/addresses',
        'GET /core/v4/users',
        'GET /drive/volumes',
        'GET /mail/v4/labels',
        'GET /mail/v4/messages',
        'POST /calendar/v1',
        'POST /mail/v4/filters',
        'POST /mail/v4/labels',
      ])
      const ajv = new Ajv({strict: true})
      const label = ajv.compile(BUILTIN_OPERATIONS.find((operation) => key(operation) === 'POST /mail/v4/labels')!.body!)
      expect(label({Color: '#8080FF', Name: 'Receipts', Type: 1})).to.equal(true)
      expect(label({Color: 'blue', Name: 'Receipts', Type: 9})).to.equal(false)
      // The web client's Sieve filter, whose Version the published description types as a string.
      const filter = ajv.compile(BUILTIN_OPERATIONS.find((operation) => key(operation) === 'POST /mail/v4/filters')!.body!)
      expect(filter({Name: 'Receipts', Sieve: 'keep;', Version: 2})).to.equal(true)
      expect(filter({Name: 'Receipts', Sieve: 'keep;', Version: '2'})).to.equal(false)
    })
  })

  describe('the published description (vendor/openapi.yaml)', () => {
    const text = publishedText()
    const declared = declaredOperations(text)
    const loaded = loadedPublished()

    it('is not valid YAML as published', () => {
      expect(() => parse(text)).to.throw()
    })

    it('yields at least 720 of the operations its text declares, and reports the repaired blocks', () => {
      expect(declared.size).to.be.greaterThan(700)
      const found = new Set(loaded.operations.map((operation) => key(operation)))
      const missing = [...declared].filter((operation) => !found.has(operation))
      expect(declared.size - missing.length, `missing: ${missing.slice(0, 10).join(', ')}`).to.be.at.least(720)
      expect(missing.length, `missing: ${missing.join(', ')}`).to.be.at.most(5)
      expect(loaded.repaired).to.be.greaterThan(0)
      expect(loaded.skipped).to.equal(0)
    })

    it('keeps summaries, query parameters, deprecation and request-body schemas', () => {
      const byKey = new Map(loaded.operations.map((operation) => [key(operation), operation]))
      // Its description is one of the unindented multi-line texts.
      expect(byKey.get('GET /core/v4/features')?.query?.map((parameter) => parameter.name)).to.deep.equal(['Code', 'Limit'])
      expect(byKey.get('GET /mail/v4/messages')?.summary).to.equal('Query Message Metadata')
      expect(loaded.operations.filter((operation) => operation.deprecated)).to.have.length(1)
      const createLabel = byKey.get('POST /core/v4/labels')?.body as {properties: Record<string, unknown>}
      expect(createLabel.properties.Name).to.deep.equal({type: 'string'})
      expect(loaded.operations.filter((operation) => operation.body).length).to.be.greaterThan(150)
    })
  })

  describe('damaged input', () => {
    it('reads a path that still does not parse from its text, counts it skipped, and loads the rest', () => {
      const text = publishedText().replace('  /core/v4/users:\n    get:\n', '  /core/v4/users:\n    get:\n      tags: [Core\n      : : broken\n')
      const loaded = loadDescription(text, 'corrupt.yaml')
      expect(loaded.skipped).to.equal(1)
      const users = loaded.operations.filter((operation) => operation.path === '/core/v4/users')
      expect(users.map((operation) => operation.method)).to.deep.equal(['GET', 'POST'])
      expect(users[1].summary).to.equal('Query Create User')
      expect(loaded.operations.length).to.be.at.least(720)
    })

    it('refuses an empty file, one with no paths, and one that is not a description, with one clear line', () => {
      for (const [text, message] of [
        ['', /the API description empty\.yaml is empty/],
        ['  \n\n', /is empty/],
        ['openapi: 3.1.0\ninfo: {title: x}\n', /not an OpenAPI description: it has no "paths"/],
        ['<html><body>502</body></html>\n: :\n  - x', /not an OpenAPI description/],
      ] as const) {
        expect(() => loadDescription(text, 'empty.yaml')).to.throw(CliFailure, message)
      }
    })
  })

  describe('repairIndentation', () => {
    it('re-indents unindented quoted, plain and block text so that it parses to the same words', () => {
      const text = ['a:', '  one: "first line', 'second line"', '  two: plain start', 'plain continued', '  three: |', '    block start', 'block continued', '  four: ok'].join('\n')
      expect(() => parse(text)).to.throw()
      const {repaired, text: fixed} = repairIndentation(text)
      expect(repaired).to.equal(3)
      expect(parse(fixed)).to.deep.equal({
        a: {four: 'ok', one: 'first line second line', three: 'block start\nblock continued\n', two: 'plain start plain continued'},
      })
    })

    it('leaves valid YAML untouched', () => {
      const text = 'x:\n  y: "a: b"\n  z: |\n    text\n  w:\n    - 1\n'
      expect(repairIndentation(text)).to.deep.equal({repaired: 0, text})
    })
  })
})
