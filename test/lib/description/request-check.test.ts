import {expect} from 'chai'
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {standaloneNames} from '../../../src/lib/core/command-names.ts'
import {CliFailure} from '../../../src/lib/core/errors.ts'
import {BUILTIN_OPERATIONS} from '../../../src/lib/description/builtin.ts'
import {checkRequest, findProblems as findAll, type RequestToCheck} from '../../../src/lib/description/request-check.ts'
import type {Operation} from '../../../src/lib/description/types.ts'
import {SHIPPED_FORMAT} from '../../../src/lib/description/shipped.ts'
import {descriptionFile, mergeWithBuiltin} from '../../../src/lib/description/store.ts'
import {loadedPublished} from './published-description.ts'

const request = (method: string, endpoint: string, extra: Partial<RequestToCheck> = {}): RequestToCheck => ({endpoint, method, query: [], ...extra})
const body = (value: unknown) => Buffer.from(JSON.stringify(value))
const findProblems = async (operations: readonly Operation[], each: RequestToCheck) => (await findAll(operations, each)).map((problem) => problem.message)

describe('request check against the API description', () => {
  describe('with the built-in description', () => {
    it('says when an operation is not in the description, with the nearest known ones', async () => {
      expect(await findProblems(BUILTIN_OPERATIONS, request('GET', '/core/v4/user'))).to.deep.equal([
        'GET /core/v4/user is not in the API description; nearest known: GET /core/v4/users, GET /core/v4/addresses',
      ])
      expect(await findProblems(BUILTIN_OPERATIONS, request('GET', '/zzz/qqq/www/eee/rrr'))).to.deep.equal(['GET /zzz/qqq/www/eee/rrr is not in the API description'])
    })

    it('finds nothing wrong with requests the contract documents', async () => {
      const good = [
        request('GET', '/mail/v4/messages', {
          query: [
            ['Page', '0'],
            ['PageSize', '25'],
          ],
        }),
        request('GET', '/mail/v4/messages?Page=1'),
        request('POST', '/calendar/v1', {body: body({AddressID: 'a1', Color: '#7272a7', Display: 1, Name: 'Work'})}),
        request('POST', '/mail/v4/labels', {body: body({Color: '#8080FF', Name: 'Receipts', Type: 1})}),
        request('DELETE', '/mail/v4/labels/l1'),
        request('HEAD', '/drive/volumes'),
      ]
      for (const each of good) expect(await findProblems(BUILTIN_OPERATIONS, each), each.endpoint).to.deep.equal([])
    })

    it('reports a body that does not fit, and undeclared or mistyped query parameters', async () => {
      const [label] = await findProblems(BUILTIN_OPERATIONS, request('POST', '/mail/v4/labels', {body: body({Color: 'blue', Type: 7})}))
      expect(label).to.equal(
        '--body does not fit POST /mail/v4/labels in the API description: the body must have required property \'Name\', /Color must match pattern "^#[0-9A-Fa-f]{6}$", /Type must be equal to one of the allowed values (1, 2, 3, 4)',
      )
      expect(await findProblems(BUILTIN_OPERATIONS, request('GET', '/mail/v4/messages?Sort=Time', {query: [['Page', 'first']]}))).to.deep.equal([
        'query parameter "Sort" is not declared for GET /mail/v4/messages in the API description',
        'query parameter Page="first": the API description says Page is an integer',
      ])
    })
  })

  describe('with the published description: its flaws never make a valid request wrong', () => {
    const operations = mergeWithBuiltin(loadedPublished().operations)
    const valid: Array<[string, string, unknown]> = [
      // Described as an object whose properties are Array's methods (length, push …); the service takes {IDs: [...]}.
      ['PUT', '/mail/v4/messages/read', {IDs: ['m1', 'm2']}],
      // Described as String's methods (charAt, concat …).
      ['PUT', '/core/v4/settings/locale', {Locale: 'en_US'}],
      // Lists described as bare objects.
      ['POST', '/calendar/v1/keys/reset', {CalendarKeys: [{ID: 'c1'}]}],
      ['POST', '/core/v4/keys/migrate', {AddressKeys: [], SignedKeyLists: [{Data: 'd', Signature: 's'}]}],
      // Optional properties described as string+nullable whatever they are: numbers, booleans, null.
      ['POST', '/core/v4/labels', {Color: '#8080FF', Expanded: 1, Name: 'n', Notify: 0, ParentID: null, Type: 1}],
      ['PUT', '/calendar/v1/{calendarID}/members/{memberID}', {Color: '#7272a7', Display: 0}],
      ['PUT', '/calendar/v1/{calendarID}/settings', {DefaultEventDuration: 30, DefaultFullDayNotifications: []}],
    ]
    for (const [method, path, value] of valid) {
      it(`${method} ${path}`, async () => {
        const concrete = path.replaceAll(/\{[^}]+\}/g, 'id1')
        expect(await findProblems(operations, request(method, concrete, {body: body(value)}))).to.deep.equal([])
      })
    }

    it('still reports what it can rely on: a known field of the wrong type', async () => {
      const [problem] = await findProblems(operations, request('POST', '/core/v4/labels', {body: body({Name: 42})}))
      expect(problem).to.equal('--body does not fit POST /core/v4/labels in the API description: /Name must be string')
    })
  })

  describe('checkRequest', () => {
    let cacheDir: string
    beforeEach(() => {
      cacheDir = mkdtempSync(join(tmpdir(), 'proton-cli-check-'))
    })
    afterEach(() => rmSync(cacheDir, {force: true, recursive: true}))

    it('warns by default and refuses with strict (exit 1)', async () => {
      const warnings: string[] = []
      await checkRequest(request('GET', '/core/v4/user'), {cacheDir, names: standaloneNames('proton'), strict: false, warn: (line) => warnings.push(line)})
      expect(warnings).to.deep.equal([
        'Warning: GET /core/v4/user is not in the API description; nearest known: GET /core/v4/users, GET /core/v4/addresses (only the built-in description is installed; "proton api spec update --from FILE|URL" adds the full one)',
      ])
      const refusal = await checkRequest(request('GET', '/core/v4/user'), {cacheDir, names: standaloneNames('proton'), strict: true, warn: (line) => warnings.push(line)}).catch((error) => error)
      expect(refusal).to.be.instanceOf(CliFailure)
      expect(refusal.exitStatus).to.equal(1)
      expect(refusal.message).to.equal(
        `GET /core/v4/user is not in the API description; nearest known: GET /core/v4/users, GET /core/v4/addresses (only the built-in description is installed; "proton api spec update --from FILE|URL" adds the full one) (--strict: nothing sent)`,
      )
      expect(warnings).to.have.length(1)
    })

    describe('with a shipped description', () => {
      let shippedFile: string
      beforeEach(() => {
        shippedFile = join(cacheDir, 'published.json')
        writeFileSync(shippedFile, JSON.stringify({format: SHIPPED_FORMAT, sha256: '0', source: 'vendor/openapi.yaml', ...loadedPublished()}))
      })

      it('knows the published operations, and an unknown one gets no hint to install a fuller description', async () => {
        const warnings: string[] = []
        const options = {names: standaloneNames('proton'), cacheDir, shippedFile, strict: false, warn: (line: string) => warnings.push(line)}
        await checkRequest(request('GET', '/mail/v4/conversations'), options)
        await checkRequest(request('PUT', '/mail/v4/messages/read', {body: body({IDs: ['m1']})}), options)
        expect(warnings).to.deep.equal([])
        await checkRequest(request('GET', '/mail/v4/conversationz'), options)
        expect(warnings).to.have.length(1)
        expect(warnings[0]).to.match(/^Warning: GET \/mail\/v4\/conversationz is not in the API description; nearest known: GET \/mail\/v4\/conversations\b[^(]*$/)
      })

      it('is used, and the problem named, when the stored description cannot be read', async () => {
        mkdirSync(join(cacheDir, 'api-description'))
        writeFileSync(descriptionFile(cacheDir), '{')
        const warnings: string[] = []
        await checkRequest(request('GET', '/mail/v4/conversations'), {names: standaloneNames('proton'), cacheDir, shippedFile, strict: true, warn: (line) => warnings.push(line)})
        expect(warnings).to.deep.equal([`Warning: ${descriptionFile(cacheDir)} is not valid JSON; using the shipped API description (run "proton api spec update")`])
      })
    })
  })
})
